import { newWordsOf, pairsOfContext, type QaRecord } from '../reader/ranker-examples.js';

/**
 * A sub-question that needs no parent answer, with a parent it is not about: what a plan's already
 * grounded sub-question looks like to the rewriter. The rewrite set has none (each of its inputs holds
 * a reference), so they are made from the extraction set, whose questions name their subject.
 */
export interface GroundedQuestion {
  readonly id: string;
  readonly question: string;
  /** Another pair of the same context: its question … */
  readonly parentQuestion: string;
  /** … and what its answer adds to that question (`newWordsOf`), as a plan's node would answer it. */
  readonly parentAnswer: string;
}

/** Answers longer than this many words are not what a plan's node hands on. */
const maxParentAnswerWords = 8;

/**
 * One grounded question per extraction record that has another pair to act as the parent: the first
 * pair with a question line whose answer does not hold the record's answer, its answer short and not
 * named by the question.
 */
export function groundedQuestionsOf(records: readonly QaRecord[]): GroundedQuestion[] {
  const found: GroundedQuestion[] = [];
  for (const record of records) {
    const gold = record.answers.text[0] ?? '';
    const parent = pairsOfContext(record.context).find(
      (pair) => pair.question !== '' && !pair.answer.includes(gold),
    );
    const answer = parent === undefined ? undefined : newWordsOf(parent);
    if (parent === undefined || answer === undefined) continue;
    if (answer.split(' ').length > maxParentAnswerWords) continue;
    if (record.question.toLowerCase().includes(answer.toLowerCase())) continue;
    found.push({
      id: record.id,
      question: record.question,
      parentQuestion: parent.question,
      parentAnswer: answer,
    });
  }
  return found;
}
