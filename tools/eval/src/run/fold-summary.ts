import { createHash } from 'node:crypto';
import { mean, round, standardDeviation, wilsonInterval } from '../metrics/statistics.js';
import type { QuestionResult } from './question-result.js';

export interface FoldFigures {
  readonly fold: number;
  readonly n: number;
  readonly exactMatch: number;
  readonly exactMatchInterval: readonly [number, number];
  readonly f1: number;
}

/** EM and F1 over K disjoint splits of the question file: mean, spread and each fold with its interval. */
export interface FoldSummary {
  readonly folds: number;
  readonly exactMatch: {
    readonly mean: number;
    readonly standardDeviation: number;
    readonly min: number;
    readonly max: number;
  };
  readonly f1: { readonly mean: number; readonly standardDeviation: number };
  readonly byFold: readonly FoldFigures[];
}

/** The fold of a question: a hash of its id, so a question keeps its fold whatever the file's order. */
export function foldOfQuestion(id: string, folds: number): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) % folds;
}

/**
 * Splits the results into `folds` disjoint parts by question id and reports EM/F1 per part, their
 * mean and sample standard deviation: how much a figure moves with the questions drawn.
 */
export function summarizeFolds(results: readonly QuestionResult[], folds: number): FoldSummary {
  const byFold: FoldFigures[] = [];
  for (let fold = 0; fold < folds; fold += 1) {
    const part = results.filter((result) => foldOfQuestion(result.id, folds) === fold);
    const correct = part.reduce((sum, result) => sum + result.exactMatch, 0);
    byFold.push({
      fold,
      n: part.length,
      exactMatch: part.length === 0 ? 0 : round((correct / part.length) * 100),
      exactMatchInterval: wilsonInterval(correct, part.length),
      f1: part.length === 0 ? 0 : round(mean(part.map((result) => result.f1)) * 100),
    });
  }
  const filled = byFold.filter((fold) => fold.n > 0);
  const em = filled.map((fold) => fold.exactMatch);
  return {
    folds,
    exactMatch: {
      mean: round(mean(em)),
      standardDeviation: round(standardDeviation(em)),
      min: em.length === 0 ? 0 : Math.min(...em),
      max: em.length === 0 ? 0 : Math.max(...em),
    },
    f1: {
      mean: round(mean(filled.map((fold) => fold.f1))),
      standardDeviation: round(standardDeviation(filled.map((fold) => fold.f1))),
    },
    byFold,
  };
}
