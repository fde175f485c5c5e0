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

/**
 * Scores every candidate and "no answer" with the trees, turns the scores into one softmax, and
 * sums the probability of spans that are the same answer (`normaliseAnswer`): the answer with the
 * largest sum wins, shown as its best-scored span.
 */
export function rankSpans(model: TreeEnsemble, input: RankingInput, trees?: number): RankedAnswer {
  const { candidates, features } = input;
  const rows = candidates.length + 1;
  const scores = new Float64Array(rows);
  let max = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < rows; row += 1) {
    const score = model.score(features, row, trees);
    scores[row] = score;
    if (score > max) max = score;
  }
  let sum = 0;
  for (let row = 0; row < rows; row += 1) {
    const value = Math.exp((scores[row] as number) - max);
    scores[row] = value;
    sum += value;
  }
  const byAnswer = new Map<string, { probability: number; best: number; pairs: number[] }>();
  candidates.forEach((candidate, row) => {
    const probability = (scores[row] as number) / sum;
    const key = normaliseAnswer(candidate.text);
    if (key === '') return;
    const entry = byAnswer.get(key);
    if (entry === undefined) byAnswer.set(key, { probability, best: row, pairs: [candidate.pair] });
    else {
      entry.probability += probability;
      if (probability > (scores[entry.best] as number) / sum) entry.best = row;
      if (!entry.pairs.includes(candidate.pair)) entry.pairs.push(candidate.pair);
    }
  });
  const noAnswerProbability = (scores[rows - 1] as number) / sum;
  let winner: { probability: number; best: number; pairs: number[] } | undefined;
  for (const entry of byAnswer.values())
    if (winner === undefined || entry.probability > winner.probability) winner = entry;
  if (winner === undefined)
    return { text: '', candidate: undefined, probability: 0, noAnswerProbability, pairs: [] };
  const candidate = candidates[winner.best] as SpanCandidate;
  const pairs = [candidate.pair, ...winner.pairs.filter((pair) => pair !== candidate.pair)];
  return { text: candidate.text, candidate, probability: winner.probability, noAnswerProbability, pairs };
}
