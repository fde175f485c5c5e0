import { getEventListeners } from 'node:events';
import type { MultiHopAnswer, MultiHopEvent } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import {
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

function engine(options: { store?: InstrumentedStore; chatModel?: FakeChatModel } = {}) {
  const chatModel =
    options.chatModel ??
    new FakeChatModel()
      .on('Decompose', chainPlan)
      .on('Sub-questions, answers', 'University College London [2]');
  return new MultiHopRAG({
    chatModel,
    store: options.store ?? new InMemoryStore({ items: engineWorldItems }),
    extractor: new ScriptedExtractor([
      { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
      { match: 'Nolan attend', answer: 'University College London', confidence: 0.9 },
    ]),
    answerPolicy: { ground: placeholderGrounding, compose: lastAnswerComposition },
    config: {
      planner: 'compact',
      retrievalMode: 'lexical',
      topK: 3,
      synthesis: 'llm',
      compactionEnabled: true,
    },
  });
}

/** The answer without wall-clock figures, which differ from run to run. */
function timeless(answer: MultiHopAnswer): unknown {
  return JSON.parse(JSON.stringify(answer, (key, value) => (/latency|Ms$/i.test(key) ? undefined : value)));
}

async function collect(events: AsyncIterable<MultiHopEvent>): Promise<MultiHopEvent[]> {
  const seen: MultiHopEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('MultiHopRAG.stream', () => {
  it('yields the run’s events as they happen and ends with the answer ask gives', async () => {
    const events = await collect(engine().stream(question));
    expect(events.map((event) => event.type)).toEqual([
      'hop-started',
      'plan',
      'hop-started',
      'node-started',
      'retrieved',
      'node-answered',
      'hop-started',
      'node-started',
      'retrieved',
      'node-answered',
      'compacted',
      'hop-started',
      'answer-delta',
      'answer-delta',
      'answer-delta',
      'answer-delta',
      'finished',
    ]);
    const finished = events.at(-1);
    if (finished?.type !== 'finished') throw new Error('no finished event');
    expect(timeless(finished.answer)).toEqual(timeless(await engine().ask(question)));
    const deltas = events.flatMap((event) => (event.type === 'answer-delta' ? [event.delta] : []));
    expect(deltas.join('')).toBe('University College London [2]');
  });

  it('also feeds the caller’s onEvent, and starts the run only when the iteration starts', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }));
    const observed: string[] = [];
    const events = engine({ store }).stream(question, { onEvent: (event) => observed.push(event.type) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.log).toHaveLength(0);
    const streamed = await collect(events);
    expect(observed).toEqual(streamed.map((event) => event.type));
    expect(store.log.length).toBeGreaterThan(0);
  });

  it('cancels the run when the loop is left early, through the same path as an AbortSignal', async () => {
    // The store ignores the signal and would answer in a minute: only the run's cancellation ends it.
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), {
      delayMs: 60_000,
      ignoreSignal: true,
    });
    const observed: MultiHopEvent[] = [];
    const started = performance.now();
    const seen: string[] = [];
    for await (const event of engine({ store }).stream(question, {
      onEvent: (event) => observed.push(event),
    })) {
      seen.push(event.type);
      if (event.type === 'node-started') break;
    }
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(seen).toEqual(['hop-started', 'plan', 'hop-started', 'node-started']);
    const finished = observed.at(-1);
    expect(finished?.type).toBe('finished');
    if (finished?.type === 'finished') {
      expect(finished.answer.refusal).toBe('aborted');
      expect(finished.answer.plan?.nodes).toHaveLength(2);
    }
  });

  it('cancels the run when the loop body throws, and rethrows that error', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), {
      delayMs: 60_000,
      ignoreSignal: true,
    });
    const failing = async () => {
      for await (const event of engine({ store }).stream(question)) {
        if (event.type === 'node-started') throw new Error('renderer crashed');
      }
    };
    await expect(failing()).rejects.toThrow('renderer crashed');
  });

  it('ends with refusal aborted when the caller’s signal fires, and leaves no listener on it', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), {
      delayMs: 60_000,
      ignoreSignal: true,
    });
    const controller = new AbortController();
    void store.nextSearchStarted().then(() => controller.abort());
    const events = await collect(engine({ store }).stream(question, { signal: controller.signal }));
    const finished = events.at(-1);
    expect(finished?.type === 'finished' && finished.answer.refusal).toBe('aborted');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('throws what ask throws: an empty question is invalid-input, before any event', async () => {
    const events: MultiHopEvent[] = [];
    await expect(
      (async () => {
        for await (const event of engine().stream('   ')) events.push(event);
      })(),
    ).rejects.toSatisfy((error) => isRootweaverError(error, 'invalid-input'));
    expect(events).toEqual([]);
  });
});
