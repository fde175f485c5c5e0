import { describe, expect, it } from 'vitest';
import { standardDeviation, wilsonInterval } from '../metrics/statistics.js';
import { foldOfQuestion, summarizeFolds } from './fold-summary.js';
import type { QuestionResult } from './question-result.js';

function result(id: string, exactMatch: number): QuestionResult {
  return { id, exactMatch, f1: exactMatch } as unknown as QuestionResult;
}

describe('Wilson intervals and folds', () => {
  it('gives the Wilson 95 % interval in percent', () => {
    expect(wilsonInterval(2, 3)).toEqual([20.8, 93.9]);
    expect(wilsonInterval(0, 10)).toEqual([0, 27.8]);
    expect(wilsonInterval(50, 100)).toEqual([40.4, 59.6]);
    expect(wilsonInterval(0, 0)).toEqual([0, 0]);
    expect(standardDeviation([1, 3])).toBeCloseTo(Math.SQRT2, 10);
  });

  it('splits questions by id into disjoint folds and reports their spread', () => {
    const results = Array.from({ length: 60 }, (_, index) => result(`q-${index}`, index % 3 === 0 ? 1 : 0));
    const summary = summarizeFolds(results, 5);
    expect(summary.byFold.reduce((sum, fold) => sum + fold.n, 0)).toBe(60);
    expect(summary.byFold.map((fold) => fold.fold)).toEqual([0, 1, 2, 3, 4]);
    for (const fold of summary.byFold) {
      const part = results.filter((entry) => foldOfQuestion(entry.id, 5) === fold.fold);
      expect(fold.n).toBe(part.length);
      expect(fold.exactMatchInterval[0]).toBeLessThanOrEqual(fold.exactMatch);
      expect(fold.exactMatchInterval[1]).toBeGreaterThanOrEqual(fold.exactMatch);
    }
    expect(summary.exactMatch.min).toBeLessThanOrEqual(summary.exactMatch.mean);
    expect(summary.exactMatch.max).toBeGreaterThanOrEqual(summary.exactMatch.mean);
    // The fold of a question does not depend on the order of the file.
    expect(summarizeFolds([...results].reverse(), 5).byFold).toEqual(summary.byFold);
  });
});
