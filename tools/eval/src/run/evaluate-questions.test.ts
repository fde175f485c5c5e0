import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AskOptions, ChatModel, MultiHopAnswer, NodeTrace } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { FakeChatModel } from '@rootweaver/core/test';
import { describe, expect, it } from 'vitest';
import { loadQuestionRecords } from '../dataset/load-question-records.js';
import { writeReport } from '../report/write-report.js';
import { type AnswerEngine, evaluateQuestions, goldInPool, trajectoryOf } from './evaluate-questions.js';
import { summarizeResults } from './summarize-results.js';

const fixture = new URL('../test-fixtures/questions.tiny.jsonl', import.meta.url).pathname;
const wordCounter = { family: 'words', count: (text: string) => text.split(/\s+/).filter(Boolean).length };

/**
 * A tiny engine with the real engine's contract: one decomposition call, then — for chain
 * questions with synthesis not `extractive` — one synthesis call. Answers come from a lookup table.
 */
class TableEngine implements AnswerEngine {
  constructor(
    private readonly chatModel: ChatModel | undefined,
    private readonly table: Record<string, string>,
    /** Honour `synthesisFallback` as the engine does (else a refused synthesis call is thrown). */
    private readonly fallback = false,
  ) {}

  /** The synthesis call's text; undefined when it was refused and the fallback answers extractively. */
  private async synthesize(chatModel: ChatModel, question: string, options: AskOptions) {
    try {
      const messages = [{ role: 'user' as const, content: `Synthesize: ${question}` }];
      return (await chatModel.generate({ messages })).text;
    } catch (error) {
      const fallBack =
        this.fallback &&
        options.synthesisFallback === 'extractive' &&
        isRootweaverError(error, 'not-configured');
      if (!fallBack) throw error;
      return undefined;
    }
  }

  async ask(question: string, options: AskOptions): Promise<MultiHopAnswer> {
    let llmCalls = 0;
    let planText = '[]';
    if (this.chatModel !== undefined) {
      planText = (
        await this.chatModel.generate({ messages: [{ role: 'user', content: `Decompose: ${question}` }] })
      ).text;
      llmCalls += 1;
    }
    const confidence = question.startsWith('Which') ? 0.1 : 0.9;
    const nodes: NodeTrace[] = [
      {
        id: 0,
        question,
        groundedQuestion: question,
        groundingMethod: 'none',
        refs: [],
        answer: this.table[question] ?? '',
        confidence,
        // As the engine resolves with the heuristic extractor's threshold.
        resolved: confidence >= 0.3,
        evidenceIds: [],
      },
    ];
    let mode: MultiHopAnswer['synthesis']['mode'] = 'composed';
    let answer = this.table[question] ?? '';
    const wantsSynthesis = question.startsWith('Where') && options.synthesis !== 'extractive';
    const synthesized =
      wantsSynthesis && this.chatModel !== undefined
        ? await this.synthesize(this.chatModel, question, options)
        : undefined;
    if (synthesized !== undefined) {
      answer = synthesized;
      llmCalls += 1;
      mode = 'llm';
    } else if (question.startsWith('Where')) mode = 'extractive';
    const chars = options.compaction === true ? 100 : 250;
    return {
      question,
      answer,
      grounded: true,
      planner: 'compact',
      citations: [],
      removedCitationMarkers: 0,
      hops: [{ iteration: 0, kind: 'decompose', subQuestions: [planText], itemsAdded: 0, nodes }],
      pool: [],
      usage: {
        llmCalls,
        inputTokens: 0,
        outputTokens: 0,
        byStage: {},
        retrievals: 1,
        nonLlmLatencyMs: 2,
        totalLatencyMs: 2,
      },
      context: { chars, uncompactedChars: 250, compacted: options.compaction === true },
      synthesis: { mode, reason: 'test' },
      promptTemplateVersion: 'test',
    };
  }
}

const table = {
  'Who directed The Glass Orchard?': 'Mira Castellan',
  'Where did the director of The Glass Orchard study?': 'Varn University',
  'Which came first, A or B?': 'B',
};

describe('evaluateQuestions with recorded plans', () => {
  it('replays plans, never fakes synthesis without an LLM, scores and summarises against the reference', async () => {
    const records = await loadQuestionRecords({ file: fixture });
    const results = await evaluateQuestions({
      records,
      createEngine: ({ chatModel }) => new TableEngine(chatModel, table),
      plans: 'recorded',
      synthesis: 'auto',
      compaction: 'both',
      tokenCounter: wordCounter,
    });
    expect(results.map((result) => result.exactMatch)).toEqual([1, 1, 0]);
    const [first, second] = results;
    // Question 2 asked for a synthesis no LLM could give: re-run extractively, 1 LLM call (the replay).
    expect(second?.neededSynthesis).toBe(true);
    expect(second?.synthesisMode).toBe('extractive');
    expect(second?.llmCalls).toBe(1);
    // The refused synthesis prompt ("Synthesize: Where did … study?", 10 words) is counted apart.
    expect(second?.unansweredSynthesisPromptTokens).toBe(10);
    expect(second?.tokens.synthesize).toEqual({ input: 0, output: 0 });
    expect(first?.neededSynthesis).toBe(false);
    // Decomposition tokens: the prompt sent ("Decompose: Who directed The Glass Orchard?", 6 words) + the replayed plan text's words.
    expect(first?.tokens.decompose.input).toBe(6);
    expect(first?.tokens.decompose.output).toBeGreaterThan(0);
    expect(first?.tokens.synthesize).toEqual({ input: 0, output: 0 });
    expect(first?.contextChars).toEqual({ on: 100, off: 250 });
    expect(first?.trajectoryIdentical).toBe(true);

    const summary = summarizeResults(results, { confidenceThreshold: 0.3 });
    expect(summary.n).toBe(3);
    expect(summary.exactMatch).toBeCloseTo(66.7, 1);
    expect(summary.llmCallsPerQuestion).toBe(1);
    expect(summary.llmCallsPerQuestionWithSynthesis).toBe(1.33);
    const withPrompt = results.map((result) => result.tokens.total + result.unansweredSynthesisPromptTokens);
    expect(summary.tokensPerQuestionWithSynthesisPrompt.mean).toBe(
      Math.round(withPrompt.reduce((sum, value) => sum + value, 0) / 3),
    );
    expect(withPrompt[1]).toBe((results[1]?.tokens.total ?? 0) + 10);
    expect(summary.reference.exactMatch).toBeCloseTo(33.3, 1);
    expect(summary.reference.tokensMedian).toBe(1500);
    expect(summary.baselines.selfask).toMatchObject({ n: 2, exactMatch: 50, tokensMedian: 3500 });
    expect(summary.byKind.chain?.n).toBe(2);
    // Per kind: the "Where" chain asked for a synthesis (1.5 calls/q with it); only it is confident
    // (0.9 ≥ 0.3) and right; its node answer is the gold, the "Which" node's answer "B" is not.
    expect(summary.byKind.chain).toMatchObject({
      llmCallsPerQuestionWithSynthesis: 1.5,
      confident: { answered: 1, precision: 100 },
      goldAmongNodeAnswers: 50,
    });
    expect(summary.byKind.single).toMatchObject({ confident: { answered: 1, precision: 100 } });
    expect(summary.compaction).toMatchObject({
      contextCharsMedianOn: 100,
      contextCharsMedianOff: 250,
      trajectoryIdentical: true,
    });
    expect(summary.synthesis.neededSynthesis).toBe(1);
    expect(summary.synthesis.exactMatchByMode).toEqual({ composed: 50, extractive: 100 });
    // TableEngine reports no plan object, so every question counts under source "none".
    expect(summary.plans).toEqual({ bySource: { none: 3 }, repaired: 0 });
    // Confident (≥ 0.3) answers: questions 1 and 2, both right.
    expect(summary.confidence).toMatchObject({ answered: 2, precision: 100 });

    const directory = await mkdtemp(join(tmpdir(), 'rw-report-'));
    const written = await writeReport({
      directory,
      results,
      summary,
      settings: {
        questions: 'tiny',
        source: 'test',
        plans: 'recorded',
        synthesis: 'auto',
        compaction: 'both',
        llm: 'none',
        tokenizer: 'words',
      },
    });
    expect(written.files.map((file) => file.split('/').at(-1))).toEqual([
      'report.md',
      'results.jsonl',
      'summary.json',
      'tokens-vs-em.svg',
      'reliability.svg',
    ]);
    const lines = (await readFile(join(directory, 'results.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual(['tiny-0001', 'tiny-0002', 'tiny-0003']);
    expect(JSON.parse(await readFile(join(directory, 'summary.json'), 'utf8')).exactMatch).toBeCloseTo(
      66.7,
      1,
    );
    const report = await readFile(join(directory, 'report.md'), 'utf8');
    // Wilson 95 % interval of 2 right out of 3.
    expect(report).toContain('| rootweaver | 3 | 66.7 [20.8–93.9] |');
    expect(report).toContain('## Calibration (answer confidence vs EM)');
    const reliability = await readFile(join(directory, 'reliability.svg'), 'utf8');
    expect(reliability).toContain('ECE');
    expect(report).toContain('reference CompactRAG');
    const svg = await readFile(join(directory, 'tokens-vs-em.svg'), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('selfask');
  });

  it("takes the engine's extractive answer to a refused synthesis instead of running the question again", async () => {
    const records = await loadQuestionRecords({ file: fixture });
    const run = async (engineFor: (chatModel: ChatModel | undefined) => AnswerEngine) => {
      let asks = 0;
      const results = await evaluateQuestions({
        records,
        createEngine: ({ chatModel }) => {
          const engine = engineFor(chatModel);
          return {
            ask: (question, options) => {
              asks += 1;
              return engine.ask(question, options);
            },
          };
        },
        plans: 'recorded',
        synthesis: 'auto',
        compaction: 'both',
        tokenCounter: wordCounter,
      });
      return { asks, results };
    };
    const rerun = await run((chatModel) => new TableEngine(chatModel, table));
    const fallback = await run((chatModel) => new TableEngine(chatModel, table, true));
    // Three questions, compaction both: six runs; the refused one ran twice more (once per compaction) before.
    expect(rerun.asks).toBe(8);
    expect(fallback.asks).toBe(6);
    const untimed = (results: typeof rerun.results) =>
      results.map(({ nonLlmLatencyMs: _latency, ...result }) => result);
    expect(untimed(fallback.results)).toEqual(untimed(rerun.results));
    expect(fallback.results[1]).toMatchObject({
      neededSynthesis: true,
      synthesisMode: 'extractive',
      llmCalls: 1,
      unansweredSynthesisPromptTokens: 10,
    });
  });

  it('uses a real LLM for synthesis when one is given, and counts its tokens', async () => {
    const records = (await loadQuestionRecords({ file: fixture })).slice(1, 2);
    const llm = new FakeChatModel({ fallbackReply: 'Varn University' });
    const [result] = await evaluateQuestions({
      records,
      createEngine: ({ chatModel }) => new TableEngine(chatModel, table),
      plans: 'recorded',
      synthesis: 'auto',
      compaction: 'off',
      tokenCounter: wordCounter,
      llm,
    });
    expect(result?.llmCalls).toBe(2);
    expect(result?.neededSynthesis).toBe(false);
    expect(result?.synthesisMode).toBe('llm');
    expect(result?.tokens.synthesize).toEqual({ input: 10, output: 2 });
    expect(llm.calls).toHaveLength(1);
  });

  it('records an engine failure as an error result instead of stopping the run', async () => {
    const records = (await loadQuestionRecords({ file: fixture })).slice(0, 1);
    const results = await evaluateQuestions({
      records,
      createEngine: () => ({
        ask: async () => {
          throw new Error('boom');
        },
      }),
      plans: 'rules',
      synthesis: 'extractive',
      compaction: 'off',
      tokenCounter: wordCounter,
    });
    expect(results[0]).toMatchObject({ error: 'boom', exactMatch: 0 });
    expect(summarizeResults(results, { confidenceThreshold: 0.3 }).errors).toBe(1);
  });
});

describe('goldInPool', () => {
  const item = (text: string, passage = '') => ({
    id: text,
    documentId: 'd',
    kind: 'qa' as const,
    text,
    title: 'T',
    passage,
    score: 1,
    rank: 1,
    subQuestion: 'q',
    iteration: 1,
  });

  it('finds the normalised gold as whole words in an item text or its passage', () => {
    const pool = [item('Who founded Kell Holdings? Ivo Brand'), item('x', 'It was built in the 1970s.')];
    expect(goldInPool({ pool }, 'ivo brand')).toBe(true);
    expect(goldInPool({ pool }, 'The 1970s')).toBe(true);
  });

  it('does not count a gold that is only part of a word, or an empty gold', () => {
    const pool = [item('Ivo Brandt was born in Orlenburg.')];
    expect(goldInPool({ pool }, 'Ivo Brand')).toBe(false);
    expect(goldInPool({ pool }, 'Orlen')).toBe(false);
    expect(goldInPool({ pool }, ' ')).toBe(false);
    expect(goldInPool({ pool: [] }, 'Ivo Brandt')).toBe(false);
  });
});

describe('trajectoryOf', () => {
  const node = (groundedQuestion: string, latencyMs: number): NodeTrace =>
    ({
      id: 1,
      question: 'Where was this director born?',
      groundedQuestion,
      groundingMethod: 'rewritten',
      refs: [0],
      answer: 'Corvelle',
      confidence: 0.9,
      resolved: true,
      evidenceIds: ['a'],
      rewrite: {
        outcome: 'rewritten',
        rulesQuestion: 'Where was this director born?',
        rewriterQuestion: groundedQuestion,
        modelId: 'trained-rewriter:test',
        latencyMs,
      },
    }) as NodeTrace;
  const answer = (nodes: NodeTrace[]) =>
    ({
      hops: [{ iteration: 1, kind: 'retrieve', subQuestions: [], itemsAdded: 1, nodes }],
      pool: [{ id: 'a' }],
    }) as unknown as MultiHopAnswer;

  it('ignores how long a rewrite took, not what it wrote', () => {
    const fast = trajectoryOf(answer([node('Where was Ines Marlow born?', 1.2)]));
    expect(trajectoryOf(answer([node('Where was Ines Marlow born?', 7.9)]))).toBe(fast);
    expect(trajectoryOf(answer([node('Where was Tomas Reyl born?', 1.2)]))).not.toBe(fast);
  });
});
