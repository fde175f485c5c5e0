import { reliabilityTable } from '@rootweaver/innovations';
import { fitLogistic } from '../metrics/fit-logistic.js';
import { round } from '../metrics/statistics.js';
import { foldOfQuestion } from './fold-summary.js';
import type { QuestionResult } from './question-result.js';

/** Answers at or above a confidence, and how often they are right. */
export interface ConfidentAnswers {
  readonly threshold: number;
  readonly answered: number;
  /** EM (percent) of those answers; 0 when there are none. */
  readonly precision: number;
}

/**
 * The answer confidence of a question file, as the engine reports it and as a logistic map over the
 * run's own signals would make it, each question's calibrated confidence coming from a map fitted on
 * the other folds only (cross-fitting): how well the answer confidence could be calibrated, measured on
 * questions no map saw. Nothing here is shipped to the engine.
 */
export interface AnswerCalibration {
  readonly folds: number;
  readonly answers: number;
  /** The map's inputs, in order. */
  readonly inputs: readonly string[];
  readonly raw: { readonly expectedCalibrationError: number; readonly confident: ConfidentAnswers };
  readonly crossFitted: { readonly expectedCalibrationError: number; readonly confident: ConfidentAnswers };
}

function logit(probability: number): number {
  const p = Math.min(1 - 1e-4, Math.max(1e-4, probability));
  return Math.log(p / (1 - p));
}

const polarAnswer = /^(?:yes|no)$/iu;

const inputs = [
  'logit of the answer confidence (weakest node)',
  'logit of the mean node confidence',
  'node count',
  'yes/no answer',
] as const;

function featuresOf(result: QuestionResult): number[] {
  const confidences = result.nodes.map((node) => node.confidence);
  const meanConfidence =
    confidences.length === 0 ? 0 : confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  return [
    logit(result.answerConfidence),
    logit(meanConfidence),
    result.nodes.length,
    polarAnswer.test(result.prediction.trim()) ? 1 : 0,
  ];
}

function confidentAnswers(
  points: readonly { confidence: number; correct: boolean }[],
  threshold: number,
): ConfidentAnswers {
  const kept = points.filter((point) => point.confidence >= threshold);
  const right = kept.filter((point) => point.correct).length;
  return {
    threshold,
    answered: kept.length,
    precision: kept.length === 0 ? 0 : round((100 * right) / kept.length),
  };
}

/**
 * Cross-fitted answer calibration over `folds` folds (the `--folds` split, by question id): for each
 * fold, a logistic map of `inputs` fitted on the other folds' answers gives this fold's calibrated
 * confidences. Reports the expected calibration error and the answers at or above `threshold` (the
 * engine's `compose_min_confidence`), raw and cross-fitted. Undefined with fewer than two answers per fold.
 */
export function crossFitAnswerCalibration(
  results: readonly QuestionResult[],
  options: { readonly folds: number; readonly threshold: number },
): AnswerCalibration | undefined {
  const answered = results.filter((result) => result.error === undefined);
  if (options.folds < 2 || answered.length < 2 * options.folds) return undefined;
  const foldOf = answered.map((result) => foldOfQuestion(result.id, options.folds));
  const features = answered.map(featuresOf);
  const outcomes = answered.map((result) => (result.exactMatch === 1 ? 1 : 0));
  const calibrated = new Array<number>(answered.length).fill(0);
  for (let fold = 0; fold < options.folds; fold += 1) {
    const train = answered.flatMap((_, index) => (foldOf[index] === fold ? [] : [index]));
    if (train.length === 0) continue;
    const map = fitLogistic(
      train.map((index) => features[index] as number[]),
      train.map((index) => outcomes[index] as number),
      { ridge: 1 },
    );
    answered.forEach((_, index) => {
      if (foldOf[index] !== fold) return;
      const z = (features[index] as number[]).reduce(
        (sum, value, position) => sum + value * (map.weights[position] as number),
        map.bias,
      );
      calibrated[index] = 1 / (1 + Math.exp(-z));
    });
  }
  const rawPoints = answered.map((result, index) => ({
    confidence: result.answerConfidence,
    correct: outcomes[index] === 1,
  }));
  const fittedPoints = answered.map((_, index) => ({
    confidence: calibrated[index] as number,
    correct: outcomes[index] === 1,
  }));
  return {
    folds: options.folds,
    answers: answered.length,
    inputs,
    raw: {
      expectedCalibrationError: round(reliabilityTable(rawPoints).expectedCalibrationError, 3),
      confident: confidentAnswers(rawPoints, options.threshold),
    },
    crossFitted: {
      expectedCalibrationError: round(reliabilityTable(fittedPoints).expectedCalibrationError, 3),
      confident: confidentAnswers(fittedPoints, options.threshold),
    },
  };
}
