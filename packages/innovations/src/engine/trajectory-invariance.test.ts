import type { MultiHopAnswer, Plan, PlannerName } from '@rootweaver/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  citeLineWith,
  engineWorldItems,
  FakeChatModel,
  InMemoryStore,
  lastAnswerComposition,
  placeholderGrounding,
  promptOf,
  ScriptedExtractor,
} from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

/**
 * ADR-077's revision, as a property: the full context drives every decision and only the synthesis
 * context is compacted, once, after the loop — so the hop trajectory (sub-questions, order, hop count,
 * pool ids) is identical with compaction on and off, at any budget.
 */

const comparison =
  'Which film has the director who died first, The Glass Orchard or Riders of the Salt Flats?';
const chain = 'What university did the director of Inception attend?';
const extractions = [
  { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
  {
    match: 'What university did Christopher Nolan attend',
    answer: 'University College London',
    confidence: 0.2,
  },
  { match: 'Who directed The Glass Orchard', answer: 'Anselm Varga', confidence: 0.9 },
  { match: 'Who directed Riders', answer: 'Corwin Hale', confidence: 0.9 },
  { match: 'When did Anselm Varga die', answer: '22 November 2013', confidence: 0.9 },
  { match: 'When did Corwin Hale die', answer: '5 December 1979', confidence: 0.25 },
];
const rulePlan: Plan = {
  source: 'rules',
  repairs: [],
  nodes: [
    { id: 0, question: 'Who directed Inception?', refs: [] },
    { id: 1, question: 'What university did [director] attend?', refs: [0] },
  ],
};

interface Scenario {
  readonly name: string;
  readonly planner: PlannerName;
  readonly question: string;
  readonly withModel: boolean;
  readonly model: () => FakeChatModel;
}

const scenarios: readonly Scenario[] = [
  {
    name: 'compact, 4-node comparison, LLM synthesis',
    planner: 'compact',
    question: comparison,
    withModel: true,
    model: () =>
      new FakeChatModel()
        .on(
          'Decompose the question into atomic',
          JSON.stringify([
            { index: 0, question: 'Who directed The Glass Orchard?', refs: [] },
            { index: 1, question: 'Who directed Riders of the Salt Flats?', refs: [] },
            { index: 2, question: 'When did [director of The Glass Orchard] die?', refs: [0] },
            { index: 3, question: 'When did [director of Riders of the Salt Flats] die?', refs: [1] },
          ]),
        )
        .on('Sub-questions, answers and evidence', citeLineWith('Hale', 'Riders of the Salt Flats')),
  },
  {
    name: 'compact without an LLM',
    planner: 'compact',
    question: chain,
    withModel: false,
    model: () => new FakeChatModel(),
  },
  {
    name: 'adaptive, two rounds',
    planner: 'adaptive',
    question: chain,
    withModel: true,
    model: () =>
      new FakeChatModel()
        .on('by multi-hop reasoning', '["Who directed Inception?", "Who produced Inception?"]')
        .on(
          (options) =>
            promptOf(options).includes('Is more retrieval needed?') &&
            !promptOf(options).includes('Christopher Nolan attend'),
          '["What university did Christopher Nolan attend?", "Where was Christopher Nolan born?"]',
        )
        .on('Is more retrieval needed?', '[]')
        .on('Answer from the numbered evidence', citeLineWith('Nolan attend', 'University College London')),
  },
  {
    name: 'keyterm with an LLM',
    planner: 'keyterm',
    question: chain,
    withModel: true,
    model: () =>
      new FakeChatModel()
        .on(
          (options) =>
            promptOf(options).includes('in the order they should be searched') &&
            promptOf(options).includes('Christopher Nolan'),
          '["Who directed Inception?", "What university did Christopher Nolan attend?", "Where was Christopher Nolan born?"]',
        )
        .on('in the order they should be searched', '["Who directed Inception?"]')
        .on('Answer from the numbered evidence', citeLineWith('Nolan attend', 'University College London')),
  },
  {
    name: 'keyterm without an LLM',
    planner: 'keyterm',
    question: chain,
    withModel: false,
    model: () => new FakeChatModel(),
  },
];

function run(
  scenario: Scenario,
  compaction: boolean,
  maxChars: number,
): { rag: MultiHopRAG; model: FakeChatModel } {
  const model = scenario.model();
  const rag = new MultiHopRAG({
    ...(scenario.withModel ? { chatModel: model } : {}),
    store: new InMemoryStore({ items: engineWorldItems }),
    extractor: new ScriptedExtractor(extractions),
    answerPolicy: {
      ground: placeholderGrounding,
      compose: lastAnswerComposition,
      decompose: () => rulePlan,
    },
    config: {
      planner: scenario.planner,
      retrievalMode: 'lexical',
      topK: 3,
      compactionEnabled: compaction,
      compactionMaxChars: maxChars,
      synthesis: 'llm',
    },
  });
  return { rag, model };
}

function trajectory(answer: MultiHopAnswer) {
  return {
    hops: answer.hops.map((hop) => ({
      iteration: hop.iteration,
      kind: hop.kind,
      subQuestions: hop.subQuestions,
      decision: hop.decision,
      itemsAdded: hop.itemsAdded,
      forcedStop: hop.forcedStop,
      nodes: hop.nodes?.map((node) => [node.groundedQuestion, node.answer, node.resolved]),
    })),
    poolIds: answer.pool.map((item) => item.id),
    forcedStop: answer.forcedStop,
    refusal: answer.refusal,
    llmCalls: answer.usage.llmCalls,
  };
}

describe.each(scenarios)('trajectory invariance under compaction: $name', (scenario) => {
  it('is multi-hop and its context is big enough for compaction to bite', async () => {
    const { rag } = run(scenario, false, 2000);
    const answer = await rag.ask(scenario.question);
    expect(answer.hops.filter((hop) => hop.subQuestions.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(answer.context.uncompactedChars).toBeGreaterThan(50);
  });

  it('has the same sub-questions, order, hop count and pool ids at any budget from 50 to 5,000 (property)', async () => {
    const { rag: baseline } = run(scenario, false, 2000);
    const baselineAnswer = await baseline.ask(scenario.question);
    const reference = trajectory(baselineAnswer);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 50, max: 5000 }), async (maxChars) => {
        const { rag, model } = run(scenario, true, maxChars);
        const answer = await rag.ask(scenario.question);
        expect(trajectory(answer)).toEqual(reference);
        expect(answer.context.chars).toBeLessThanOrEqual(maxChars);
        expect(answer.context.uncompactedChars).toBe(baselineAnswer.context.chars);
        const search = await rag.multiHopSearch(scenario.question);
        expect(search.finalContext.length).toBeLessThanOrEqual(maxChars);
        if (scenario.withModel) {
          // The synthesis prompt carries the compacted context, not the full one.
          const synthesisPrompt = model.prompts.find(
            (prompt) =>
              prompt.includes('Answer from the numbered evidence') ||
              prompt.includes('Sub-questions, answers and evidence'),
          );
          expect(synthesisPrompt).toContain(search.finalContext);
        }
      }),
      { numRuns: 15, examples: [[50], [5000]] },
    );
  });

  it('compacts the synthesis context when the budget is below the full context', async () => {
    const { rag: off } = run(scenario, false, 50);
    const { rag: on } = run(scenario, true, 50);
    const full = await off.multiHopSearch(scenario.question);
    const compacted = await on.multiHopSearch(scenario.question);
    expect(compacted.fullContext).toBe(full.fullContext);
    expect(full.finalContext).toBe(full.fullContext);
    expect(compacted.finalContext.length).toBeLessThan(full.fullContext.length);
    expect(compacted.context).toMatchObject({ compacted: true, uncompactedChars: full.fullContext.length });
  });
});
