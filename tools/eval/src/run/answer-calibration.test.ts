import { seededRandom } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { crossFitAnswerCalibration } from './answer-calibration.js';
import type { QuestionResult } from './question-result.js';

function result(id: string, confidence: number, right: boolean, prediction = 'Ada Lee'): QuestionResult {
  return {
    id,
    prediction,
    exactMatch: right ? 1 : 0,
    answerConfidence: confidence,
    nodes: [{ id: 0, question: '', groundedQuestion: '', answer: prediction, confidence, resolved: true }],
  } as unknown as QuestionResult;
}

/** Answers right with probability `truth(confidence)`, confidences spread evenly. */
function simulated(count: number, truth: (confidence: number) => number): QuestionResult[] {
  const random = seededRandom(7);
  return Array.from({ length: count }, (_, index) => {
    const confidence = (index + 0.5) / count;
    return result(`q-${index}`, confidence, random() < truth(confidence));
  });
}

describe('crossFitAnswerCalibration', () => {
  it('leaves a calibrated confidence about as calibrated as it was', () => {
    const report = crossFitAnswerCalibration(
      simulated(2000, (confidence) => confidence),
      {
        folds: 5,
        threshold: 0.8,
      },
    );
    expect(report?.raw.expectedCalibrationError).toBeLessThan(0.05);
    expect(report?.crossFitted.expectedCalibrationError).toBeLessThan(0.05);
    expect(report?.raw.confident.precision).toBeGreaterThan(85);
  });

  it('repairs an over-confident answer confidence on questions its map did not see', () => {
    // Right half as often as the confidence says: at ≥ 0.8 the raw answers are right about 45 % of the time.
    const report = crossFitAnswerCalibration(
      simulated(2000, (confidence) => confidence / 2),
      {
        folds: 5,
        threshold: 0.8,
      },
    );
    expect(report?.raw.expectedCalibrationError).toBeGreaterThan(0.2);
    expect(report?.crossFitted.expectedCalibrationError).toBeLessThan(0.06);
    expect(report?.raw.confident.answered).toBeGreaterThan(300);
    expect(report?.raw.confident.precision).toBeLessThan(55);
    // Nothing is right 80 % of the time: a calibrated map marks (almost) nothing confident.
    expect(report?.crossFitted.confident.answered).toBeLessThan(20);
  });

  it('is undefined when the folds cannot each hold two answers, and skips failed questions', () => {
    expect(
      crossFitAnswerCalibration(
        simulated(6, (confidence) => confidence),
        { folds: 5, threshold: 0.8 },
      ),
    ).toBe(undefined);
    const failed = { ...result('broken', 0.9, false), error: 'boom' } as QuestionResult;
    const report = crossFitAnswerCalibration([...simulated(50, () => 0.5), failed], {
      folds: 5,
      threshold: 0.8,
    });
    expect(report?.answers).toBe(50);
  });
});
