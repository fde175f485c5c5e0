import { isFunctionWord, possessiveOf } from '@rootweaver/language-en';

/** Possessive determiners: a parent's answer put in their place is possessive ("his film" → "Ada Lee's film"). */
const possessiveDeterminers = new Set(['his', 'its', 'their']);

/**
 * The sub-question with `[start, end)` of `text` replaced by the parent's answer. A possessive
 * determiner becomes the answer's possessive; so does "her" when a content word follows it ("her first
 * film"), not when it is an object ("married her in 1990"), and a phrase that was itself possessive
 * ("this year's"); an answer ending in s takes an apostrophe alone (`possessiveOf`).
 */
export function replaceSpan(text: string, start: number, end: number, answer: string): string {
  const replaced = text.slice(start, end).toLowerCase();
  const after = text.slice(end);
  const nextWord = /^\s+([\p{L}\p{N}]+)/u.exec(after)?.[1]?.toLowerCase();
  const possessive =
    possessiveDeterminers.has(replaced) ||
    (replaced === 'her' && nextWord !== undefined && !isFunctionWord(nextWord));
  // A phrase that was itself possessive ("this year's") keeps its "'s", written for the answer.
  const ownPossessive = possessive ? null : /^['’]s\b/u.exec(after);
  const inserted = possessive || ownPossessive !== null ? possessiveOf(answer) : answer;
  const rest = ownPossessive === null ? after : after.slice(ownPossessive[0].length);
  return `${text.slice(0, start)}${inserted}${rest}`.replace(/\s+/gu, ' ').trim();
}
