import type { KnowledgeStore, MultiHopEvent } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import type { MultiHopConfigInput } from '../../config.js';
import {
  citeLineWith,
  engineWorldItems,
  FakeChatModel,
  InMemoryStore,
  InstrumentedStore,
  promptOf,
  ScriptedExtractor,
} from '../../test/index.js';
import { MultiHopRAG } from '../multi-hop-rag.js';
import { multiHopPromptVersion, multiHopSynthesisPrompt } from '../prompts.js';

const question = 'What university did the director of Inception attend?';
const decompose = 'by multi-hop reasoning';
const decide = 'Is more retrieval needed?';
const synthesize = 'Answer from the numbered evidence below';

function engine(
  chatModel: FakeChatModel | undefined,
  config: MultiHopConfigInput = {},
  store?: KnowledgeStore,
) {
  return new MultiHopRAG({
    ...(chatModel === undefined ? {} : { chatModel }),
    store: store ?? new InMemoryStore({ items: engineWorldItems }),
    extractor: new ScriptedExtractor([]),
    config: { planner: 'adaptive', retrievalMode: 'lexical', topK: 3, ...config },
  });
}

/** The worked example: one sub-question, one continue, then stop. */
function workedModel(): FakeChatModel {
  return new FakeChatModel()
    .on(decompose, '["Who directed Inception?"]')
    .on(
      (options) =>
        promptOf(options).includes(decide) && !promptOf(options).includes('Christopher Nolan attend'),
      'We still need the university.\n["What university did Christopher Nolan attend?"]',
    )
    .on(decide, '[]')
    .on(synthesize, citeLineWith('Nolan attend', 'Christopher Nolan attended University College London'));
}

function stable<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, field: unknown) =>
      typeof field === 'number' && /latencyms$/i.test(key) ? 0 : field,
    ),
  ) as T;
}

/** A decide reply that always asks one more, new sub-question. */
function endlessDecide(): () => string {
  let round = 0;
  return () => {
    round += 1;
    return JSON.stringify([`Where was Christopher Nolan born, round ${round}?`]);
  };
}

describe('adaptive planner: the worked example', () => {
  it('decomposes, retrieves, decides continue then stop, and synthesizes a cited answer', async () => {
    const chatModel = workedModel();
    const answer = await engine(chatModel).ask(question);
    expect(chatModel.calls).toHaveLength(4);
    expect(answer.hops.map((hop) => [hop.kind, hop.decision ?? null])).toEqual([
      ['decompose', null],
      ['decide', 'continue'],
      ['decide', 'stop'],
      ['synthesize', null],
    ]);
    expect(answer.answer).toMatch(/^Christopher Nolan attended University College London \[\d+\]$/);
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]?.itemId).toBe('nolan-university');
    expect(answer.forcedStop).toBeUndefined();
    expect(answer.promptTemplateVersion).toBe(multiHopPromptVersion);
    expect(answer.usage.byStage.decide?.calls).toBe(2);
    expect(answer.usage.llmCalls).toBe(4);
    expect(
      stable({ ...answer, usage: { ...answer.usage, totalLatencyMs: 0, nonLlmLatencyMs: 0 } }),
    ).toMatchSnapshot();
  });

  it('numbers the pool [1..N] in the synthesis prompt, the uncompacted build when compaction is off', async () => {
    const chatModel = workedModel();
    const rag = engine(chatModel);
    const search = await rag.multiHopSearch(question);
    const synthesisCalls = () => chatModel.prompts.filter((prompt) => prompt.includes(synthesize));
    expect(synthesisCalls()).toHaveLength(0);
    await rag.ask(question);
    expect(synthesisCalls().at(-1)).toBe(multiHopSynthesisPrompt(question, search.fullContext));
    for (const [index, item] of search.pool.entries()) {
      expect(search.fullContext).toContain(`[${index + 1}] ${item.text}`);
    }
  });

  it('emits hop events in order', async () => {
    const events: MultiHopEvent[] = [];
    await engine(workedModel()).ask(question, { onEvent: (event) => events.push(event) });
    const summary = events
      .filter((event) => event.type !== 'answer-delta')
      .map((event) =>
        event.type === 'hop-started'
          ? `${event.type}:${event.iteration}:${event.kind}`
          : event.type === 'decided'
            ? `${event.type}:${event.iteration}:${event.decision}`
            : event.type,
      );
    expect(summary).toEqual([
      'hop-started:0:decompose',
      'hop-started:1:decide',
      'retrieved',
      'decided:1:continue',
      'hop-started:2:decide',
      'retrieved',
      'decided:2:stop',
      'hop-started:3:synthesize',
      'finished',
    ]);
    expect(events.some((event) => event.type === 'answer-delta')).toBe(true);
  });
});

describe('adaptive planner: caps end in a normal answer with forcedStop', () => {
  it('max-depth: the decide call at the last depth cannot continue', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?"]')
      .on(decide, endlessDecide())
      .on(synthesize, citeLineWith('Nolan', 'Christopher Nolan'));
    const answer = await engine(chatModel, { maxDepth: 2 }).ask(question);
    expect(chatModel.calls).toHaveLength(1 + 2 + 1);
    expect(answer.forcedStop).toBe('max-depth');
    expect(answer.refusal).toBeUndefined();
    expect(answer.grounded).toBe(true);
    const last = answer.hops.at(-2);
    expect(last).toMatchObject({ kind: 'decide', decision: 'continue', forcedStop: 'max-depth' });
    expect(answer.pool.every((item) => !item.subQuestion.includes('round 2'))).toBe(true);
  });

  it('max-total-sub-queries: new sub-questions are cut to the allowance, then the loop ends', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?", "Who produced Inception?", "When was Inception released?"]')
      .on(
        decide,
        '["Where was Christopher Nolan born?", "What university did Christopher Nolan attend?", "Which river flows through London?"]',
      )
      .on(synthesize, citeLineWith('Nolan attend', 'University College London'));
    const answer = await engine(chatModel, { maxTotalSubQueries: 5 }).ask(question);
    expect(chatModel.calls).toHaveLength(3);
    expect(answer.forcedStop).toBe('max-total-sub-queries');
    const decides = answer.hops.filter((hop) => hop.kind === 'decide');
    expect(decides[0]?.subQuestions).toEqual([
      'Where was Christopher Nolan born?',
      'What university did Christopher Nolan attend?',
    ]);
    expect(decides[0]?.note).toBe('kept 2 of 3 new sub-questions');
    expect(decides[1]).toMatchObject({ decision: 'stop', forcedStop: 'max-total-sub-queries' });
    expect(new Set(answer.pool.map((item) => item.subQuestion)).size).toBeLessThanOrEqual(5);
  });

  it('max-pool-chunks: the latest sub-question loses its lowest-ranked items first', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed The Glass Orchard?", "When did Corwin Hale die?"]')
      .on(synthesize, citeLineWith('Varga', 'Anselm Varga'));
    const store = new InMemoryStore({ items: engineWorldItems });
    const first = (await store.search({ query: 'Who directed The Glass Orchard?', topK: 3, mode: 'lexical' }))
      .hits;
    const second = (await store.search({ query: 'When did Corwin Hale die?', topK: 3, mode: 'lexical' }))
      .hits;
    const firstIds = first.map((hit) => hit.id);
    const secondNew = second.map((hit) => hit.id).filter((id) => !firstIds.includes(id));
    expect(firstIds.length + secondNew.length).toBeGreaterThan(4);
    const answer = await engine(chatModel, { maxPoolChunks: 4 }, store).ask(
      'When did the director of The Glass Orchard die?',
    );
    expect(answer.forcedStop).toBe('max-pool-chunks');
    expect(answer.pool.map((item) => item.id)).toEqual([
      ...firstIds,
      ...secondNew.slice(0, 4 - firstIds.length),
    ]);
    expect(chatModel.calls).toHaveLength(2);
    expect(answer.hops[1]).toMatchObject({ kind: 'decide', decision: 'stop', forcedStop: 'max-pool-chunks' });
  });

  it('budget: stops deciding when only the synthesis call is left', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?"]')
      .on(decide, endlessDecide())
      .on(synthesize, citeLineWith('Nolan', 'Christopher Nolan'));
    const answer = await engine(chatModel, { maxDepth: 10, budgets: { maxLlmCalls: 4 } }).ask(question);
    expect(chatModel.calls).toHaveLength(4);
    expect(answer.forcedStop).toBe('budget');
    expect(answer.refusal).toBeUndefined();
    expect(answer.usage.byStage.synthesize?.calls).toBe(1);
  });

  it('budget: refuses budget-exhausted when not even decompose and synthesis fit', async () => {
    const chatModel = workedModel();
    const answer = await engine(chatModel, { budgets: { maxLlmCalls: 1 } }).ask(question);
    expect(chatModel.calls).toHaveLength(0);
    expect(answer.refusal).toBe('budget-exhausted');
    expect(answer.forcedStop).toBe('budget');
    expect(answer.grounded).toBe(false);
  });

  it('budget: refuses budget-exhausted when tokens run out before the synthesis', async () => {
    const chatModel = workedModel();
    const rag = new MultiHopRAG({
      chatModel,
      store: new InMemoryStore({ items: engineWorldItems }),
      tokenCounter: { family: 'words', count: (text) => text.split(/\s+/).filter(Boolean).length },
      config: { planner: 'adaptive', retrievalMode: 'lexical', topK: 3, budgets: { maxTokens: 200 } },
    });
    const answer = await rag.ask(question);
    expect(answer.refusal).toBe('budget-exhausted');
    expect(answer.usage.inputTokens + answer.usage.outputTokens).toBeLessThanOrEqual(200);
    expect(chatModel.prompts.some((prompt) => prompt.includes(synthesize))).toBe(false);
  });
});

describe('adaptive planner: failures and refusals', () => {
  it('decide-failed: an unreadable decide reply forces the synthesis', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?"]')
      .on(decide, 'I would like to know more about the university.')
      .on(synthesize, citeLineWith('Nolan', 'Christopher Nolan'));
    const answer = await engine(chatModel).ask(question);
    expect(answer.forcedStop).toBe('decide-failed');
    expect(answer.hops[1]).toMatchObject({ kind: 'decide', decision: 'stop', forcedStop: 'decide-failed' });
    expect(answer.answer).toMatch(/^Christopher Nolan \[\d+\]$/);
    expect(answer.refusal).toBeUndefined();
  });

  it.each([
    ['unreadable', 'I cannot decompose that.'],
    ['empty', '[]'],
  ])('decompose-failed: an %s decomposition is a refusal, with no retrieval', async (_kind, reply) => {
    const chatModel = new FakeChatModel().on(decompose, reply);
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }));
    const answer = await engine(chatModel, {}, store).ask(question);
    expect(answer.refusal).toBe('decompose-failed');
    expect(answer.grounded).toBe(false);
    expect(answer.answer).toBe('');
    expect(store.log).toHaveLength(0);
    expect(chatModel.calls).toHaveLength(1);
  });

  it('no-evidence: an empty pool is grounded false with no synthesis call', async () => {
    const chatModel = new FakeChatModel().on(decompose, '["Who directed Inception?"]').on(decide, '[]');
    const answer = await engine(chatModel, {}, new InMemoryStore()).ask(question);
    expect(answer.refusal).toBe('no-evidence');
    expect(answer.grounded).toBe(false);
    expect(chatModel.calls).toHaveLength(2);
  });

  it('skips a zero-hit sub-question with 0 items added and carries on', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?", "xyzzy plugh?"]')
      .on(decide, '[]')
      .on(synthesize, citeLineWith('Nolan', 'Christopher Nolan'));
    const events: MultiHopEvent[] = [];
    const answer = await engine(chatModel).ask(question, { onEvent: (event) => events.push(event) });
    const retrieved = events.flatMap((event) => (event.type === 'retrieved' ? [event] : []));
    expect(retrieved.map((event) => [event.subQuestion, event.itemsAdded])).toEqual([
      ['Who directed Inception?', 3],
      ['xyzzy plugh?', 0],
    ]);
    expect(answer.hops[1]?.itemsAdded).toBe(3);
    expect(answer.grounded).toBe(true);
  });

  it('ignores repeated sub-questions; only repeats means stop', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?"]')
      .on(decide, '["who directed  inception?"]')
      .on(synthesize, citeLineWith('Nolan', 'Christopher Nolan'));
    const answer = await engine(chatModel).ask(question);
    expect(answer.hops[1]).toMatchObject({ decision: 'stop', note: '1 repeated sub-question(s) ignored' });
    expect(chatModel.calls).toHaveLength(3);
  });

  it('removes invented citation markers and counts them', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?"]')
      .on(decide, '[]')
      .on(synthesize, 'Christopher Nolan [1] directed it [7], see also [1, 42] and [0].');
    const answer = await engine(chatModel).ask(question);
    expect(answer.answer).toBe('Christopher Nolan [1] directed it, see also [1] and.');
    expect(answer.removedCitationMarkers).toBe(3);
    expect(answer.citations.map((citation) => citation.marker)).toEqual([1]);
  });

  it('is not grounded when the generated answer cites nothing that resolves', async () => {
    const chatModel = new FakeChatModel()
      .on(decompose, '["Who directed Inception?"]')
      .on(decide, '[]')
      .on(synthesize, 'Christopher Nolan [12].');
    const answer = await engine(chatModel).ask(question);
    expect(answer.answer).toBe('Christopher Nolan.');
    expect(answer.citations).toEqual([]);
    expect(answer.removedCitationMarkers).toBe(1);
    expect(answer.grounded).toBe(false);
    expect(answer.refusal).toBeUndefined();
  });

  it('refuses to run without a chat model, saying to configure an LLM or use compact/keyterm', async () => {
    const error = await engine(undefined)
      .ask(question)
      .catch((caught: unknown) => caught);
    expect(isRootweaverError(error, 'not-configured')).toBe(true);
    expect((error as Error).message).toMatch(/OPENAI_BASE_URL.*compact.*keyterm/s);
  });
});

describe('adaptive planner: concurrency and cancellation', () => {
  it('retrieves the sub-questions of a round in parallel', async () => {
    const chatModel = new FakeChatModel()
      .on(
        decompose,
        '["Who directed The Glass Orchard?", "Who directed Riders of the Salt Flats?", "Who directed Inception?"]',
      )
      .on(decide, '[]')
      .on(synthesize, 'Anselm Varga [1]');
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), { delayMs: 15 });
    await engine(chatModel, {}, store).ask('Who directed the films?');
    expect(store.maxInFlight).toBe(3);
  });

  it('returns the partial trace with refusal aborted when cancelled mid-retrieval', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }), { delayMs: 60_000 });
    const controller = new AbortController();
    void store.nextSearchStarted().then(() => controller.abort());
    const chatModel = workedModel();
    const answer = await engine(chatModel, {}, store).ask(question, { signal: controller.signal });
    expect(answer.refusal).toBe('aborted');
    expect(answer.hops.map((hop) => hop.kind)).toEqual(['decompose']);
    expect(chatModel.calls).toHaveLength(1);
  });

  it('returns refusal aborted when cancelled while a decide reply is pending', async () => {
    const controller = new AbortController();
    const chatModel = new FakeChatModel().on(decompose, '["Who directed Inception?"]').on(
      (options) => {
        const isDecide = promptOf(options).includes(decide);
        if (isDecide) setTimeout(() => controller.abort(), 5);
        return isDecide;
      },
      '[]',
      { delayMs: 60_000 },
    );
    const answer = await engine(chatModel).ask(question, { signal: controller.signal });
    expect(answer.refusal).toBe('aborted');
    expect(answer.hops.map((hop) => hop.kind)).toEqual(['decompose']);
    expect(answer.pool.length).toBe(3);
    expect(answer.usage.byStage.decide).toBeUndefined();
  });
});
