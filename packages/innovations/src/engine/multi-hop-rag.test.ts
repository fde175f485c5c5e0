import { getEventListeners } from 'node:events';
import type { ChatModel, GenerateOptions, GenerateResult, PlannerName } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import {
  citeLineWith,
  engineWorldItems,
  FakeChatModel,
  InMemoryStore,
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

function engine(chatModel: ChatModel, planner: PlannerName = 'compact') {
  return new MultiHopRAG({
    chatModel,
    store: new InMemoryStore({ items: engineWorldItems }),
    extractor: extractor(),
    answerPolicy: { ground: placeholderGrounding, compose: lastAnswerComposition },
    tokenCounter: { family: 'characters', count: (text) => text.length },
    config: { planner, retrievalMode: 'lexical', topK: 3 },
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
