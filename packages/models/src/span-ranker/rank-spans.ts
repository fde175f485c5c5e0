import { normaliseAnswer } from '@rootweaver/language-en';
import type { TreeEnsemble } from '../trees/tree-ensemble.js';
import type { RankingInput, SpanCandidate } from './span-features.js';

/** The ranker's reading of one question: its answer, how probable it is, and how probable "no answer" is. */
export interface RankedAnswer {
  /** The most probable answer's best-scored span ('' when there is no candidate). */
  readonly text: string;
  /** That span, or undefined. */
  readonly candidate: SpanCandidate | undefined;
  /** The probability of the answer: the summed probability of every span that normalises to it. */
  readonly probability: number;
  readonly noAnswerProbability: number;
  /** The pairs (indices) holding a span of the answer, the best span's pair first. */
  readonly pairs: readonly number[];
}

/** How `rankSpans` narrows many candidates before scoring them with every tree. */
export interface Screening {
  /** Trees every candidate is scored with first. */
  readonly trees: number;
  /** Candidates kept, by that score, for the rest of the trees. */
  readonly keep: number;
}

/**
 * A cascade over the boosted trees, which add up: the first trees rank every candidate, the leading
 * ones go on to the rest. Measured on qa/valid to change no answer (ADR-0015, "Speed").
 */
export const defaultScreening: Screening = { trees: 20, keep: 32 };

/**
 * Scores the candidates and "no answer" with the trees (after `screening`, only the kept candidates
 * and "no answer" with all of them), turns the scores into one softmax, and sums the probability of
 * spans that are the same answer (`normaliseAnswer`): the answer with the largest sum wins, shown as
 * its best-scored span.
 */
export function rankSpans(
  model: TreeEnsemble,
  input: RankingInput,
  screening: Screening | undefined = defaultScreening,
): RankedAnswer {
  const { candidates, features } = input;
  const rows = candidates.length + 1;
  const noAnswer = rows - 1;
  let kept: number[] = Array.from({ length: rows }, (_, row) => row);
  const scores = new Float64Array(rows);
  let scored = 0;
  if (screening !== undefined && candidates.length > screening.keep && model.treeCount > screening.trees) {
    scored = screening.trees;
    for (let row = 0; row < rows; row += 1) scores[row] = model.score(features, row, scored);
    const order = candidates.map((_, row) => row);
    order.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
    kept = [...order.slice(0, screening.keep), noAnswer];
  }
  let max = Number.NEGATIVE_INFINITY;
  for (const row of kept) {
    const score = (scores[row] as number) + model.score(features, row, model.treeCount, scored);
    scores[row] = score;
    if (score > max) max = score;
  }
  let sum = 0;
  for (const row of kept) {
    const value = Math.exp((scores[row] as number) - max);
    scores[row] = value;
    sum += value;
  }
  const byAnswer = new Map<string, { probability: number; best: number; pairs: number[] }>();
  for (const row of kept) {
    if (row === noAnswer) continue;
    const candidate = candidates[row] as SpanCandidate;
    const probability = (scores[row] as number) / sum;
    const key = normaliseAnswer(candidate.text);
    if (key === '') continue;
    const entry = byAnswer.get(key);
    if (entry === undefined) byAnswer.set(key, { probability, best: row, pairs: [candidate.pair] });
    else {
      entry.probability += probability;
      if (probability > (scores[entry.best] as number) / sum) entry.best = row;
      if (!entry.pairs.includes(candidate.pair)) entry.pairs.push(candidate.pair);
    }
  }
  const noAnswerProbability = (scores[noAnswer] as number) / sum;
  let winner: { probability: number; best: number; pairs: number[] } | undefined;
  for (const entry of byAnswer.values())
    if (winner === undefined || entry.probability > winner.probability) winner = entry;
  if (winner === undefined)
    return { text: '', candidate: undefined, probability: 0, noAnswerProbability, pairs: [] };
  const candidate = candidates[winner.best] as SpanCandidate;
  const pairs = [candidate.pair, ...winner.pairs.filter((pair) => pair !== candidate.pair)];
  return { text: candidate.text, candidate, probability: winner.probability, noAnswerProbability, pairs };
}
