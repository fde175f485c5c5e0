import type { KnowledgeStore, MultiHopEvent, Plan } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import type { MultiHopConfigInput } from '../../config.js';
import { asPythonLiteral, malformedPlanRaws } from '../../plan/fixtures/malformed-plan-raw.js';
import {
  engineWorldItems,
  FakeChatModel,
  InMemoryStore,
  InstrumentedStore,
  lastAnswerComposition,
  placeholderGrounding,
  qaItem,
  type ScriptedExtraction,
  ScriptedExtractor,
} from '../../test/index.js';
import { MultiHopRAG } from '../multi-hop-rag.js';
import { compactPromptVersion, compactSynthesisPrompt } from '../prompts.js';

const question = 'What university did the director of Inception attend?';
const chainPlan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who directed Inception?', refs: [] },
    { id: 1, question: 'What university did [director] attend?', refs: [0] },
  ],
});
const confident: ScriptedExtraction[] = [
  { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
  {
    match: 'What university did Christopher Nolan attend',
    answer: 'University College London',
    confidence: 0.9,
  },
];

function engine(
  options: {
    chatModel?: FakeChatModel;
    store?: KnowledgeStore;
    extractions?: ScriptedExtraction[];
    config?: MultiHopConfigInput;
    noModel?: boolean;
  } = {},
) {
  const chatModel =
    options.chatModel ?? new FakeChatModel().on('Decompose the question into atomic', chainPlan);
  const extractor = new ScriptedExtractor(options.extractions ?? confident);
  const rag = new MultiHopRAG({
    ...(options.noModel === true ? {} : { chatModel }),
    store: options.store ?? new InMemoryStore({ items: engineWorldItems }),
    extractor,
    answerPolicy: { ground: placeholderGrounding, compose: lastAnswerComposition },
    config: { planner: 'compact', retrievalMode: 'lexical', topK: 3, ...options.config },
  });
  return { rag, chatModel, extractor };
}

/** Replaces wall-clock figures, which differ run to run, so traces can be snapshotted. */
function stable<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, field: unknown) =>
      typeof field === 'number' && /latencyms$/i.test(key) ? 0 : field,
    ),
  ) as T;
}

describe('compact planner: the worked example', () => {
  it('decomposes once, grounds the dependent node, composes the answer: one LLM call in all', async () => {
    const { rag, chatModel } = engine();
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(1);
    expect(chatModel.calls[0]?.responseFormat).toEqual({ type: 'json_object' });
    expect(answer.answer).toBe('University College London');
    // Its confidence: both hops' (0.9 each), since the chain is right only if both are.
    expect(answer.synthesis).toEqual({
      mode: 'composed',
      reason: 'chain',
      confidence: expect.closeTo(0.81, 6),
    });
    expect(answer.citations.map((citation) => citation.itemId)).toEqual(['nolan-university']);
    expect(answer.promptTemplateVersion).toBe(compactPromptVersion);
    expect(answer.usage.llmCalls).toBe(1);
    expect(answer.usage.byStage.synthesize).toBeUndefined();
    expect(
      stable({ ...answer, usage: { ...answer.usage, totalLatencyMs: 0, nonLlmLatencyMs: 0 } }),
    ).toMatchSnapshot();
  });

  it('asks for the synthesis call instead of composing when the answer is not confident enough', async () => {
    const synthesis = 'The director of Inception attended University College London [1].';
    const { rag, chatModel } = engine({
      chatModel: new FakeChatModel()
        .on('Decompose the question into atomic', chainPlan)
        .on('Answer the question from the sub-question answers', synthesis),
      extractions: [
        { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
        // Resolved (≥ 0.3), but 0.9 × 0.7 = 0.63 is below compose_min_confidence 0.8.
        { match: 'attend', answer: 'University College London', confidence: 0.7 },
      ],
    });
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(2);
    expect(answer.synthesis.mode).toBe('llm');
    expect(answer.synthesis.reason).toContain('low answer confidence 0.63 < 0.8');
    // The same run with the bar lowered composes: one call in all.
    const { rag: lenient, chatModel: lenientModel } = engine({
      config: { composeMinConfidence: 0.5 },
      extractions: [
        { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
        { match: 'attend', answer: 'University College London', confidence: 0.7 },
      ],
    });
    expect((await lenient.ask(question)).synthesis.mode).toBe('composed');
    expect(lenientModel.calls).toHaveLength(1);
  });

  it('puts a composed chain answer in the terms of the question ("In what year" → the year of a date)', async () => {
    const yearPlan = JSON.stringify({
      subQuestions: [
        { id: 0, question: 'Who directed Inception?', refs: [] },
        { id: 1, question: 'When was [director] born?', refs: [0] },
      ],
    });
    const { rag } = engine({
      chatModel: new FakeChatModel().on('Decompose the question into atomic', yearPlan),
      extractions: [
        { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
        { match: 'When was Christopher Nolan born', answer: '30 July 1970', confidence: 0.9 },
      ],
    });
    const answer = await rag.ask('In what year was the director of Inception born?');
    expect(answer.answer).toBe('1970');
    expect(answer.synthesis).toMatchObject({ mode: 'composed', reason: 'chain' });
    expect(answer.hops.at(-1)?.note).toContain("answer put in the question's terms: year-of-date");
    const when = await rag.ask('When was the director of Inception born?');
    expect(when.answer).toBe('30 July 1970');
  });

  it('with synthesis "llm" makes the second call over the sub-question answers and evidence', async () => {
    const chatModel = new FakeChatModel()
      .on('Decompose the question into atomic', chainPlan)
      .on('Sub-questions, answers and evidence', 'Christopher Nolan attended University College London [2].');
    const { rag } = engine({ chatModel, config: { synthesis: 'llm' } });
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(2);
    const prompt = chatModel.prompts[1] ?? '';
    expect(prompt).toContain('From query: What university did Christopher Nolan attend?');
    expect(prompt).toContain('Answer: University College London');
    expect(answer.synthesis).toEqual({ mode: 'llm', reason: 'forced-llm' });
    expect(answer.citations.map((citation) => citation.marker)).toEqual([2]);
    expect(answer.pool[1]?.id).toBe(answer.citations[0]?.itemId);
    expect(answer.usage.byStage.synthesize?.calls).toBe(1);
    expect(answer.hops.map((hop) => hop.kind)).toEqual(['decompose', 'retrieve', 'retrieve', 'synthesize']);
  });

  it('leaves a low-confidence node unresolved and sends all its pairs to synthesis', async () => {
    const chatModel = new FakeChatModel()
      .on('Decompose the question into atomic', chainPlan)
      .on('Sub-questions, answers and evidence', 'University College London [1]');
    const { rag } = engine({
      chatModel,
      extractions: [
        { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
        { match: 'attend', answer: 'University College London', confidence: 0.1 },
      ],
    });
    const answer = await rag.ask(question);
    const node = answer.hops[2]?.nodes?.[0];
    expect(node?.resolved).toBe(false);
    expect(answer.synthesis).toEqual({ mode: 'llm', reason: 'low-confidence' });
    const prompt = chatModel.prompts[1] ?? '';
    expect(prompt).toContain('Answer: unresolved');
    const unresolvedBlock = prompt.slice(prompt.indexOf('From query: What university'));
    const retrieved = answer.pool.filter((item) => item.subQuestion === node?.groundedQuestion);
    for (const item of retrieved) expect(unresolvedBlock).toContain(item.text);
    expect(retrieved.length).toBeGreaterThan(1);
  });

  it("resolves a node at the extractor's own threshold when it states one, else at the engine's", async () => {
    const run = async (confidence: number, resolveThreshold?: number) => {
      const { rag } = engine({
        noModel: true,
        extractions: [
          {
            match: () => true,
            answer: 'Christopher Nolan',
            confidence,
            ...(resolveThreshold === undefined ? {} : { resolveThreshold }),
          },
        ],
      });
      const answer = await rag.ask('Who directed Inception?');
      return answer.hops.flatMap((hop) => hop.nodes ?? [])[0]?.resolved;
    };
    // The engine's threshold is 0.3 (the default).
    expect(await run(0.35)).toBe(true);
    expect(await run(0.35, 0.5)).toBe(false);
    expect(await run(0.2)).toBe(false);
    expect(await run(0.2, 0.15)).toBe(true);
  });

  it('with synthesis "extractive" never calls the LLM a second time, even when composition fails', async () => {
    const { rag, chatModel } = engine({
      config: { synthesis: 'extractive' },
      extractions: [
        { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
        { match: 'attend', answer: 'University College London', confidence: 0.1 },
      ],
    });
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(1);
    expect(answer.answer).toBe('University College London');
    expect(answer.synthesis.mode).toBe('extractive');
  });
});

describe('compact planner: decomposition repairs and fallbacks', () => {
  it('repairs a flat token list from the reference run and runs its nodes in order', async () => {
    const record = malformedPlanRaws[0];
    if (record === undefined) throw new Error('fixture missing');
    const chatModel = new FakeChatModel().on('Decompose', asPythonLiteral(record.planRaw));
    const { rag } = engine({ chatModel, config: { synthesis: 'extractive' } });
    const result = await rag.multiHopSearch(record.question);
    expect(result.plan?.source).toBe('llm');
    expect(result.plan?.repairs).toContain('rebuilt nodes from a flat key/value token list');
    expect(result.plan?.nodes.map((node) => node.refs)).toEqual([[], [0]]);
    expect(result.hops.map((hop) => hop.kind)).toEqual(['decompose', 'retrieve', 'retrieve']);
  });

  it('falls back to single-hop retrieval of the whole question when the plan cannot be read', async () => {
    const chatModel = new FakeChatModel().on('Decompose', 'Sorry, I cannot help with that.');
    const { rag } = engine({ chatModel, config: { synthesis: 'extractive' } });
    const result = await rag.multiHopSearch(question);
    expect(result.plan?.source).toBe('fallback');
    expect(result.plan?.nodes).toEqual([{ id: 0, question, refs: [] }]);
    expect(result.hops[0]?.note).toMatch(/^fallback: No decomposition could be read/);
    expect(result.subQuestions).toEqual([question]);
  });

  it('falls back, naming the cycle, when the plan has one', async () => {
    const cyclic = JSON.stringify([
      { id: 0, question: 'Who directed [film]?', refs: [1] },
      { id: 1, question: 'Which film did [director] make?', refs: [0] },
    ]);
    const { rag } = engine({
      chatModel: new FakeChatModel().on('Decompose', cyclic),
      config: { synthesis: 'extractive' },
    });
    const result = await rag.multiHopSearch(question);
    expect(result.plan?.source).toBe('fallback');
    expect(result.plan?.repairs.at(-1)).toMatch(/cycle: 0 → 1 → 0/);
  });

  it('replays a given plan without the decomposition call', async () => {
    const plan: Plan = {
      source: 'llm',
      repairs: [],
      nodes: [
        { id: 0, question: 'Who directed Inception?', refs: [] },
        { id: 1, question: 'What university did #0 attend?', refs: [0] },
      ],
    };
    const { rag, chatModel } = engine();
    const answer = await rag.ask(question, { plan });
    expect(chatModel.calls).toHaveLength(0);
    expect(answer.answer).toBe('University College London');
    expect(answer.hops[0]?.note).toBe('given plan (llm)');
  });
});

describe('compact planner: grounding a chain with the default answer policy', () => {
  // Each fact is a stored pair and the scripted extractor's answer to exactly its question.
  const facts = [
    ['Who founded Gull House Press?', 'Ivo Brand'],
    ['Which university did Ivo Brand attend?', 'Vell University'],
    ['In which city is Vell University?', 'Port Amsel'],
    ['Which river flows through Port Amsel?', 'the Sarn'],
  ] as const;
  const chainItems = facts.map(([text, answer], index) =>
    qaItem({ id: `fact-${index}`, question: text, answer }),
  );
  const chain: ScriptedExtraction[] = facts.map(([text, answer]) => ({
    match: text,
    answer,
    confidence: 0.9,
  }));
  const run = async (questions: readonly string[]) => {
    const extractor = new ScriptedExtractor(chain);
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items: chainItems }),
      extractor,
      config: { planner: 'compact', retrievalMode: 'lexical', topK: 3, synthesis: 'extractive' },
    });
    const plan: Plan = {
      source: 'llm',
      repairs: [],
      nodes: questions.map((text, id) => ({ id, question: text, refs: id === 0 ? [] : [id - 1] })),
    };
    const answer = await rag.ask('Which river flows through the city of the university of the founder?', {
      plan,
    });
    return { answer, asked: extractor.calls.map((call) => call.question) };
  };

  it.each([
    [
      'generic',
      [
        'Who founded Gull House Press?',
        'Which university did [answer] attend?',
        'In which city is [answer]?',
      ],
    ],
    [
      'descriptive',
      [
        'Who founded Gull House Press?',
        'Which university did [founder] attend?',
        'In which city is [university]?',
      ],
    ],
    [
      'numbered',
      ['Who founded Gull House Press?', 'Which university did #1 attend?', 'In which city is #2?'],
    ],
  ])(
    'grounds the third node of a 3-step chain with its own parent, not the first node (%s)',
    async (_kind, questions) => {
      const { answer, asked } = await run(questions);
      expect(asked).toContain('In which city is Vell University?');
      expect(answer.answer).toBe('Port Amsel');
    },
  );

  it('grounds every node of a 4-step chain with its own parent (generic, numbered and descriptive references)', async () => {
    const { answer, asked } = await run([
      'Who founded Gull House Press?',
      'Which university did [answer] attend?',
      'In which city is #2?',
      'Which river flows through [city]?',
    ]);
    expect(asked.slice(1, 3)).toEqual([
      'Which university did Ivo Brand attend?',
      'In which city is Vell University?',
    ]);
    expect(asked[3]).toBe('Which river flows through Port Amsel?');
    expect(answer.answer).toBe('the Sarn');
  });
});

describe('compact planner: without a chat model', () => {
  it('decomposes by rules and never calls an LLM', async () => {
    const rulePlan: Plan = {
      source: 'rules',
      repairs: [],
      nodes: [
        { id: 0, question: 'Who directed Inception?', refs: [] },
        { id: 1, question: 'What university did [director] attend?', refs: [0] },
      ],
    };
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items: engineWorldItems }),
      extractor: new ScriptedExtractor(confident),
      answerPolicy: {
        ground: placeholderGrounding,
        compose: lastAnswerComposition,
        decompose: () => rulePlan,
      },
      config: { retrievalMode: 'lexical', topK: 3, synthesis: 'llm' },
    });
    const answer = await rag.ask(question);
    expect(answer.plan?.source).toBe('rules');
    expect(answer.usage.llmCalls).toBe(0);
    expect(answer.answer).toBe('University College London');
    expect(answer.hops[0]?.note).toBe('no LLM: rule-based decomposition');
  });

  it('runs with the package default answer policy and extractor too', async () => {
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items: engineWorldItems }),
      config: { retrievalMode: 'lexical' },
    });
    const answer = await rag.ask('Who directed Inception?');
    expect(answer.usage.llmCalls).toBe(0);
    expect(answer.plan?.source === 'rules' || answer.plan?.source === 'fallback').toBe(true);
    for (const citation of answer.citations) {
      expect(answer.pool[citation.marker - 1]?.id).toBe(citation.itemId);
    }
  });
});

describe('compact planner: order and parallelism', () => {
  const comparison =
    'Which film has the director who died first, The Glass Orchard or Riders of the Salt Flats?';
  const comparisonPlan = JSON.stringify([
    { index: 0, question: 'Who directed The Glass Orchard?', refs: [] },
    { index: 1, question: 'Who directed Riders of the Salt Flats?', refs: [] },
    { index: 2, question: 'When did [director of The Glass Orchard] die?', refs: [0] },
    { index: 3, question: 'When did [director of Riders of the Salt Flats] die?', refs: [1] },
  ]);
  const extractions: ScriptedExtraction[] = [
    { match: 'Who directed The Glass Orchard', answer: 'Anselm Varga', confidence: 0.9 },
    { match: 'Who directed Riders', answer: 'Corwin Hale', confidence: 0.9 },
    { match: 'When did Anselm Varga die', answer: '22 November 2013', confidence: 0.9 },
    { match: 'When did Corwin Hale die', answer: '5 December 1979', confidence: 0.9 },
  ];

  it('runs independent nodes concurrently and dependents only after their parents', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), { delayMs: 15 });
    const { rag } = engine({
      chatModel: new FakeChatModel().on('Decompose', comparisonPlan),
      store,
      extractions,
      config: { synthesis: 'extractive' },
    });
    const result = await rag.multiHopSearch(comparison);
    expect(store.maxInFlight).toBe(2);
    const position = (event: 'start' | 'end', fragment: string) =>
      store.log.findIndex((entry) => entry.event === event && entry.query.includes(fragment));
    expect(position('start', 'Riders of the Salt Flats?')).toBeLessThan(
      position('end', 'The Glass Orchard?'),
    );
    expect(position('start', 'Anselm Varga')).toBeGreaterThan(position('end', 'The Glass Orchard?'));
    expect(position('start', 'Corwin Hale')).toBeGreaterThan(position('end', 'Riders of the Salt Flats?'));
    expect(result.hops.map((hop) => hop.subQuestions)).toEqual([
      JSON.parse(comparisonPlan).map((node: { question: string }) => node.question),
      ['Who directed The Glass Orchard?', 'Who directed Riders of the Salt Flats?'],
      ['When did Anselm Varga die?', 'When did Corwin Hale die?'],
    ]);
    expect(result.nodes?.map((node) => node.groundingMethod)).toEqual([
      'none',
      'none',
      'placeholder',
      'placeholder',
    ]);
  });

  it('adds a layer to the pool in node order whatever order the searches finish in', async () => {
    const runOnce = async (delayMs: number) => {
      const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), { delayMs });
      const { rag } = engine({
        chatModel: new FakeChatModel().on('Decompose', comparisonPlan),
        store,
        extractions,
      });
      return (await rag.multiHopSearch(comparison)).pool.map((item) => item.id);
    };
    expect(await runOnce(0)).toEqual(await runOnce(5));
  });
});

describe('compact planner: refusals, budgets, cancellation, history, events', () => {
  it('refuses with no-evidence and makes no synthesis call when nothing is retrieved', async () => {
    const chatModel = new FakeChatModel().on('Decompose', chainPlan);
    const { rag } = engine({ chatModel, store: new InMemoryStore(), config: { synthesis: 'llm' } });
    const answer = await rag.ask(question);
    expect(answer.refusal).toBe('no-evidence');
    expect(answer.grounded).toBe(false);
    expect(answer.answer).toBe('');
    expect(chatModel.calls).toHaveLength(1);
  });

  it('ends with forcedStop budget and a composed answer when the budget has no room for synthesis', async () => {
    const { rag, chatModel } = engine({ config: { synthesis: 'llm', budgets: { maxLlmCalls: 1 } } });
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(1);
    expect(answer.forcedStop).toBe('budget');
    expect(answer.answer).toBe('University College London');
    expect(answer.synthesis.mode).toBe('composed');
    expect(answer.hops.at(-1)?.forcedStop).toBe('budget');
  });

  it('ends with forcedStop budget and the best span when nothing composes and the call does not fit', async () => {
    const { rag, chatModel } = engine({
      config: { budgets: { maxLlmCalls: 1 } },
      extractions: [
        { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
        { match: 'attend', answer: 'University College London', confidence: 0.1 },
      ],
    });
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(1);
    expect(answer.forcedStop).toBe('budget');
    expect(answer.synthesis).toEqual({
      mode: 'extractive',
      reason: 'budget; not composed: low-confidence',
      confidence: expect.closeTo(0.09, 6),
    });
    expect(answer.answer).toBe('University College London');
  });

  it('refuses budget-exhausted when nothing composes, no span exists and the call does not fit', async () => {
    const { rag } = engine({ config: { budgets: { maxLlmCalls: 1 } }, extractions: [] });
    const answer = await rag.ask(question);
    expect(answer.pool.length).toBeGreaterThan(0);
    expect(answer.refusal).toBe('budget-exhausted');
    expect(answer.forcedStop).toBe('budget');
    expect(answer.grounded).toBe(false);
    expect(answer.answer).toBe('');
  });

  it('decomposes by rules when the budget allows no LLM call at all', async () => {
    const { rag, chatModel } = engine({ config: { budgets: { maxLlmCalls: 0 } } });
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(0);
    expect(answer.forcedStop).toBe('budget');
    expect(answer.hops[0]?.note).toBe('budget: rule-based decomposition');
  });

  it('respects the token budget', async () => {
    const { rag, chatModel } = engine({ config: { synthesis: 'llm', budgets: { maxTokens: 50 } } });
    const answer = await rag.ask(question);
    expect(chatModel.calls).toHaveLength(0);
    expect(answer.forcedStop).toBe('budget');
  });

  it('returns the partial trace with refusal aborted when cancelled during a retrieval', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), {
      delayMs: 60_000,
      ignoreSignal: true,
    });
    const { rag } = engine({ store });
    const controller = new AbortController();
    void store.nextSearchStarted().then(() => controller.abort());
    const answer = await rag.ask(question, { signal: controller.signal });
    expect(answer.refusal).toBe('aborted');
    expect(answer.answer).toBe('');
    expect(answer.hops.map((hop) => hop.kind)).toEqual(['decompose']);
    expect(answer.plan?.nodes).toHaveLength(2);
  });

  it('returns refusal aborted when cancelled while the synthesis reply is pending', async () => {
    const controller = new AbortController();
    const chatModel = new FakeChatModel().on('Decompose', chainPlan).on(
      (options) => {
        if (options.messages.some((message) => message.content.includes('Sub-questions, answers'))) {
          setTimeout(() => controller.abort(), 5);
          return true;
        }
        return false;
      },
      'too late',
      { delayMs: 60_000 },
    );
    const { rag } = engine({ chatModel, config: { synthesis: 'llm' } });
    const answer = await rag.ask(question, { signal: controller.signal });
    expect(answer.refusal).toBe('aborted');
    expect(answer.hops.map((hop) => hop.kind)).toEqual(['decompose', 'retrieve', 'retrieve']);
    expect(answer.pool.length).toBeGreaterThan(0);
  });

  it('returns refusal aborted at once when the signal has already fired', async () => {
    const { rag, chatModel } = engine();
    const answer = await rag.ask(question, { signal: AbortSignal.abort() });
    expect(answer.refusal).toBe('aborted');
    expect(chatModel.calls).toHaveLength(0);
  });

  it('prepends the history to every LLM call', async () => {
    const chatModel = new FakeChatModel()
      .on('Decompose', chainPlan)
      .on('Sub-questions, answers', 'University College London [2]');
    const { rag } = engine({ chatModel, config: { synthesis: 'llm' } });
    const history = [
      { role: 'user', content: 'Tell me about Inception.' },
      { role: 'assistant', content: 'It is a 2010 film.' },
    ] as const;
    await rag.ask(question, { history });
    expect(chatModel.calls).toHaveLength(2);
    for (const call of chatModel.calls) {
      expect(call.messages.slice(0, 2)).toEqual(history);
      expect(call.messages).toHaveLength(3);
    }
  });

  it('emits typed events in order, streaming the synthesis as answer deltas', async () => {
    const chatModel = new FakeChatModel()
      .on('Decompose', chainPlan)
      .on('Sub-questions, answers', 'University College London [2]');
    const { rag } = engine({ chatModel, config: { synthesis: 'llm', compactionEnabled: true } });
    const events: MultiHopEvent[] = [];
    const answer = await rag.ask(question, { onEvent: (event) => events.push(event) });
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
    const deltas = events.flatMap((event) => (event.type === 'answer-delta' ? [event.delta] : []));
    expect(deltas.join('')).toBe('University College London [2]');
    expect(events.at(-1)).toEqual({ type: 'finished', answer });
    expect(events.find((event) => event.type === 'plan')).toEqual({ type: 'plan', plan: answer.plan });
    // Each node says where it started and what it answered, with the evidence it came from.
    const nodeEvents = events.flatMap((event) =>
      event.type === 'node-started'
        ? [[event.type, event.iteration, event.nodeId, event.groundedQuestion]]
        : event.type === 'node-answered'
          ? [
              [
                event.type,
                event.iteration,
                event.node.id,
                event.node.answer,
                event.node.evidenceIds.length > 0,
              ],
            ]
          : [],
    );
    expect(nodeEvents).toEqual([
      ['node-started', 1, 0, 'Who directed Inception?'],
      ['node-answered', 1, 0, 'Christopher Nolan', true],
      ['node-started', 2, 1, 'What university did Christopher Nolan attend?'],
      ['node-answered', 2, 1, 'University College London', true],
    ]);
    const hopNodes = answer.hops.flatMap((hop) => hop.nodes ?? []);
    expect(events.flatMap((event) => (event.type === 'node-answered' ? [event.node] : []))).toEqual(hopNodes);
  });

  it('keeps running when an event listener throws', async () => {
    const { rag } = engine();
    const answer = await rag.ask(question, {
      onEvent: () => {
        throw new Error('listener bug');
      },
    });
    expect(answer.answer).toBe('University College London');
  });
});

describe('compact planner: compaction', () => {
  it('with compaction off, the synthesis prompt is byte for byte the uncompacted build', async () => {
    const chatModel = new FakeChatModel()
      .on('Decompose', chainPlan)
      .on('Sub-questions, answers', 'University College London [2]');
    const { rag } = engine({
      chatModel,
      config: { synthesis: 'llm', compactionEnabled: false, compactionMaxChars: 50 },
    });
    const search = await rag.multiHopSearch(question);
    const answer = await rag.ask(question);
    expect(search.finalContext).toBe(search.fullContext);
    expect(chatModel.prompts.at(-1)).toBe(compactSynthesisPrompt(question, search.fullContext));
    expect(answer.context).toEqual({
      chars: search.fullContext.length,
      uncompactedChars: search.fullContext.length,
      compacted: false,
    });
  });

  it('with compaction on, only the synthesis context is bounded', async () => {
    const chatModel = new FakeChatModel()
      .on('Decompose', chainPlan)
      .on('Sub-questions, answers', 'University College London [2]');
    const { rag } = engine({ chatModel, config: { synthesis: 'llm', compactionMaxChars: 120 } });
    const off = await rag.multiHopSearch(question);
    const on = await rag.multiHopSearch(question, { compaction: true });
    expect(on.fullContext).toBe(off.fullContext);
    expect(on.finalContext.length).toBeLessThanOrEqual(120);
    expect(on.context.compacted).toBe(true);
    const answer = await rag.ask(question, { compaction: true });
    expect(chatModel.prompts.at(-1)).toBe(compactSynthesisPrompt(question, on.finalContext));
    expect(answer.context.chars).toBe(on.finalContext.length);
    expect(answer.context.uncompactedChars).toBe(off.fullContext.length);
  });
});

describe('MultiHopRAG: input validation', () => {
  it.each([[''], ['   \n ']])('rejects the empty question %j with invalid-input', async (text) => {
    const { rag } = engine();
    await expect(rag.ask(text)).rejects.toSatisfy((error) => isRootweaverError(error, 'invalid-input'));
  });

  it('rejects a question over the length limit, saying how to fix it', async () => {
    const { rag } = engine();
    const error = await rag.ask('x'.repeat(2001)).catch((caught: unknown) => caught);
    expect(isRootweaverError(error, 'invalid-input')).toBe(true);
    expect((error as Error).message).toMatch(/limit is 2000.*maxQuestionChars/);
  });
});

describe('compact planner: with no synthesis call, the answer keeps the question form', () => {
  const speciesQuestion = 'Which genus has more species, Velloria or Quastia?';
  const speciesPlan: Plan = {
    source: 'llm',
    repairs: [],
    nodes: [
      { id: 0, question: 'How many species are in the genus Velloria?', refs: [] },
      { id: 1, question: 'How many species are in the genus Quastia?', refs: [] },
      { id: 2, question: 'Which genus has more species, Velloria or Quastia?', refs: [] },
    ],
  };
  const speciesItems = [
    qaItem({ id: 'velloria', question: 'How many species are in the genus Velloria?', answer: '350' }),
    qaItem({ id: 'quastia', question: 'How many species are in the genus Quastia?', answer: 'three' }),
    qaItem({ id: 'range', question: 'Where do both genera grow?', answer: 'Mexico' }),
  ];
  // The count of Velloria is below the confidence threshold, so composeAnswer refuses.
  const speciesExtractions: ScriptedExtraction[] = [
    { match: 'Velloria or Quastia', answer: 'Mexico', confidence: 0.1 },
    { match: 'genus Velloria', answer: '350', confidence: 0.1 },
    { match: 'genus Quastia', answer: 'three', confidence: 0.9 },
  ];

  function speciesEngine(chatModel?: FakeChatModel) {
    return new MultiHopRAG({
      ...(chatModel === undefined ? {} : { chatModel }),
      store: new InMemoryStore({ items: speciesItems }),
      extractor: new ScriptedExtractor(speciesExtractions),
      config: { planner: 'compact', retrievalMode: 'lexical', topK: 2 },
    });
  }

  it('answers a choice with one of its options, saying which rule chose it', async () => {
    const answer = await speciesEngine().ask(speciesQuestion, { plan: speciesPlan });
    expect(answer.usage.llmCalls).toBe(0);
    expect(answer.answer).toBe('Velloria');
    expect(answer.synthesis).toEqual({
      mode: 'extractive',
      reason: 'extractive-form: choice (relaxed-comparison); no-llm; not composed: low-confidence',
    });
    expect(answer.hops.at(-1)?.note).toBe(
      "answered in the question's form (choice: relaxed-comparison) from nodes [0, 1] (no-llm; not composed: low-confidence)",
    );
    expect(answer.citations.map((citation) => citation.itemId).sort()).toEqual(['quastia', 'velloria']);
  });

  it('makes the synthesis call instead when one can be made', async () => {
    const chatModel = new FakeChatModel().on('Sub-questions, answers and evidence', 'Quastia [1]');
    const answer = await speciesEngine(chatModel).ask(speciesQuestion, { plan: speciesPlan });
    expect(chatModel.calls).toHaveLength(1);
    expect(answer.synthesis).toEqual({ mode: 'llm', reason: 'low-confidence' });
    expect(answer.answer).toBe('Quastia [1]');
  });

  it('answers a yes/no question yes or no under synthesis "extractive", never a span', async () => {
    const monthly = 'Are both The Quill Review and Lantern Digest monthly magazines?';
    const plan: Plan = {
      source: 'llm',
      repairs: [],
      nodes: [
        { id: 0, question: 'What is The Quill Review?', refs: [] },
        { id: 1, question: 'Is The Quill Review a monthly magazine?', refs: [] },
        { id: 2, question: 'Is Lantern Digest a monthly magazine?', refs: [] },
      ],
    };
    const chatModel = new FakeChatModel();
    const extractor = new ScriptedExtractor([
      { match: 'What is The Quill Review', answer: 'Pell', confidence: 0.9 },
      { match: 'Is The Quill Review', answer: 'yes', confidence: 0.2 },
      { match: 'Is Lantern Digest', answer: 'no', confidence: 0.2 },
    ]);
    const rag = new MultiHopRAG({
      chatModel,
      store: new InMemoryStore({
        items: [
          qaItem({ id: 'quill', question: 'What is The Quill Review?', answer: 'a journal edited in Pell' }),
          qaItem({ id: 'lantern', question: 'How often is Lantern Digest published?', answer: 'weekly' }),
        ],
      }),
      extractor,
      polarExtractor: extractor,
      config: { planner: 'compact', retrievalMode: 'lexical', topK: 2, synthesis: 'extractive' },
    });
    const answer = await rag.ask(monthly, { plan });
    expect(chatModel.calls).toHaveLength(0);
    expect(answer.answer).toBe('no');
    expect(answer.synthesis.reason).toMatch(/^extractive-form: yes-no \(sub-answers\); extractive-mode; /);
  });
});
