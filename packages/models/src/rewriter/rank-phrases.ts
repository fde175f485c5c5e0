import type { TreeEnsemble } from '../trees/tree-ensemble.js';
import type { PointerCandidate, PointerInput } from './pointer-features.js';

/** The trees' reading of a sub-question: the phrase the answer most likely replaces, and how likely "none" is. */
export interface PointedPhrase {
  /** The best-scored phrase; undefined when the question has none. */
  readonly candidate: PointerCandidate | undefined;
  /** Its index in the input's candidates (−1 when none). */
  readonly index: number;
  readonly probability: number;
  readonly noReplacementProbability: number;
}

/**
 * Scores every candidate phrase and "no replacement" with the trees and turns the scores into one
 * softmax; the best phrase is the most probable one, "no replacement" apart (the caller decides, from
 * the two probabilities, whether to replace).
 */
export function pointPhrase(model: TreeEnsemble, input: PointerInput, trees?: number): PointedPhrase {
  const rows = input.candidates.length + 1;
  const scores = new Float64Array(rows);
  let max = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < rows; row += 1) {
    const score = model.score(input.features, row, trees);
    scores[row] = score;
    if (score > max) max = score;
  }
  let sum = 0;
  let best = -1;
  for (let row = 0; row < rows; row += 1) {
    const value = Math.exp((scores[row] as number) - max);
    scores[row] = value;
    sum += value;
    if (row < rows - 1 && (best < 0 || value > (scores[best] as number))) best = row;
  }
  return {
    candidate: best < 0 ? undefined : input.candidates[best],
    index: best,
    probability: best < 0 ? 0 : (scores[best] as number) / sum,
    noReplacementProbability: (scores[rows - 1] as number) / sum,
  };
}
