import { inferAnswerType } from '../extraction/answer-type.js';
import { parseDate } from '../extraction/dates.js';

export interface ConformAnswerOptions {
  /** The user's question (not a sub-question): its wording says what form the answer takes. */
  readonly question: string;
  /** The answer composed or extracted from the nodes. */
  readonly answer: string;
  /**
   * Retrieved texts, most relevant first, for a conformer that reads the answer's wording from them
   * (an `AnswerPolicy.conform` of one's own); `conformAnswer` reads none.
   */
  readonly texts: readonly string[];
}

export interface ConformedAnswer {
  readonly answer: string;
  /** What was changed, for the trace; empty when the answer was kept as it was. */
  readonly changes: readonly 'year-of-date'[];
}

/**
 * Puts a composed answer in the terms of the user's question, without inventing anything:
 * "In what year …?" answered with a full date gives the date's year. A node's sub-question may have
 * asked "When …?"; the user's question says what they want back.
 */
export function conformAnswer(options: ConformAnswerOptions): ConformedAnswer {
  const changes: ConformedAnswer['changes'][number][] = [];
  let answer = options.answer.trim();
  if (inferAnswerType(options.question) === 'year') {
    const date = parseDate(answer);
    if (date !== undefined && date.precision !== 'year' && date.text.length >= answer.length - 1) {
      answer = date.year < 0 ? `${-date.year} BC` : String(date.year);
      changes.push('year-of-date');
    }
  }
  return { answer, changes };
}
