import { inferAnswerType } from '../extraction/answer-type.js';
import { askedNoun } from '../extraction/asked-noun.js';
import { parseDate } from '../extraction/dates.js';
import { escapeRegExp, stem } from '../extraction/text.js';

export interface ConformAnswerOptions {
  /** The user's question (not a sub-question): its wording says what form the answer takes. */
  readonly question: string;
  /** The answer composed or extracted from the nodes. */
  readonly answer: string;
  /** Retrieved texts to read the answer's full name from, most relevant first. */
  readonly texts: readonly string[];
}

export interface ConformedAnswer {
  readonly answer: string;
  /** What was changed, for the trace; empty when the answer was kept as it was. */
  readonly changes: readonly ('asked-noun' | 'year-of-date')[];
}

/**
 * Puts a composed answer in the terms of the user's question, without inventing anything:
 * "In what year …?" answered with a full date gives the date's year; "Which dialect …?" answered
 * "Vellish" gives "Vellish dialects" when a retrieved text names it so (the asked noun right after
 * the answer, as written there). A node's sub-question may have asked "When …?" or "What is …?"; the
 * user's question says what they want back.
 */
export function conformAnswer(options: ConformAnswerOptions): ConformedAnswer {
  const changes: ConformedAnswer['changes'][number][] = [];
  let answer = options.answer.trim();
  if (answer.length === 0 || /^(?:yes|no)$/i.test(answer)) return { answer, changes };
  if (inferAnswerType(options.question) === 'year') {
    const date = parseDate(answer);
    if (date !== undefined && date.precision !== 'year' && date.text.length >= answer.length - 1) {
      answer = date.year < 0 ? `${-date.year} BC` : String(date.year);
      changes.push('year-of-date');
    }
  }
  const noun = askedNoun(options.question);
  const lastWord = answer.match(/[\p{L}\p{N}]+/gu)?.at(-1);
  if (noun !== undefined && lastWord !== undefined && stem(lastWord) !== noun.stem) {
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])${escapeRegExp(answer)}\\s+(\\p{Ll}[\\p{Ll}-]*)(?![\\p{L}\\p{N}])`,
      'u',
    );
    for (const text of options.texts) {
      const word = pattern.exec(text)?.[1];
      if (word !== undefined && isFormOf(word, noun.word)) {
        answer = `${answer} ${word}`;
        changes.push('asked-noun');
        break;
      }
    }
  }
  return { answer, changes };
}

/** The noun itself or its plural ("dialect", "dialects", "county", "counties"). */
function isFormOf(word: string, noun: string): boolean {
  return (
    word === noun ||
    word === `${noun}s` ||
    word === `${noun}es` ||
    (noun.endsWith('y') && word === `${noun.slice(0, -1)}ies`)
  );
}
