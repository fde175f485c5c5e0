import type { MultiHopEvent } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import {
  FakeChatModel,
  founderChainItems,
  InMemoryStore,
  InstrumentedStore,
  lastAnswerComposition,
  placeholderGrounding,
  promptOf,
  ScriptedExtractor,
} from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

const question = 'Where was the founder of Vorn Keep born?';
const plan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who founded Vorn Keep?', refs: [] },
    { id: 1, question: 'Where was [founder] born?', refs: [0] },
  ],
});

function engine(options: { items?: typeof founderChainItems } = {}) {
  // The second hop is answered below the threshold: `ask` would make the synthesis call.
  const chatModel = new FakeChatModel()
    .on('Decompose the question into atomic', plan)
    .on('Answer from the numbered evidence', 'Quillmoor [2]');
  const store = new InstrumentedStore(new InMemoryStore({ items: options.items ?? founderChainItems }));
  const rag = new MultiHopRAG({
    chatModel,
    store,
    extractor: new ScriptedExtractor([
      { match: 'Who founded Vorn Keep', answer: 'Tessaly Marrow', confidence: 0.9 },
      { match: 'Where was Tessaly Marrow born', answer: 'Quillmoor', confidence: 0.2 },
    ]),
    answerPolicy: { ground: placeholderGrounding, compose: lastAnswerComposition },
    config: { planner: 'compact', retrievalMode: 'lexical', topK: 2 },
  });
  return { rag, chatModel, store };
}

describe('MultiHopRAG.retrieve', () => {
  it('runs the plan, grounding, retrieval and node answers and returns the pool as evidence, with no synthesis call', async () => {
    const { rag, chatModel, store } = engine();
    const result = await rag.retrieve(question, { synthesis: 'llm' });
    expect(chatModel.calls.map(promptOf).some((prompt) => /numbered evidence/.test(prompt))).toBe(false);
    expect(result.usage.llmCalls).toBe(1);
    expect(result.usage.byStage.synthesize).toBeUndefined();
    expect(store.log.filter((entry) => entry.event === 'start')).toHaveLength(2);
    // The dependent node was grounded with the first node's extracted answer.
    expect(result.nodes.map((node) => [node.id, node.groundedQuestion, node.answer])).toEqual([
      [0, 'Who founded Vorn Keep?', 'Tessaly Marrow'],
      [1, 'Where was Tessaly Marrow born?', 'Quillmoor'],
    ]);
    expect(result.subQuestions).toEqual(['Who founded Vorn Keep?', 'Where was Tessaly Marrow born?']);
    expect(result.plan?.source).toBe('llm');
    expect(result.refusal).toBeUndefined();
    // Markers in pool order; each item knows the node that retrieved it and the nodes it supports.
    expect(result.evidence.map((item) => item.marker)).toEqual(result.evidence.map((_, index) => index + 1));
    const byId = new Map(result.evidence.map((item) => [item.id, item]));
    expect(byId.get('a')).toMatchObject({
      nodeId: 0,
      subQuestion: 'Who founded Vorn Keep?',
      evidenceFor: [0],
    });
    expect(byId.get('b')).toMatchObject({
      nodeId: 1,
      subQuestion: 'Where was Tessaly Marrow born?',
      evidenceFor: [1],
      kind: 'qa',
      answer: 'Quillmoor',
    });
    for (const item of result.evidence) {
      expect(item.score).toBeGreaterThan(0);
      expect(item.rank).toBeGreaterThanOrEqual(1);
    }
  });

  it('gathers what ask gathers: the same pool, plan and node answers', async () => {
    const retrieved = await engine().rag.retrieve(question);
    const answered = await engine().rag.ask(question, { synthesis: 'extractive' });
    expect(retrieved.evidence.map(({ marker: _m, nodeId: _n, evidenceFor: _e, ...item }) => item)).toEqual(
      answered.pool,
    );
    expect(retrieved.plan).toEqual(answered.plan);
  });

  it('reports the run events it passes through, and no finished event', async () => {
    const events: MultiHopEvent['type'][] = [];
    await engine().rag.retrieve(question, { onEvent: (event) => events.push(event.type) });
    expect(events).toContain('node-answered');
    expect(events).not.toContain('finished');
    expect(events).not.toContain('answer-delta');
  });

  it('an empty store is refusal no-evidence; a cancelled run is refusal aborted; a bad question throws', async () => {
    expect((await engine({ items: [] }).rag.retrieve(question)).refusal).toBe('no-evidence');
    const cancelled = await engine().rag.retrieve(question, { signal: AbortSignal.abort() });
    expect(cancelled.refusal).toBe('aborted');
    expect(cancelled.evidence).toEqual([]);
    const thrown = await engine()
      .rag.retrieve('  ')
      .catch((error: unknown) => error);
    expect(isRootweaverError(thrown, 'invalid-input')).toBe(true);
  });

  it('retrieveSinglePass retrieves once with the whole question', async () => {
    const { rag, store } = engine();
    const result = await rag.retrieveSinglePass(question);
    expect(result.planner).toBe('single-pass');
    expect(store.log.filter((entry) => entry.event === 'start')).toHaveLength(1);
    expect(result.evidence.every((item) => item.subQuestion === question)).toBe(true);
    expect(result.usage.llmCalls).toBe(0);
  });
});
