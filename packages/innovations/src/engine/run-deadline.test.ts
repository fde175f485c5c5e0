import type { ChatModel, GenerateOptions, GenerateResult, PlannerName } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { FakeChatModel, founderChainItems, InMemoryStore, ScriptedExtractor } from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

const items = founderChainItems;
const question = 'Where was the founder of Vorn Keep born?';
const plan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who founded Vorn Keep?', refs: [] },
    { id: 1, question: 'Where was [founder] born?', refs: [0] },
  ],
});
const extractor = () =>
  new ScriptedExtractor([
    { match: 'Who founded Vorn Keep', answer: 'Tessaly Marrow', confidence: 0.9 },
    { match: 'Where was Tessaly Marrow born', answer: 'Quillmoor', confidence: 0.9 },
  ]);

/** A model that answers the decomposition and then never answers again, ignoring its signal. */
class HangingAfterPlanModel implements ChatModel {
  readonly modelId = 'hanging';
  private readonly inner = new FakeChatModel().on('Decompose the question into atomic', plan);
  async generate(options: GenerateOptions): Promise<GenerateResult> {
    const prompt = options.messages.at(-1)?.content ?? '';
    if (prompt.includes('Decompose the question into atomic')) return this.inner.generate(options);
    return new Promise<GenerateResult>(() => undefined);
  }
}

/** A model that never answers at all. */
class SilentModel implements ChatModel {
  readonly modelId = 'silent';
  generate(): Promise<GenerateResult> {
    return new Promise<GenerateResult>(() => undefined);
  }
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe('the whole-run deadline (deadline_ms)', () => {
  it('ends a compact run whose synthesis hangs in a normal answer from the nodes, forcedStop deadline', async () => {
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items }),
      chatModel: new HangingAfterPlanModel(),
      extractor: extractor(),
      config: { deadlineMs: 300, synthesis: 'llm' },
    });
    const { value: answer, ms } = await timed(rag.ask(question));
    expect(ms).toBeLessThan(1_300);
    expect(answer.forcedStop).toBe('deadline');
    expect(answer.refusal).toBeUndefined();
    expect(answer.answer).toBe('Quillmoor');
    expect(answer.synthesis).toEqual({ mode: 'extractive', reason: 'deadline' });
    expect(answer.hops.map((hop) => hop.kind)).toEqual(['decompose', 'retrieve', 'retrieve', 'compose']);
    expect(answer.hops.at(-1)?.forcedStop).toBe('deadline');
    expect(answer.citations.map((citation) => citation.itemId)).toContain('b');
  });

  it.each<PlannerName>(['compact', 'adaptive', 'keyterm'])(
    'ends a %s run whose every LLM call hangs at the deadline, with the partial trace',
    async (planner) => {
      const rag = new MultiHopRAG({
        store: new InMemoryStore({ items }),
        chatModel: new SilentModel(),
        extractor: extractor(),
        config: { deadlineMs: 200, planner },
      });
      const { value: answer, ms } = await timed(rag.ask(question));
      expect(ms).toBeLessThan(1_200);
      expect(answer.forcedStop).toBe('deadline');
      expect(answer.refusal === undefined || answer.refusal === 'budget-exhausted').toBe(true);
      expect(answer.hops.at(-1)?.forcedStop).toBe('deadline');
    },
  );

  it('takes a smaller per-request deadline, never a larger one', async () => {
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items }),
      chatModel: new SilentModel(),
      extractor: extractor(),
      config: { deadlineMs: 400 },
    });
    const shorter = await timed(rag.ask(question, { deadlineMs: 100 }));
    expect(shorter.value.forcedStop).toBe('deadline');
    expect(shorter.ms).toBeLessThan(350);
    const longer = await timed(rag.ask(question, { deadlineMs: 60_000 }));
    expect(longer.value.forcedStop).toBe('deadline');
    expect(longer.ms).toBeLessThan(1_400);
    await expect(rag.ask(question, { deadlineMs: -5 })).rejects.toSatisfy((error) =>
      isRootweaverError(error, 'invalid-input'),
    );
  });

  it('a caller abort stays a refusal aborted, not a deadline', async () => {
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items }),
      chatModel: new SilentModel(),
      config: { deadlineMs: 5_000 },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const answer = await rag.ask(question, { signal: controller.signal });
    expect(answer.refusal).toBe('aborted');
    expect(answer.forcedStop).toBeUndefined();
  });
});
