import type { Plan, QuestionRewriter, RewriteOptions } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import type { MultiHopConfigInput } from '../config.js';
import { groundQuestion } from '../grounding/index.js';
import {
  FakeChatModel,
  FakeQuestionRewriter,
  InMemoryStore,
  qaItem,
  type ScriptedExtraction,
  ScriptedExtractor,
} from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

// The child refers to its parent by a word no rule reads ("the latter"): the rules can only append the answer.
const items = [
  qaItem({ id: 'founder', question: 'Who founded Gull House Press?', answer: 'Odile Varga' }),
  qaItem({ id: 'birthplace', question: 'Where was Odile Varga born?', answer: 'Tarrow' }),
  qaItem({ id: 'decoy', question: 'Where was the latter born?', answer: 'Kellmouth' }),
];
const plan: Plan = {
  source: 'llm',
  repairs: [],
  nodes: [
    { id: 0, question: 'Who founded Gull House Press?', refs: [] },
    { id: 1, question: 'Where was the latter born?', refs: [0] },
  ],
};
const question = 'Where was the founder of Gull House Press born?';
const extractions: ScriptedExtraction[] = [
  { match: 'Who founded Gull House Press', answer: 'Odile Varga', confidence: 0.9 },
  { match: 'Where was Odile Varga born', answer: 'Tarrow', confidence: 0.9 },
  { match: 'Where was the latter born', answer: 'Kellmouth', confidence: 0.9 },
];

function engine(rewriter: QuestionRewriter | undefined, config: MultiHopConfigInput = {}) {
  const chatModel = new FakeChatModel();
  const rag = new MultiHopRAG({
    chatModel,
    store: new InMemoryStore({ items }),
    extractor: new ScriptedExtractor(extractions),
    rewriter,
    config: { planner: 'compact', retrievalMode: 'lexical', topK: 1, synthesis: 'extractive', ...config },
  });
  return { rag, chatModel };
}

const child = 'Where was the latter born?';
const rulesQuestion = groundQuestion({
  question: child,
  parents: [{ id: 0, question: 'Who founded Gull House Press?', answer: 'Odile Varga' }],
}).text;

const grounded = (options: RewriteOptions) =>
  options.question.replace('the latter', options.parents[0]?.answer ?? '');

describe('rewriter slot', () => {
  it('with no rewriter the rules ground and usage has no rewrite account', async () => {
    const { rag } = engine(undefined);
    const answer = await rag.ask(question, { plan });
    expect(answer.plan?.nodes[1]).toBeDefined();
    const node = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 1);
    expect(node?.groundedQuestion).toBe(rulesQuestion);
    expect(node?.groundingMethod).toBe('appended');
    expect(node?.rewrite).toBeUndefined();
    expect(answer.usage.rewrite).toBeUndefined();
  });

  it("changes the grounded question, and counts the rewrite apart from the LLM's calls and budgets", async () => {
    const rewriter = new FakeQuestionRewriter({ reply: grounded });
    const { rag, chatModel } = engine(rewriter, { budgets: { maxLlmCalls: 0 } });
    const answer = await rag.ask(question, { plan });
    const node = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 1);
    expect(node?.groundedQuestion).toBe('Where was Odile Varga born?');
    expect(node?.groundingMethod).toBe('rewritten');
    expect(node?.rewrite).toMatchObject({
      outcome: 'rewritten',
      rulesQuestion,
      rewriterQuestion: 'Where was Odile Varga born?',
      modelId: 'fake-rewriter',
    });
    expect(answer.answer).toBe('Tarrow');
    // The root node has no parent: one call, for the dependent node only.
    expect(rewriter.calls).toEqual([
      expect.objectContaining({
        question: 'Where was the latter born?',
        parents: [{ id: 0, question: 'Who founded Gull House Press?', answer: 'Odile Varga' }],
      }),
    ]);
    expect(chatModel.calls).toHaveLength(0);
    expect(answer.usage.llmCalls).toBe(0);
    expect(answer.usage.inputTokens + answer.usage.outputTokens).toBe(0);
    expect(answer.usage.rewrite).toMatchObject({ calls: 1, fallbacks: 0, outputTokens: 5 });
    expect(answer.usage.rewrite?.inputTokens).toBeGreaterThan(0);
    expect(answer.forcedStop).toBeUndefined();
  });

  it.each([
    [
      'an error',
      { reply: { error: new RootweaverError('llm-unavailable', 'down') } },
      'error (llm-unavailable)',
    ],
    ['an empty reply', { reply: '  \n ' }, 'empty'],
    [
      'a reply that drops the parent answer',
      { reply: 'Where was the founder born?' },
      "implausible: drops the parents' answers",
    ],
    [
      'a reply that names what no parent said',
      { reply: 'Where was Odile Varga born, in Brennmark?' },
      "implausible: names 'Brennmark', which neither the question nor a parent has",
    ],
    [
      'a reply that is only the answer',
      { reply: 'Odile Varga' },
      "implausible: keeps none of the question's own words",
    ],
  ])('falls back to the rules on %s, traced', async (_name, options, reason) => {
    const rewriter = new FakeQuestionRewriter(options);
    const { rag } = engine(rewriter);
    const answer = await rag.ask(question, { plan });
    const node = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 1);
    expect(node?.groundedQuestion).toBe(rulesQuestion);
    expect(node?.groundingMethod).toBe('appended');
    expect(node?.rewrite).toMatchObject({ outcome: 'fallback', reason, rulesQuestion });
    expect(answer.usage.rewrite).toMatchObject({ calls: 1, fallbacks: 1 });
    expect(answer.refusal).toBeUndefined();
  });

  it('falls back to the rules when the rewriter outlives rewriter.timeoutMs', async () => {
    const rewriter = new FakeQuestionRewriter({ reply: grounded, delayMs: 60_000 });
    const { rag } = engine(rewriter, { rewriter: { timeoutMs: 30 } });
    const started = performance.now();
    const answer = await rag.ask(question, { plan });
    expect(performance.now() - started).toBeLessThan(10_000);
    const node = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 1);
    expect(node?.rewrite).toMatchObject({ outcome: 'fallback', reason: 'timeout (30 ms)' });
    expect(node?.groundedQuestion).toBe(rulesQuestion);
    // The rewriter was told to stop.
    expect(rewriter.calls[0]?.signal?.aborted).toBe(true);
  });

  it('does not time a trained rewriter (in process, its first call loads it): the grounding does not depend on load', async () => {
    const rewriter = new FakeQuestionRewriter({ reply: grounded, delayMs: 120 });
    const { rag } = engine(rewriter, { rewriter: { kind: 'trained', timeoutMs: 30 } });
    const answer = await rag.ask(question, { plan });
    const node = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 1);
    expect(node?.rewrite).toMatchObject({ outcome: 'rewritten' });
    expect(node?.groundedQuestion).toBe('Where was Odile Varga born?');
  });

  it('a cancelled run during a rewrite is refusal aborted, not a fallback', async () => {
    const rewriter = new FakeQuestionRewriter({ reply: grounded, delayMs: 60_000 });
    const { rag } = engine(rewriter, { rewriter: { timeoutMs: 60_000 } });
    const controller = new AbortController();
    const pending = rag.ask(question, {
      plan,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'node-answered' && event.node.id === 0) setTimeout(() => controller.abort(), 10);
      },
    });
    const answer = await pending;
    expect(answer.refusal).toBe('aborted');
    expect(answer.usage.rewrite?.fallbacks).toBe(0);
  });

  it('asks nothing for an explicit placeholder, which the rules fill from the parent it names', async () => {
    const rewriter = new FakeQuestionRewriter({ reply: grounded });
    const { rag } = engine(rewriter);
    const placeholderPlan: Plan = {
      ...plan,
      nodes: [
        plan.nodes[0] as Plan['nodes'][number],
        { id: 1, question: 'Where was [founder] born?', refs: [0] },
      ],
    };
    const answer = await rag.ask(question, { plan: placeholderPlan });
    const node = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 1);
    expect(node?.groundedQuestion).toBe('Where was Odile Varga born?');
    expect(node?.groundingMethod).toBe('placeholder');
    expect(node?.rewrite).toBeUndefined();
    expect(rewriter.calls).toHaveLength(0);
  });

  it('falls back to the rules when the rewriter declines, with its reason in the trace', async () => {
    const rewriter: QuestionRewriter = {
      id: 'declining-rewriter',
      rewrite: async (options) => ({
        text: options.question,
        latencyMs: 1,
        modelId: 'declining-rewriter',
        declined: 'not confident: "the latter" at 0.20, under 0.5',
      }),
    };
    const { rag } = engine(rewriter);
    const answer = await rag.ask(question, { plan });
    const node = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 1);
    expect(node?.groundedQuestion).toBe(rulesQuestion);
    expect(node?.rewrite).toMatchObject({
      outcome: 'fallback',
      reason: 'declined (not confident: "the latter" at 0.20, under 0.5)',
    });
    expect(answer.usage.rewrite).toMatchObject({ calls: 1, fallbacks: 1 });
  });

  it('asks nothing when no parent answer names anything', async () => {
    const rewriter = new FakeQuestionRewriter({ reply: grounded });
    const { rag } = engine(rewriter);
    const unknown = new MultiHopRAG({
      store: new InMemoryStore({ items }),
      extractor: new ScriptedExtractor([{ match: 'Who founded', answer: 'unknown', confidence: 0.9 }]),
      rewriter,
      config: { retrievalMode: 'lexical', topK: 1, synthesis: 'extractive' },
    });
    await unknown.ask(question, { plan });
    expect(rewriter.calls).toHaveLength(0);
    await rag.ask(question, { plan });
    expect(rewriter.calls).toHaveLength(1);
  });

  it("is given a node's own parents only, never an ancestor its refs do not name", async () => {
    const rewriter = new FakeQuestionRewriter({ reply: grounded });
    const chain: Plan = {
      ...plan,
      nodes: [...plan.nodes, { id: 2, question: 'Which river runs through the latter?', refs: [1] }],
    };
    const rag = new MultiHopRAG({
      store: new InMemoryStore({
        items: [
          ...items,
          qaItem({ id: 'river', question: 'Which river runs through Tarrow?', answer: 'the Sell' }),
        ],
      }),
      extractor: new ScriptedExtractor([
        ...extractions,
        { match: 'Which river runs through Tarrow', answer: 'the Sell', confidence: 0.9 },
      ]),
      rewriter,
      config: { planner: 'compact', retrievalMode: 'lexical', topK: 1, synthesis: 'extractive' },
    });
    const answer = await rag.ask(
      'Which river runs through the birthplace of the founder of Gull House Press?',
      {
        plan: chain,
      },
    );
    expect(rewriter.calls.map((call) => call.parents.map((parent) => parent.id))).toEqual([[0], [1]]);
    const last = answer.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === 2);
    expect(last?.groundedQuestion).toBe('Which river runs through Tarrow?');
  });

  it("the keyterm planner's rule nodes use the slot too, one call per node however many hops", async () => {
    const rewriter = new FakeQuestionRewriter({
      reply: grounded,
    });
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items }),
      extractor: new ScriptedExtractor([
        { match: 'Who founded', answer: 'Odile Varga', confidence: 0.9 },
        { match: 'Odile Varga', answer: 'Tarrow', confidence: 0.9 },
      ]),
      rewriter,
      answerPolicy: { decompose: () => plan },
      config: {
        planner: 'keyterm',
        retrievalMode: 'lexical',
        topK: 1,
        maxHops: 4,
        answerabilityThreshold: 1,
      },
    });
    const answer = await rag.ask(question);
    const searched = answer.hops.flatMap((hop) => hop.subQuestions);
    expect(searched).toContain('Where was Odile Varga born?');
    expect(rewriter.calls).toHaveLength(1);
    expect(answer.usage.rewrite?.calls).toBe(1);
  });

  it.each([
    ['llm', /pass `rewriter` \(e\.g\. new ModelQuestionRewriter/],
    ['trained', /pass `rewriter` \(e\.g\. await TrainedRewriter\.load/],
  ] as const)(
    "refuses to build with rewriter.kind '%s' and no rewriter, saying what to pass",
    (kind, message) => {
      expect(() => new MultiHopRAG({ store: new InMemoryStore(), config: { rewriter: { kind } } })).toThrow(
        message,
      );
    },
  );

  it('defaults to the rules when built directly: the engine reads no model', () => {
    expect(new MultiHopRAG({ store: new InMemoryStore() }).config.rewriter.kind).toBe('rules');
  });
});
