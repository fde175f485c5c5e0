import { getEventListeners } from 'node:events';
import type {
  ChatModel,
  GenerateOptions,
  GenerateResult,
  KnowledgeStore,
  MultiHopAnswer,
  MultiHopEvent,
  PlannerName,
} from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import type { MultiHopConfigInput } from '../config.js';
import {
  citeLineWith,
  engineWorldItems,
  FakeChatModel,
  InMemoryStore,
  InstrumentedStore,
  lastAnswerComposition,
  placeholderGrounding,
  ScriptedExtractor,
} from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

const question = 'What university did the director of Inception attend?';
const chainPlan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who directed Inception?', refs: [] },
    { id: 1, question: 'What university did [director] attend?', refs: [0] },
  ],
});
const extractor = () =>
  new ScriptedExtractor([
    { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
    {
      match: 'What university did Christopher Nolan attend',
      answer: 'University College London',
      confidence: 0.9,
    },
  ]);

/** A model whose server reports no usage (zeros), as some OpenAI-compatible servers do. */
class SilentUsageModel implements ChatModel {
  readonly modelId = 'silent';
  constructor(private readonly inner: FakeChatModel) {}
  async generate(options: GenerateOptions): Promise<GenerateResult> {
    const result = await this.inner.generate(options);
    return { ...result, usage: { inputTokens: 0, outputTokens: 0 } };
  }
}

function model(): FakeChatModel {
  return new FakeChatModel()
    .on('Decompose the question into atomic', chainPlan)
    .on(
      'by multi-hop reasoning',
      '["Who directed Inception?", "What university did Christopher Nolan attend?"]',
    )
    .on('Is more retrieval needed?', '[]')
    .on('in the order they should be searched', '["Who directed Inception?"]')
    .on('Sub-questions, answers and evidence', citeLineWith('Nolan attend', 'University College London'))
    .on('Answer from the numbered evidence', citeLineWith('Nolan attend', 'University College London'));
}

function engine(
  chatModel: ChatModel,
  planner: PlannerName = 'compact',
  options: { store?: KnowledgeStore; config?: MultiHopConfigInput } = {},
) {
  return new MultiHopRAG({
    chatModel,
    store: options.store ?? new InMemoryStore({ items: engineWorldItems }),
    extractor: extractor(),
    answerPolicy: { ground: placeholderGrounding, compose: lastAnswerComposition },
    tokenCounter: { family: 'characters', count: (text) => text.length },
    config: { planner, retrievalMode: 'lexical', topK: 3, ...options.config },
  });
}

describe('MultiHopRAG', () => {
  it('uses the planner of the request over the configured one', async () => {
    const rag = engine(model(), 'compact');
    expect((await rag.ask(question)).planner).toBe('compact');
    const adaptive = await rag.ask(question, { planner: 'adaptive' });
    expect(adaptive.planner).toBe('adaptive');
    expect(adaptive.hops[0]?.kind).toBe('decompose');
    expect(adaptive.usage.byStage.decide?.calls).toBe(1);
    expect((await rag.ask(question, { planner: 'keyterm' })).hops[0]?.kind).toBe('select');
  });

  it('uses the synthesis mode of the request over the configured one', async () => {
    const chatModel = model();
    const rag = engine(chatModel);
    const composed = await rag.ask(question);
    expect(composed.synthesis.mode).toBe('composed');
    const called = await rag.ask(question, { synthesis: 'llm' });
    expect(called.synthesis.mode).toBe('llm');
    expect(called.usage.llmCalls).toBe(2);
  });

  it('counts tokens with the TokenCounter when the model reports no usage', async () => {
    const fake = model();
    const answer = await engine(new SilentUsageModel(fake)).ask(question, { synthesis: 'llm' });
    const prompts = fake.calls.map((call) =>
      call.messages.map((message) => message.content.length).reduce((a, b) => a + b, 0),
    );
    expect(answer.usage.inputTokens).toBe(prompts.reduce((a, b) => a + b, 0));
    expect(answer.usage.byStage.decompose?.inputTokens).toBe(prompts[0]);
    expect(answer.usage.outputTokens).toBeGreaterThan(0);
  });

  it('uses the reported usage when there is some', async () => {
    const fake = model();
    const answer = await engine(fake).ask(question);
    const words = (fake.calls[0]?.messages ?? []).reduce(
      (sum, message) => sum + message.content.split(/\s+/).filter(Boolean).length,
      0,
    );
    expect(answer.usage.byStage.decompose?.inputTokens).toBe(words);
  });

  it('multiHopSearch never makes the synthesis call', async () => {
    for (const planner of ['compact', 'adaptive', 'keyterm'] as const) {
      const chatModel = model();
      const result = await engine(chatModel, planner).multiHopSearch(question, { synthesis: 'llm' });
      expect(result.usage.byStage.synthesize).toBeUndefined();
      expect(result.pool.length).toBeGreaterThan(0);
      expect(result.finalContext).toBe(result.fullContext);
      expect(result.planner).toBe(planner);
    }
  });

  it('rejects an unknown planner with invalid-input', async () => {
    const error = await engine(model())
      .ask(question, { planner: 'graph' as PlannerName })
      .catch((caught: unknown) => caught);
    expect(isRootweaverError(error, 'invalid-input')).toBe(true);
  });

  it('lets LLM transport errors through', async () => {
    const failing = new FakeChatModel().on('Decompose', {
      error: new Error('connection refused'),
    });
    await expect(engine(failing).ask(question)).rejects.toThrow('connection refused');
  });

  it('honours a configured maxQuestionChars', async () => {
    const rag = new MultiHopRAG({ store: new InMemoryStore(), maxQuestionChars: 10 });
    await expect(rag.ask('This question is too long')).rejects.toSatisfy((error) =>
      isRootweaverError(error, 'invalid-input'),
    );
  });
});

/** A port that, like the openai SDK, adds an abort listener to every call's signal and never removes it. */
class ListenerLeakingModel implements ChatModel {
  readonly modelId = 'leaking';
  readonly signals: AbortSignal[] = [];
  constructor(private readonly inner: FakeChatModel) {}
  async generate(options: GenerateOptions): Promise<GenerateResult> {
    if (options.signal !== undefined) {
      this.signals.push(options.signal);
      options.signal.addEventListener('abort', () => undefined, { once: true });
    }
    return this.inner.generate(options);
  }
}

describe('MultiHopRAG and the caller’s AbortSignal', () => {
  it('gives the ports a signal of the run: a signal shared by many questions gathers no listeners', async () => {
    const controller = new AbortController();
    const chatModel = new ListenerLeakingModel(model());
    const rag = engine(chatModel, 'adaptive');
    for (let round = 0; round < 12; round += 1) {
      const answer = await rag.ask(question, { signal: controller.signal });
      expect(answer.refusal).toBeUndefined();
    }
    expect(chatModel.signals.length).toBeGreaterThanOrEqual(12 * 3);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(chatModel.signals.every((signal) => signal !== controller.signal)).toBe(true);
  });

  it('still cancels the ports at once when the caller’s signal fires', async () => {
    const controller = new AbortController();
    const seen: AbortSignal[] = [];
    const slow = new FakeChatModel().on('Decompose the question into atomic', chainPlan, { delayMs: 60_000 });
    const rag = engine(
      {
        modelId: 'watching',
        generate: (options) => {
          if (options.signal !== undefined) seen.push(options.signal);
          setTimeout(() => controller.abort(new Error('user left')), 5);
          return slow.generate(options);
        },
      },
      'compact',
    );
    const answer = await rag.ask(question, { signal: controller.signal });
    expect(answer.refusal).toBe('aborted');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted).toBe(true);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

/** The answer without wall-clock figures, which differ from run to run. */
function timeless(answer: MultiHopAnswer): unknown {
  return JSON.parse(JSON.stringify(answer, (key, value) => (/latency|Ms$/i.test(key) ? undefined : value)));
}

async function collect(events: AsyncIterable<MultiHopEvent>): Promise<MultiHopEvent[]> {
  const seen: MultiHopEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** A store that ignores the signal and answers in a minute: only the run's cancellation ends a search. */
const stuckStore = () =>
  new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), {
    delayMs: 60_000,
    ignoreSignal: true,
  });

describe('MultiHopRAG.stream', () => {
  const streaming = { config: { synthesis: 'llm' as const, compactionEnabled: true } };

  it.each(['compact', 'adaptive', 'keyterm'] as PlannerName[])(
    '%s: yields every event ask emits, in order, ending with the answer ask gives',
    async (planner) => {
      const asked: MultiHopEvent[] = [];
      const answer = await engine(model(), planner, streaming).ask(question, {
        onEvent: (event) => asked.push(event),
      });
      const streamed = await collect(engine(model(), planner, streaming).stream(question));
      expect(streamed.map((event) => event.type)).toEqual(asked.map((event) => event.type));
      expect(streamed.map((event) => event.type)).toContain('answer-delta');
      const finished = streamed.at(-1);
      if (finished?.type !== 'finished') throw new Error('no finished event');
      expect(timeless(finished.answer)).toEqual(timeless(answer));
    },
  );

  it('also feeds the caller’s onEvent, and starts the run only when the iteration starts', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }));
    const observed: string[] = [];
    const events = engine(model(), 'compact', { store }).stream(question, {
      onEvent: (event) => observed.push(event.type),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.log).toHaveLength(0);
    const streamed = await collect(events);
    expect(observed).toEqual(streamed.map((event) => event.type));
    expect(store.log.length).toBeGreaterThan(0);
  });

  it('cancels the run when the loop is left early, through the same path as an AbortSignal', async () => {
    const observed: MultiHopEvent[] = [];
    const seen: string[] = [];
    const rag = engine(model(), 'compact', { store: stuckStore() });
    for await (const event of rag.stream(question, { onEvent: (event) => observed.push(event) })) {
      seen.push(event.type);
      if (event.type === 'node-started') break;
    }
    expect(seen).toEqual(['hop-started', 'plan', 'hop-started', 'node-started']);
    const finished = observed.at(-1);
    expect(finished?.type).toBe('finished');
    if (finished?.type === 'finished') {
      expect(finished.answer.refusal).toBe('aborted');
      expect(finished.answer.plan?.nodes).toHaveLength(2);
    }
  });

  it('cancels the run when the loop body throws, and rethrows that error', async () => {
    const rag = engine(model(), 'compact', { store: stuckStore() });
    const failing = async () => {
      for await (const event of rag.stream(question)) {
        if (event.type === 'node-started') throw new Error('renderer crashed');
      }
    };
    await expect(failing()).rejects.toThrow('renderer crashed');
  });

  it('ends with refusal aborted when the caller’s signal fires, and leaves no listener on it', async () => {
    const store = stuckStore();
    const controller = new AbortController();
    void store.nextSearchStarted().then(() => controller.abort());
    const events = await collect(
      engine(model(), 'compact', { store }).stream(question, { signal: controller.signal }),
    );
    const finished = events.at(-1);
    expect(finished?.type === 'finished' && finished.answer.refusal).toBe('aborted');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('throws what ask throws: an empty question is invalid-input, before any event', async () => {
    const events: MultiHopEvent[] = [];
    await expect(
      (async () => {
        for await (const event of engine(model()).stream('   ')) events.push(event);
      })(),
    ).rejects.toSatisfy((error) => isRootweaverError(error, 'invalid-input'));
    expect(events).toEqual([]);
  });
});
