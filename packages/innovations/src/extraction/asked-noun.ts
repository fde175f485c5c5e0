import { functionWords, questionNouns } from '@rootweaver/language-en';
import { stem } from './text.js';

/** Words after "which/what" that are not the noun of the thing asked for (function words, generic kinds, what has its own answer type). */
function notNoun(word: string): boolean {
  return functionWords.has(word) || questionNouns.has(word) || otherKinds.has(word);
}
const otherKinds: ReadonlySet<string> = new Set([
  'kind',
  'type',
  'sort',
  'day',
  'time',
  'country',
  'nationality',
]);

/**
 * The stem of the noun a question asks for by name — "In which county …?" → county, "What river …?"
 * → river — when it is a noun names carry as their last word ("Tern County", "Tern River",
 * "Orlen City"). Years, dates, countries and "what is" have their own answer types.
 */
export function askedHeadNoun(question: string): string | undefined {
  const word = /\b(?:which|what)\s+([\p{L}-]+)\b/iu.exec(question)?.[1]?.toLowerCase();
  if (word === undefined || notNoun(word) || word.length < 3) return undefined;
  return stem(word);
}

/** Whether a candidate names a thing of the asked kind: its last word is the asked noun ("Tern County"). */
export function namesAskedNoun(candidate: string, noun: string): boolean {
  const words = candidate.match(/[\p{L}\p{N}]+/gu) ?? [];
  const last = words.at(-1);
  return words.length >= 2 && last !== undefined && stem(last) === noun;
}
