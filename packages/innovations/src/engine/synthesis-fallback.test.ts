import type { ChatModel, GenerateOptions, GenerateResult, HopTrace, SynthesisMode } from '@rootweaver/core';
import { isRootweaverError, RootweaverError } from '@rootweaver/core';
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

/** Answers the decomposition; refuses every other call as a replay with no LLM behind it does. */
class DecompositionOnlyModel implements ChatModel {
  readonly modelId = 'decomposition-only';
  readonly refused: string[] = [];
  private readonly decomposer = new FakeChatModel().on('Decompose the question into atomic', plan);

  async generate(options: GenerateOptions): Promise<GenerateResult> {
    if (/decompose/i.test(promptOf(options))) return this.decomposer.generate(options);
    this.refused.push(promptOf(options));
    throw new RootweaverError('not-configured', 'No LLM for this call (test).');
  }
}

function engine(chatModel: ChatModel, store: InstrumentedStore) {
  return new MultiHopRAG({
    chatModel,
    store,
    // The second hop is answered below the threshold: no composition, the run wants a synthesis call.
    extractor: new ScriptedExtractor([
      { match: 'Who founded Vorn Keep', answer: 'Tessaly Marrow', confidence: 0.9 },
      { match: 'Where was Tessaly Marrow born', answer: 'Quillmoor', confidence: 0.2 },
    ]),
    answerPolicy: { ground: placeholderGrounding, compose: lastAnswerComposition },
    config: { planner: 'compact', retrievalMode: 'lexical', topK: 2 },
  });
}

async function ask(synthesis: SynthesisMode, synthesisFallback?: 'extractive') {
  const model = new DecompositionOnlyModel();
  const store = new InstrumentedStore(new InMemoryStore({ items: founderChainItems }));
  const answer = await engine(model, store).ask(question, {
    synthesis,
    ...(synthesisFallback === undefined ? {} : { synthesisFallback }),
  });
  const searches = store.log.filter((entry) => entry.event === 'start').length;
  return { answer, model, searches };
}

/** The hops without their measured LLM latency. */
function untimed(hops: readonly HopTrace[]): HopTrace[] {
  return hops.map(({ llmLatencyMs: _latency, ...hop }) => hop);
}

describe('synthesisFallback', () => {
  it('without it, a refused synthesis call is thrown', async () => {
    const thrown = await ask('auto').catch((error: unknown) => error);
    expect(isRootweaverError(thrown, 'not-configured')).toBe(true);
  });

  it("answers a refused synthesis call as synthesis 'extractive' does, from what was gathered once", async () => {
    const fallback = await ask('auto', 'extractive');
    const extractive = await ask('extractive');
    // The synthesis call was asked for and refused, once; nothing was retrieved again.
    expect(fallback.model.refused).toHaveLength(1);
    expect(fallback.model.refused[0]).toContain('Tessaly Marrow');
    expect(fallback.searches).toBe(2);
    expect(extractive.model.refused).toHaveLength(0);
    // The same answer, trace and synthesis report as a run asked for 'extractive' from the start.
    expect(fallback.answer.answer).toBe('Quillmoor');
    expect(fallback.answer.answer).toBe(extractive.answer.answer);
    expect(fallback.answer.synthesis).toEqual(extractive.answer.synthesis);
    expect(fallback.answer.synthesis.mode).toBe('extractive');
    expect(untimed(fallback.answer.hops)).toEqual(untimed(extractive.answer.hops));
    expect(fallback.answer.citations).toEqual(extractive.answer.citations);
    expect(fallback.answer.usage.llmCalls).toBe(1);
  });

  it('leaves other synthesis failures thrown', async () => {
    const failing: ChatModel = {
      modelId: 'failing',
      async generate(options) {
        if (/decompose/i.test(promptOf(options))) return new FakeChatModel().on(/./, plan).generate(options);
        throw new RootweaverError('llm-unavailable', 'The server is down (test).');
      },
    };
    const store = new InstrumentedStore(new InMemoryStore({ items: founderChainItems }));
    const thrown = await engine(failing, store)
      .ask(question, { synthesis: 'auto', synthesisFallback: 'extractive' })
      .catch((error: unknown) => error);
    expect(isRootweaverError(thrown, 'llm-unavailable')).toBe(true);
  });
});

describe('the budget check and token counts', () => {
  /** One token a word; records what it was asked; its upper bound is the text's length. */
  function countingCounter(options: { readonly bounded: boolean }) {
    const counted: string[] = [];
    return {
      counted,
      family: 'words',
      count(text: string): number {
        counted.push(text);
        return text.split(/\s+/).filter(Boolean).length;
      },
      ...(options.bounded ? { upperBound: (text: string) => text.length } : {}),
    };
  }

  async function run(counter: ReturnType<typeof countingCounter>, maxTokens: number) {
    const store = new InstrumentedStore(new InMemoryStore({ items: founderChainItems }));
    const rag = new MultiHopRAG({
      chatModel: new DecompositionOnlyModel(),
      store,
      tokenCounter: counter,
      extractor: new ScriptedExtractor([
        { match: 'Who founded Vorn Keep', answer: 'Tessaly Marrow', confidence: 0.9 },
        { match: 'Where was Tessaly Marrow born', answer: 'Quillmoor', confidence: 0.2 },
      ]),
      answerPolicy: { ground: placeholderGrounding, compose: lastAnswerComposition },
      config: { planner: 'compact', retrievalMode: 'lexical', topK: 2, budgets: { maxTokens } },
    });
    return rag.ask(question, { synthesis: 'auto', synthesisFallback: 'extractive' });
  }

  it('counts no prompt to check a budget its upper bound fits (the model reports its usage)', async () => {
    const counter = countingCounter({ bounded: true });
    const answer = await run(counter, 100_000);
    expect(answer.answer).toBe('Quillmoor');
    // The fake model reports usage: nothing needs counting at all.
    expect(counter.counted).toEqual([]);
  });

  it('counts each prompt once when the bound does not settle it, or when there is none', async () => {
    for (const counter of [countingCounter({ bounded: true }), countingCounter({ bounded: false })]) {
      await run(counter, 400);
      expect(counter.counted.length).toBeGreaterThan(0);
      // The decomposition prompt and the synthesis prompt: each checked once.
      expect(new Set(counter.counted).size).toBe(counter.counted.length);
    }
  });
});
