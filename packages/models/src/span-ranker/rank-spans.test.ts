import { describe, expect, it } from 'vitest';
import { TreeEnsemble } from '../trees/tree-ensemble.js';
import { rankSpans } from './rank-spans.js';
import type { RankingInput, SpanCandidate } from './span-features.js';

/** Stumps over feature 0, the highest threshold first: the sum counts the thresholds (k/steps) below the value. */
function stepTrees(steps: number): TreeEnsemble {
  const feature = Int32Array.from({ length: steps }, () => 0);
  const threshold = Float32Array.from({ length: steps }, (_, index) => (steps - 1 - index) / steps);
  const left = Int32Array.from({ length: steps }, (_, index) => -(2 * index) - 1);
  const right = Int32Array.from({ length: steps }, (_, index) => -(2 * index) - 2);
  const leaf = Float32Array.from({ length: 2 * steps }, (_, index) => (index % 2 === 0 ? 0 : 1));
  return new TreeEnsemble({
    featureCount: 1,
    feature,
    threshold,
    left,
    right,
    leaf,
    roots: Int32Array.from({ length: steps }, (_, index) => index),
  });
}

function inputOf(spans: readonly [string, number, number][], noAnswer: number): RankingInput {
  const candidates: SpanCandidate[] = spans.map(([text, , pair], index) => ({
    pair,
    line: pair,
    start: index,
    end: index + 1,
    text,
  }));
  return {
    candidates,
    features: Float32Array.from([...spans.map(([, score]) => score), noAnswer]),
    answerType: { kind: 'who', code: 1, noun: undefined },
  };
}

describe('rankSpans', () => {
  const model = stepTrees(8);

  it('adds up the probability of spans that are the same answer, and cites every pair holding it, the best first', () => {
    const input = inputOf(
      [
        ['Amazon', 0.7, 0],
        ['the Nile', 0.5, 1],
        ['Nile', 0.6, 2],
        ['Nile.', 0.6, 3],
        ['NILE', 0.6, 4],
      ],
      0,
    );
    const ranked = rankSpans(model, input, undefined);
    // Scores 6, 4, 5, 5, 5 and 0 (no answer): the Nile's e^4 + 3e^5 > the Amazon's e^6.
    expect(ranked.text).toBe('Nile');
    expect(ranked.pairs).toEqual([2, 1, 3, 4]);
    const total = Math.exp(6) + Math.exp(4) + 3 * Math.exp(5) + 1;
    expect(ranked.probability).toBeCloseTo((Math.exp(4) + 3 * Math.exp(5)) / total, 10);
    expect(ranked.noAnswerProbability).toBeCloseTo(1 / total, 10);
  });

  it('says "no answer here" through its probability, and gives no text without candidates', () => {
    const unsure = rankSpans(model, inputOf([['Amazon', 0, 0]], 1), undefined);
    expect(unsure.noAnswerProbability).toBeGreaterThan(unsure.probability);
    expect(rankSpans(model, inputOf([], 1), undefined)).toMatchObject({
      text: '',
      pairs: [],
      probability: 0,
    });
  });

  it('screens many candidates with the first trees and reaches the answer scoring all of them would', () => {
    const spans: [string, number, number][] = Array.from({ length: 60 }, (_, index) => [
      `c${index}`,
      (index % 17) / 20,
      index,
    ]);
    spans.push(['winner', 0.99, 60]);
    const input = inputOf(spans, 0.1);
    const full = rankSpans(model, input, undefined);
    const screened = rankSpans(model, input, { trees: 4, keep: 5 });
    expect(screened.text).toBe('winner');
    expect(screened.text).toBe(full.text);
    // Fewer candidates share the mass: the winner's probability can only grow.
    expect(screened.probability).toBeGreaterThanOrEqual(full.probability);
  });
});
