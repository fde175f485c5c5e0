import type { AskOptions, MultiHopAnswer } from '@rootweaver/core';
import { mean, round } from '../metrics/statistics.js';
import type { GoldenCategory, GoldenQuestion } from './golden-set.js';

/**
 * A document's key: its path without the passage part (`#section/2`), the extension, `./` or case —
 * `docs/Guide.md`, `docs/guide` and a passage id `docs/guide.md#setup/2` are `docs/guide`.
 */
export function documentKey(idOrPath: string): string {
  const withoutSection = idOrPath.split('#')[0] ?? idOrPath;
  return withoutSection
    .replaceAll('\\', '/')
    .replace(/^\.\//, '')
    .replace(/\.(md|markdown|txt|html?|pdf)$/i, '')
    .toLowerCase();
}

/**
 * Whether a retrieved document is an expected source: equal keys, or one key a whole-folder suffix
 * of the other (`guide` and `examples/corpus/guide.md` match; `zod/readme` and `pino/readme` do not).
 */
export function sameSource(left: string, right: string): boolean {
  const a = documentKey(left);
  const b = documentKey(right);
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}

/** Precision at k over the answer's context pool in pool order: relevant items among the first k, over k. */
export function precisionAtK(
  rankedDocumentIds: readonly string[],
  expected: readonly string[],
  k: number,
): number {
  const top = rankedDocumentIds.slice(0, k);
  return top.filter((id) => expected.some((source) => sameSource(id, source))).length / k;
}

/** Share of the expected sources that some citation points to. */
export function citationCoverage(citedDocumentIds: readonly string[], expected: readonly string[]): number {
  if (expected.length === 0) return 1;
  return (
    expected.filter((source) => citedDocumentIds.some((id) => sameSource(id, source))).length /
    expected.length
  );
}

/** 1 when every expected substring occurs in the answer (case-insensitive), else 0. */
export function answerContains(answer: string, expected: readonly string[]): number {
  const lower = answer.toLowerCase();
  return expected.every((part) => lower.includes(part.toLowerCase())) ? 1 : 0;
}

export interface GoldenOutcome {
  readonly id: string;
  readonly category: GoldenCategory;
  readonly mode: 'multi-hop' | 'single-pass';
  readonly answer: string;
  readonly precisionAt5: number;
  readonly precisionAt10: number;
  readonly answerContains: number;
  readonly citationCoverage: number;
  /** 1 when every expected substring occurs in the retrieved pool (pairs and their passages): retrieval found it. */
  readonly answerInPool: number;
  readonly llmCalls: number;
}

export function scoreGoldenAnswer(
  question: GoldenQuestion,
  answer: MultiHopAnswer,
  mode: GoldenOutcome['mode'],
): GoldenOutcome {
  const ranked = answer.pool.map((item) => item.documentId);
  return {
    id: question.id,
    category: question.category,
    mode,
    answer: answer.answer,
    precisionAt5: precisionAtK(ranked, question.expected_sources, 5),
    precisionAt10: precisionAtK(ranked, question.expected_sources, 10),
    answerContains: answerContains(answer.answer, question.expected_answer_contains),
    citationCoverage: citationCoverage(
      answer.citations.map((citation) => citation.documentId),
      question.expected_sources,
    ),
    answerInPool: answerContains(
      answer.pool.map((item) => `${item.answer ?? ''}\n${item.passage}`).join('\n'),
      question.expected_answer_contains,
    ),
    llmCalls: answer.usage.llmCalls,
  };
}

export interface GoldenAggregate {
  readonly n: number;
  readonly precisionAt5: number;
  readonly precisionAt10: number;
  /** Questions whose answer contained every expected substring. */
  readonly answerContainsHits: number;
  readonly answerContains: number;
  readonly citationCoverage: number;
  /** Questions whose expected substrings all occur in the retrieved pool. */
  readonly answerInPoolHits: number;
  readonly llmCallsPerQuestion: number;
}

export function aggregateGolden(outcomes: readonly GoldenOutcome[]): GoldenAggregate {
  return {
    n: outcomes.length,
    precisionAt5: round(mean(outcomes.map((outcome) => outcome.precisionAt5)) * 100, 1),
    precisionAt10: round(mean(outcomes.map((outcome) => outcome.precisionAt10)) * 100, 1),
    answerContainsHits: outcomes.filter((outcome) => outcome.answerContains === 1).length,
    answerContains: round(mean(outcomes.map((outcome) => outcome.answerContains)) * 100, 1),
    citationCoverage: round(mean(outcomes.map((outcome) => outcome.citationCoverage)) * 100, 1),
    answerInPoolHits: outcomes.filter((outcome) => outcome.answerInPool === 1).length,
    llmCallsPerQuestion: round(mean(outcomes.map((outcome) => outcome.llmCalls)), 2),
  };
}

/** Multi-hop and single-pass over the same engine. */
export interface GoldenEngine {
  ask(question: string, options: AskOptions): Promise<MultiHopAnswer>;
  askSinglePass(question: string, options: AskOptions): Promise<MultiHopAnswer>;
}

export interface GoldenReport {
  readonly outcomes: readonly GoldenOutcome[];
  readonly multiHop: GoldenAggregate;
  readonly singlePass: GoldenAggregate;
  readonly byCategory: Readonly<Record<string, { multiHop: GoldenAggregate; singlePass: GoldenAggregate }>>;
}

/** Answers every golden question twice (multi-hop with the compact planner, and single-pass) and scores both. */
export async function evaluateGoldenSet(options: {
  readonly questions: readonly GoldenQuestion[];
  readonly engine: GoldenEngine;
  readonly askOptions?: AskOptions;
  readonly onOutcome?: (outcome: GoldenOutcome) => void;
}): Promise<GoldenReport> {
  const outcomes: GoldenOutcome[] = [];
  const askOptions: AskOptions = { planner: 'compact', ...options.askOptions };
  for (const question of options.questions) {
    const multi = scoreGoldenAnswer(
      question,
      await options.engine.ask(question.query, askOptions),
      'multi-hop',
    );
    const single = scoreGoldenAnswer(
      question,
      await options.engine.askSinglePass(question.query, askOptions),
      'single-pass',
    );
    outcomes.push(multi, single);
    options.onOutcome?.(multi);
    options.onOutcome?.(single);
  }
  const pick = (mode: GoldenOutcome['mode'], category?: GoldenCategory) =>
    outcomes.filter(
      (outcome) => outcome.mode === mode && (category === undefined || outcome.category === category),
    );
  const categories = [...new Set(options.questions.map((question) => question.category))];
  return {
    outcomes,
    multiHop: aggregateGolden(pick('multi-hop')),
    singlePass: aggregateGolden(pick('single-pass')),
    byCategory: Object.fromEntries(
      categories.map((category) => [
        category,
        {
          multiHop: aggregateGolden(pick('multi-hop', category)),
          singlePass: aggregateGolden(pick('single-pass', category)),
        },
      ]),
    ),
  };
}
