import {
  demonstratives,
  objectPronouns,
  possessiveDeterminers,
  subjectPronouns,
} from './pointer-candidates.js';

/** Words that open a description of something not yet named: "the", a demonstrative, a possessive. */
const descriptionOpeners: ReadonlySet<string> = new Set(['the', ...demonstratives, ...possessiveDeterminers]);
/** A word alone that stands for something said before. */
const standIns: ReadonlySet<string> = new Set([
  ...subjectPronouns,
  ...objectPronouns,
  ...possessiveDeterminers,
  ...demonstratives,
]);
/** Quote marks and brackets around a word. */
const wordEdges = /^["'‘“([]+|["'’”)\].,?!]+$/gu;

/**
 * Whether `text.slice(start, end)` is a referring expression — what a dependent sub-question uses for
 * the answer it depends on: a pronoun, possessive or demonstrative alone ("he", "its", "this"), or a
 * description opened by "the", a demonstrative or a possessive whose next word has no capital ("the
 * city where …", "this director", "his first film", "the director of 'Harbour Lights'"). Not a name
 * ("Ada Lee", "The Harbour Band"), a question word ("which year") nor a bare noun ("release"). On
 * CompactRAG's rewrite set 97 % of the phrases the rewriter replaces rightly are referring
 * expressions (ADR-0017, revision of 2026-12-05). `text` is the whole sub-question, `start`/`end`
 * the phrase's character offsets in it.
 */
export function isReferringPhrase(text: string, start: number, end: number): boolean {
  const words = text
    .slice(start, end)
    .split(/\s+/u)
    .map((word) => word.replace(wordEdges, ''))
    .filter((word) => word !== '');
  const first = words[0]?.toLowerCase();
  if (first === undefined) return false;
  if (words.length === 1) return standIns.has(first);
  return descriptionOpeners.has(first) && !capitalised(words[1] as string);
}

function capitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}
