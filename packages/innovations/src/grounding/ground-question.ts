import type { GroundingMethod } from '../engine/answer.js';

export interface ParentAnswer {
  readonly id: number;
  readonly question: string;
  readonly answer: string;
}

export interface GroundingResult {
  /** The sub-question with parent answers inserted; the original when no parent answer fits. */
  readonly text: string;
  readonly method: GroundingMethod;
  /** Ids of the parents whose answers were inserted. */
  readonly insertedFrom: readonly number[];
}

export interface GroundQuestionOptions {
  readonly question: string;
  readonly parents: readonly ParentAnswer[];
}

/** SCAFFOLD (issue 7 replaces): inserts parent answers into a dependent sub-question. */
export function groundQuestion(options: GroundQuestionOptions): GroundingResult {
  return { text: options.question, method: 'none', insertedFrom: [] };
}
