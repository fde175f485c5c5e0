import {
  creatorNouns,
  officeNouns,
  organisationNouns,
  personRoleNouns,
  placeNouns,
  workNouns,
} from '@rootweaver/language-en';
import { partOfSpeechTags } from '../language/part-of-speech.js';
import type { AnalysedText } from '../span-ranker/analysed-text.js';
import {
  demonstratives,
  isDemonstrativeAt,
  objectPronouns,
  possessiveDeterminers,
  relativeWords,
  subjectPronouns,
} from './pointer-candidates.js';

// What the pointer knows of English words: reference words, kinds of noun, given names, the kinds
// an answer can be, part-of-speech groups, and each word's class for the trees.

/** Words that point back at something said before ("the person mentioned above", "the said company"). */
export const referenceWords = new Set([
  'mentioned',
  'above',
  'aforementioned',
  'aforesaid',
  'said',
  'previous',
  'previously',
  'earlier',
  'former',
  'latter',
  'specified',
  'identified',
  'stated',
  'described',
  'noted',
  'referenced',
  'given',
  'named',
]);
export const timeNouns = new Set([
  'year',
  'years',
  'date',
  'day',
  'month',
  'decade',
  'century',
  'period',
  'time',
  'era',
  'season',
  'age',
  'number',
  'amount',
  'figure',
]);
export const personNouns = new Set([
  ...personRoleNouns,
  ...creatorNouns,
  ...officeNouns,
  'person',
  'people',
  'man',
  'woman',
  'individual',
  'figure',
]);
export const placeNounSet = new Set(placeNouns);
export const organisationNounSet = new Set(organisationNouns);
export const workNounSet = new Set(workNouns);
/** Common English given names: their mean vector tells an answer that starts with a person's name. */
export const givenNames = [
  'john',
  'mary',
  'david',
  'elizabeth',
  'michael',
  'anna',
  'robert',
  'maria',
  'james',
  'sarah',
];
/** Generic nouns of five kinds of thing: an answer's cosine with each mean says what it is likely to be. */
export const kindWords = [
  ['person', 'man', 'woman', 'he', 'she', 'actor', 'politician', 'writer'],
  ['city', 'country', 'town', 'village', 'region', 'river', 'county'],
  ['film', 'album', 'song', 'novel', 'book', 'series', 'show'],
  ['company', 'club', 'team', 'band', 'organization', 'party', 'university'],
  ['year', 'date', 'month', 'season', 'century', 'day'],
];
/** Pronouns that stand for a person. */
export const personPronouns = new Set([
  'he',
  'she',
  'him',
  'her',
  'his',
  'who',
  'whom',
  'himself',
  'herself',
]);

/** A kind profile: the most likely kind, its lead over the next, and a softmax over the kinds. */
export interface KindProfile {
  readonly kind: number;
  readonly margin: number;
  readonly shares: readonly number[];
}

export function profileOf(cosines: readonly number[]): KindProfile {
  let kind = 0;
  cosines.forEach((value, index) => {
    if (value > (cosines[kind] as number)) kind = index;
  });
  const second = Math.max(...cosines.filter((_, index) => index !== kind));
  const exps = cosines.map((value) => Math.exp(30 * value));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return { kind, margin: (cosines[kind] as number) - second, shares: exps.map((value) => value / total) };
}

export const personProfile: KindProfile = { kind: 0, margin: 1, shares: [1, 0, 0, 0, 0] };

export const pluralStarters = new Set(['these', 'those', 'they', 'them', 'their']);
export const quotes = new Set(['"', '“', '”', "'", '‘', '’']);

const tag = (name: string): number => partOfSpeechTags.indexOf(name as (typeof partOfSpeechTags)[number]);
export const auxiliary = tag('AUX');
export const verb = tag('VERB');
export const nounGroupTags = new Set([tag('NOUN'), tag('PROPN'), tag('ADJ'), tag('NUM')]);
export const determinerTags = new Set([tag('DET'), tag('ADJ')]);

/** Drops a plural "s" for the lexicon look-ups ("directors" is a person noun). */
export function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** A word's class for the trees: 0 none, 1 demonstrative, 2 "the", 3 "a"/"an", 4 possessive
 * determiner, 5 personal pronoun, 6 relative word, 7 other function word, 8 capitalised, 9 number,
 * 10 punctuation, 11 other content word. */
export function wordClass(text: AnalysedText, index: number, atStart: boolean): number {
  if (index < 0 || index >= text.tokens.length) return 0;
  const word = text.lower[index] as string;
  if (demonstratives.has(word)) return isDemonstrativeAt(text, index) ? 1 : 6;
  if (word === 'the') return 2;
  if (word === 'a' || word === 'an') return 3;
  if (possessiveDeterminers.has(word) && word !== 'her') return 4;
  if (subjectPronouns.has(word) || objectPronouns.has(word)) return 5;
  if (relativeWords.has(word)) return 6;
  if (text.isWord[index] === 0) return 10;
  if (text.isFunction[index] === 1) return 7;
  if (text.hasDigit[index] === 1) return 9;
  if (text.isCapitalised[index] === 1 && !atStart) return 8;
  return 11;
}
