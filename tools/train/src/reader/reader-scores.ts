import { exactMatch, f1Score } from '@rootweaver/eval';
import { logit, type RankedAnswer, rankSpans, type TreeEnsemble } from '@rootweaver/models';
import type { RankerExample } from './ranker-examples.js';

/** The reader's answer to one example and whether it is right ("no answer" is right only when none is). */
export interface Reading {
  readonly ranked: RankedAnswer;
  readonly correct: boolean;
}

/** Reads every example with the trees. */
export function readExamples(model: TreeEnsemble, examples: readonly RankerExample[]): Reading[] {
  return examples.map((example) => {
    const ranked = rankSpans(model, example.input);
    return { ranked, correct: example.answer !== '' && exactMatch(ranked.text, example.answer) === 1 };
  });
}

/** SQuAD exact match and F1 (in %) of readings of examples that have an answer. */
export function scoreReadings(
  examples: readonly RankerExample[],
  readings: readonly Reading[],
): { exactMatch: number; f1: number; count: number } {
  let em = 0;
  let f1 = 0;
  let count = 0;
  examples.forEach((example, index) => {
    if (example.answer === '') return;
    const reading = readings[index] as Reading;
    count += 1;
    em += reading.correct ? 1 : 0;
    f1 += f1Score(reading.ranked.text, example.answer);
  });
  return {
    exactMatch: count === 0 ? 0 : (100 * em) / count,
    f1: count === 0 ? 0 : (100 * f1) / count,
    count,
  };
}

/** The calibration map's inputs: logit p(answer), logit p(no answer). */
export function calibrationInputs(reading: Reading): number[] {
  return [logit(reading.ranked.probability), logit(reading.ranked.noAnswerProbability)];
}
