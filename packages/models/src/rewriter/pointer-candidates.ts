import { partOfSpeechTags } from '../language/part-of-speech.js';
import type { AnalysedText } from '../span-ranker/analysed-text.js';

// Which phrases of a sub-question may refer to something the parent's answer names: the pointer's
// candidates, the words that mark a reference, and a phrase's head. `pointer-features.ts` describes them.

/**
 * A phrase of the sub-question the parent's answer may replace: tokens [first, last] of the analysed
 * question, characters [start, end) of its text.
 */
export interface PointerCandidate {
  readonly first: number;
  readonly last: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export const subjectPronouns = new Set(['he', 'she', 'it', 'they']);
export const objectPronouns = new Set(['him', 'her', 'it', 'them']);
export const possessiveDeterminers = new Set(['his', 'her', 'its', 'their']);
export const demonstratives = new Set(['this', 'that', 'these', 'those']);
export const relativeWords = new Set(['who', 'whom', 'whose', 'which', 'that', 'where', 'when']);
const openers = new Set(['(', '[', '"', '“', "'", '‘']);
const closers = new Set([')', ']', '"', '”', "'", '’']);

const tag = (name: string): number => partOfSpeechTags.indexOf(name as (typeof partOfSpeechTags)[number]);
export const adposition = tag('ADP');
export const verbTags = new Set([tag('VERB'), tag('AUX')]);
export const nounTags = new Set([tag('NOUN'), tag('PROPN'), tag('NUM')]);

/**
 * A demonstrative: "this", "these", "those", and "that" before a noun ("that city"), not as a relative
 * word or a pronoun ("the film that won", "after that").
 */
export function isDemonstrativeAt(text: AnalysedText, index: number): boolean {
  const word = text.lower[index] as string;
  if (word !== 'that') return demonstratives.has(word);
  const next = index + 1;
  return (
    next < text.tokens.length &&
    text.isWord[next] === 1 &&
    text.isFunction[next] === 0 &&
    !verbTags.has(text.tags[next] as number)
  );
}

/** "'s" ends a possessive; a phrase neither starts nor ends on it. */
export function isClitic(word: string): boolean {
  return word === "'s" || word === '’s';
}

/**
 * Function words a phrase that refers to something may start with: determiners, pronouns, relative
 * words and quantifiers ("this city", "he", "the person who …", "none of these", "where it is");
 * a phrase starting with any other function word ("of the city", "was born") is no candidate.
 */
const phraseStarters = new Set([
  ...demonstratives,
  ...subjectPronouns,
  ...objectPronouns,
  ...possessiveDeterminers,
  ...relativeWords,
  'the',
  'a',
  'an',
  'one',
  'none',
  'some',
  'each',
  'both',
  'all',
  'any',
  'another',
  'other',
  'such',
  'same',
]);

/**
 * Whether a token may start (or end) a phrase: a word — to start, a content word or a phrase starter —,
 * or a quote or bracket that opens (closes) one.
 */
function canStart(text: AnalysedText, index: number): boolean {
  const word = text.lower[index] as string;
  if (openers.has(word)) return true;
  if (text.isWord[index] === 0 || isClitic(word)) return false;
  return text.isFunction[index] === 0 || phraseStarters.has(word);
}
function canEnd(text: AnalysedText, index: number): boolean {
  const word = text.lower[index] as string;
  return (text.isWord[index] === 1 && !isClitic(word)) || closers.has(word);
}

/**
 * Every phrase of the question that may refer to something: up to `maxSpanTokens` tokens, no
 * punctuation at either end but quote marks and brackets, no function word first but a phrase starter.
 */
export function pointerCandidates(question: AnalysedText, maxSpanTokens: number): PointerCandidate[] {
  const candidates: PointerCandidate[] = [];
  const n = question.tokens.length;
  for (let first = 0; first < n; first += 1) {
    if (!canStart(question, first)) continue;
    for (let last = first; last < Math.min(n, first + maxSpanTokens); last += 1) {
      if (!canEnd(question, last)) continue;
      if (first === last && question.isWord[first] === 0) continue;
      const start = (question.tokens[first] as { start: number }).start;
      const end = (question.tokens[last] as { end: number }).end;
      candidates.push({ first, last, start, end, text: question.text.slice(start, end) });
    }
  }
  return candidates;
}

/** The phrase's head: its last noun before a relative word or preposition inside it, else its last content word. */
export function headOf(question: AnalysedText, first: number, last: number): number {
  let head = -1;
  for (let index = first; index <= last; index += 1) {
    const word = question.lower[index] as string;
    if (
      index > first &&
      ((relativeWords.has(word) && !isDemonstrativeAt(question, index)) ||
        question.tags[index] === adposition)
    )
      break;
    if (nounTags.has(question.tags[index] as number) && question.isFunction[index] === 0) head = index;
  }
  if (head >= 0) return head;
  for (let index = last; index >= first; index -= 1)
    if (question.isWord[index] === 1 && question.isFunction[index] === 0) return index;
  return -1;
}
