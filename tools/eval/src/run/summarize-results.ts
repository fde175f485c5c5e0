import { type ReliabilityTable, reliabilityTable } from '@rootweaver/innovations';
import { mean, median, percentile, round, wilsonInterval } from '../metrics/statistics.js';
import { type AnswerCalibration, crossFitAnswerCalibration } from './answer-calibration.js';
import { type FoldSummary, summarizeFolds } from './fold-summary.js';
import type { QuestionResult } from './question-result.js';

export interface GroupSummary {
  readonly n: number;
  readonly exactMatch: number;
  /** Wilson 95 % interval of the EM, in percent. */
  readonly exactMatchInterval: readonly [number, number];
  readonly f1: number;
  readonly llmCallsPerQuestion: number;
  /** Calls per question had an LLM answered every synthesis the engine asked for. */
  readonly llmCallsPerQuestionWithSynthesis: number;
  /** Answers whose every node was resolved (confidence at or above its extractor's threshold), and their EM (percent). */
  readonly confident: { readonly answered: number; readonly precision: number };
  /** Share (percent) whose gold answer equals some node's answer (the sub-answer accuracy proxy). */
  readonly goldAmongNodeAnswers: number;
  /** Share (percent) whose gold answer occurs in some retrieved pool item (retrieval's upper bound). */
  readonly goldInPool: number;
  readonly tokensMedian: number;
  /** The reference run on the questions that have one; `measured` 0: none has, the figures mean nothing. */
  readonly reference: {
    readonly measured: number;
    readonly exactMatch: number;
    readonly f1: number;
    readonly tokensMedian: number;
  };
}

export interface SystemSummary {
  readonly n: number;
  readonly exactMatch: number;
  readonly f1: number;
  readonly tokensMedian: number | null;
  readonly llmCallsPerQuestion?: number;
}

/** The `--json` object and `summary.json`. EM and F1 are in percent. */
export interface EvalSummary {
  readonly n: number;
  readonly exactMatch: number;
  /** Wilson 95 % interval of the EM, in percent. */
  readonly exactMatchInterval: readonly [number, number];
  /** Answer confidence against EM in ten bins, with the expected calibration error. */
  readonly calibration: ReliabilityTable;
  /** EM/F1 over K splits of the question file, when asked for (`--folds K`). */
  readonly folds?: FoldSummary;
  readonly f1: number;
  readonly llmCallsPerQuestion: number;
  /**
   * LLM calls per question had an LLM answered every synthesis the engine asked for (equal to
   * `llmCallsPerQuestion` when one did): the figure to hold against a "calls per question" target.
   */
  readonly llmCallsPerQuestionWithSynthesis: number;
  readonly tokensPerQuestion: { readonly median: number; readonly mean: number };
  /**
   * Tokens per question adding the prompt of every synthesis call the engine asked for and no LLM
   * answered (their outputs are unknown and not included): a lower bound with an LLM present.
   */
  readonly tokensPerQuestionWithSynthesisPrompt: { readonly median: number; readonly mean: number };
  readonly tokensByStageMedian: {
    readonly decompose: number;
    readonly decide: number;
    readonly synthesize: number;
  };
  readonly latencyMs: { readonly p50: number; readonly p95: number };
  readonly reference: {
    /** Questions with a reference run; 0: the figures below mean nothing ("not measured"). */
    readonly measured: number;
    readonly exactMatch: number;
    readonly f1: number;
    readonly tokensMedian: number;
    readonly llmCallsPerQuestion: number;
  };
  readonly baselines: Readonly<Record<string, SystemSummary>>;
  readonly byKind: Readonly<Record<string, GroupSummary>>;
  readonly byDataset: Readonly<Record<string, GroupSummary>>;
  readonly compaction: {
    readonly contextCharsMedianOn: number | null;
    readonly contextCharsMedianOff: number | null;
    /** True when every question's trajectory was identical; null unless compaction `both` ran. */
    readonly trajectoryIdentical: boolean | null;
    readonly trajectoryIdenticalCount: number | null;
  };
  readonly synthesis: {
    readonly byMode: Readonly<Record<string, number>>;
    /** EM (percent) of the answers given in each mode. */
    readonly exactMatchByMode: Readonly<Record<string, number>>;
    /** Questions whose engine asked for an LLM synthesis no LLM could give (answered extractively). */
    readonly neededSynthesis: number;
    /**
     * Answers composed without asking for a synthesis call (what `synthesis: auto` gives with an LLM too,
     * at `compose_min_confidence` or by rule), and their EM (percent).
     */
    readonly composedWithoutCall: { readonly answered: number; readonly precision: number };
  };
  /** Cross-fitted calibration of the answer confidence (`crossFitAnswerCalibration`), `--folds` or 5 folds. */
  readonly answerCalibration?: AnswerCalibration;
  readonly confidence: {
    readonly threshold: number;
    /** Questions whose every node was resolved (the heuristic's threshold is `threshold`; an extractor may have its own). */
    readonly answered: number;
    /** EM (percent) on those questions. */
    readonly precision: number;
  };
  /** Share (percent) of questions whose gold answer equals some node's answer (sub-answer accuracy proxy). */
  readonly goldAmongNodeAnswers: number;
  /** Share (percent) of questions whose gold answer occurs in some retrieved pool item. */
  readonly goldInPool: number;
  /** Where each question's plan came from (`llm` = parsed from the replayed or generated output) and how many needed repairs. */
  readonly plans: { readonly bySource: Readonly<Record<string, number>>; readonly repaired: number };
  readonly refusals: number;
  readonly errors: number;
  /** The rewriter slot's own figures (present when a rewriter ran); not in the LLM calls and tokens above. */
  readonly rewrite?: {
    readonly calls: number;
    readonly callsPerQuestion: number;
    /** Calls whose output was not used (failure, timeout, implausible): the rules grounded. */
    readonly fallbacks: number;
    /** Nodes whose grounded question is the rewriter's. */
    readonly rewrittenNodes: number;
    readonly tokensPerQuestion: { readonly median: number; readonly mean: number };
    readonly latencyMsPerQuestion: { readonly p50: number; readonly p95: number };
  };
}

function summarizeRewrites(results: readonly QuestionResult[]): EvalSummary['rewrite'] {
  const runs = results.flatMap((result) => (result.rewrite === undefined ? [] : [result.rewrite]));
  if (runs.length === 0) return undefined;
  const tokens = runs.map((run) => run.inputTokens + run.outputTokens);
  const latencies = runs.map((run) => run.latencyMs);
  const calls = runs.reduce((sum, run) => sum + run.calls, 0);
  return {
    calls,
    callsPerQuestion: round(calls / runs.length, 2),
    fallbacks: runs.reduce((sum, run) => sum + run.fallbacks, 0),
    rewrittenNodes: results.reduce(
      (sum, result) => sum + result.nodes.filter((node) => node.rewrite === 'rewritten').length,
      0,
    ),
    tokensPerQuestion: { median: round(median(tokens), 0), mean: round(mean(tokens), 0) },
    latencyMsPerQuestion: {
      p50: round(percentile(latencies, 50), 1),
      p95: round(percentile(latencies, 95), 1),
    },
  };
}

function percent(values: readonly number[]): number {
  return round(mean(values) * 100, 1);
}

function goldAmongNodes(results: readonly QuestionResult[]): number {
  return percent(
    results.map((result) =>
      result.nodes.some((node) => normalisedEquals(node.answer, result.gold)) ? 1 : 0,
    ),
  );
}

function summarizeGroup(results: readonly QuestionResult[]): GroupSummary {
  const withReference = results.filter((result) => result.reference !== undefined);
  // Resolved by each node's extractor: the heuristic at the engine's threshold, an extractor with its own threshold at it.
  const confident = results.filter(
    (result) => result.nodes.length > 0 && result.nodes.every((node) => node.resolved),
  );
  return {
    n: results.length,
    exactMatch: percent(results.map((result) => result.exactMatch)),
    exactMatchInterval: wilsonInterval(
      results.reduce((sum, result) => sum + result.exactMatch, 0),
      results.length,
    ),
    f1: percent(results.map((result) => result.f1)),
    llmCallsPerQuestion: round(mean(results.map((result) => result.llmCalls)), 2),
    llmCallsPerQuestionWithSynthesis: round(
      mean(results.map((result) => result.llmCalls + (result.neededSynthesis ? 1 : 0))),
      2,
    ),
    confident: {
      answered: confident.length,
      precision: percent(confident.map((result) => result.exactMatch)),
    },
    goldAmongNodeAnswers: goldAmongNodes(results),
    goldInPool: percent(results.map((result) => (result.goldInPool ? 1 : 0))),
    tokensMedian: round(median(results.map((result) => result.tokens.total)), 0),
    reference: {
      measured: withReference.length,
      exactMatch: percent(withReference.map((result) => (result.reference?.exactMatch === true ? 1 : 0))),
      f1: percent(withReference.map((result) => result.reference?.f1 ?? 0)),
      tokensMedian: round(median(withReference.map((result) => result.reference?.tokens.total ?? 0)), 0),
    },
  };
}

function groupBy(results: readonly QuestionResult[], key: (result: QuestionResult) => string) {
  const groups = new Map<string, QuestionResult[]>();
  for (const result of results) {
    const name = key(result);
    groups.set(name, [...(groups.get(name) ?? []), result]);
  }
  return Object.fromEntries(
    [...groups.entries()].sort().map(([name, group]) => [name, summarizeGroup(group)]),
  );
}

function countBy(
  results: readonly QuestionResult[],
  key: (result: QuestionResult) => string,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) counts[key(result)] = (counts[key(result)] ?? 0) + 1;
  return counts;
}

function normalisedEquals(left: string, right: string): boolean {
  const clean = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return clean(left).length > 0 && clean(left) === clean(right);
}

function summarizeBaselines(results: readonly QuestionResult[]): Record<string, SystemSummary> {
  const names = [...new Set(results.flatMap((result) => Object.keys(result.baselines)))].sort();
  const summaries: Record<string, SystemSummary> = {};
  for (const name of names) {
    const runs = results.flatMap((result) => {
      const run = result.baselines[name];
      return run === undefined || run.exactMatch === undefined ? [] : [run];
    });
    const tokens = runs.flatMap((run) => (typeof run.tokens === 'number' ? [run.tokens] : []));
    summaries[name] = {
      n: runs.length,
      exactMatch: percent(runs.map((run) => (run.exactMatch === true ? 1 : 0))),
      f1: percent(runs.map((run) => run.f1 ?? 0)),
      tokensMedian: tokens.length === 0 ? null : round(median(tokens), 0),
    };
  }
  return summaries;
}

/** Aggregates per-question results into the figures the report and `--json` print. */
export function summarizeResults(
  results: readonly QuestionResult[],
  options: {
    confidenceThreshold: number;
    folds?: number;
    /** The engine's `compose_min_confidence` (default 0.8): the threshold the calibration report reads at. */
    composeMinConfidence?: number;
  },
): EvalSummary {
  const withReference = results.filter((result) => result.reference !== undefined);
  const on = results.flatMap((result) =>
    result.contextChars.on === undefined ? [] : [result.contextChars.on],
  );
  const off = results.flatMap((result) =>
    result.contextChars.off === undefined ? [] : [result.contextChars.off],
  );
  const gated = results.filter((result) => result.trajectoryIdentical !== undefined);
  const identical = gated.filter((result) => result.trajectoryIdentical === true).length;
  const overall = summarizeGroup(results);
  const rewrite = summarizeRewrites(results);
  const byMode = countBy(results, (result) => result.synthesisMode);
  const composedWithoutCall = results.filter(
    (result) => result.synthesisMode === 'composed' && !result.neededSynthesis && result.error === undefined,
  );
  const answerCalibration = crossFitAnswerCalibration(results, {
    folds: options.folds !== undefined && options.folds >= 2 ? options.folds : 5,
    threshold: options.composeMinConfidence ?? 0.8,
  });
  const totals = results.map((result) => result.tokens.total);
  const withSynthesisPrompt = results.map(
    (result) => result.tokens.total + result.unansweredSynthesisPromptTokens,
  );
  return {
    n: overall.n,
    exactMatch: overall.exactMatch,
    exactMatchInterval: overall.exactMatchInterval,
    calibration: reliabilityTable(
      results
        .filter((result) => result.error === undefined)
        .map((result) => ({ confidence: result.answerConfidence, correct: result.exactMatch === 1 })),
    ),
    ...(options.folds === undefined || options.folds < 2
      ? {}
      : { folds: summarizeFolds(results, options.folds) }),
    f1: overall.f1,
    llmCallsPerQuestion: overall.llmCallsPerQuestion,
    llmCallsPerQuestionWithSynthesis: overall.llmCallsPerQuestionWithSynthesis,
    tokensPerQuestion: { median: round(median(totals), 0), mean: round(mean(totals), 0) },
    tokensPerQuestionWithSynthesisPrompt: {
      median: round(median(withSynthesisPrompt), 0),
      mean: round(mean(withSynthesisPrompt), 0),
    },
    tokensByStageMedian: {
      decompose: round(
        median(results.map((result) => result.tokens.decompose.input + result.tokens.decompose.output)),
        0,
      ),
      decide: round(
        median(results.map((result) => result.tokens.decide.input + result.tokens.decide.output)),
        0,
      ),
      synthesize: round(
        median(results.map((result) => result.tokens.synthesize.input + result.tokens.synthesize.output)),
        0,
      ),
    },
    latencyMs: {
      p50: round(
        percentile(
          results.map((result) => result.nonLlmLatencyMs),
          50,
        ),
        1,
      ),
      p95: round(
        percentile(
          results.map((result) => result.nonLlmLatencyMs),
          95,
        ),
        1,
      ),
    },
    reference: {
      ...overall.reference,
      llmCallsPerQuestion: round(mean(withReference.map((result) => result.reference?.llmCalls ?? 0)), 2),
    },
    baselines: summarizeBaselines(results),
    byKind: groupBy(results, (result) => result.kind),
    byDataset: groupBy(results, (result) => result.dataset),
    compaction: {
      contextCharsMedianOn: on.length === 0 ? null : round(median(on), 0),
      contextCharsMedianOff: off.length === 0 ? null : round(median(off), 0),
      trajectoryIdentical: gated.length === 0 ? null : identical === gated.length,
      trajectoryIdenticalCount: gated.length === 0 ? null : identical,
    },
    synthesis: {
      byMode,
      exactMatchByMode: Object.fromEntries(
        Object.keys(byMode).map((mode) => [
          mode,
          percent(
            results.filter((result) => result.synthesisMode === mode).map((result) => result.exactMatch),
          ),
        ]),
      ),
      neededSynthesis: results.filter((result) => result.neededSynthesis).length,
      composedWithoutCall: {
        answered: composedWithoutCall.length,
        precision: percent(composedWithoutCall.map((result) => result.exactMatch)),
      },
    },
    ...(answerCalibration === undefined ? {} : { answerCalibration }),
    confidence: {
      threshold: options.confidenceThreshold,
      ...overall.confident,
    },
    goldAmongNodeAnswers: overall.goldAmongNodeAnswers,
    goldInPool: overall.goldInPool,
    plans: {
      bySource: countBy(results, (result) => result.planSource ?? 'none'),
      repaired: results.filter((result) => result.planRepairs.length > 0).length,
    },
    refusals: results.filter((result) => result.refusal !== undefined).length,
    errors: results.filter((result) => result.error !== undefined).length,
    ...(rewrite === undefined ? {} : { rewrite }),
  };
}
