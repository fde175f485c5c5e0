import { isAbbreviation } from './abbreviations.js';
import { isFunctionWord } from './stop-words.js';

/** A sentence of a text, with character offsets into that text (`text === source.slice(start, end)`). */
export interface Sentence {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** End punctuation (and closing quotes or brackets), white space, then a capital, a digit or an opening quote. */
const boundaryPattern = /[.!?]+["”’')\]]*\s+(?=["“‘'([]?[\p{Lu}\d])/gu;
const lastWordPattern = /([\p{L}.]+)[.!?]*$/u;
/** The first word after a boundary, past an opening quote or bracket. */
const nextWordPattern = /^["“‘'([]?(\p{L}+)/u;
/** Characters after a boundary read for its next word: more than any function word needs. */
const nextWordWindow = 24;
/**
 * Abbreviations that join what follows them to what precedes them ("Ada Lee vs. The Harbour Band"): a
 * capitalised function word after them is a title's, not a new sentence's.
 */
const joiningAbbreviations: ReadonlySet<string> = new Set(['vs', 'v', 'feat']);

/**
 * English sentences, used by the index build and at question time alike. A boundary is end
 * punctuation, white space, then a capital, a digit or an opening quote — unless a full stop closes an
 * abbreviation or an initial ("St. Louis", "Dr. Jane Smith", "J. R. R. Tolkien", "U.S. Army"), or the
 * boundary falls inside parentheses ("(c. 1640? – 1689)"). An abbreviation or initial still ends its
 * sentence when a capitalised function word follows ("… Holdings Inc. It was founded …", "… World
 * War I. The …"): names and numbers follow a title or an initial, a pronoun or article starts a
 * sentence. "A" and "I" are not read so (they are initials too: "P. A. Lind").
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number): void => {
    const raw = text.slice(start, end);
    const trimmedStart = start + (raw.length - raw.trimStart().length);
    const sentenceText = raw.trim();
    if (sentenceText !== '')
      sentences.push({ text: sentenceText, start: trimmedStart, end: trimmedStart + sentenceText.length });
  };
  for (const match of text.matchAll(boundaryPattern)) {
    const index = match.index;
    if (match[0].startsWith('.')) {
      const before = lastWordPattern.exec(text.slice(Math.max(start, index - 24), index + 1))?.[1] ?? '';
      const after = index + match[0].length;
      if (isAbbreviation(before) && !startsSentence(before, text.slice(after, after + nextWordWindow)))
        continue;
    }
    const piece = text.slice(start, index);
    if (countOf(piece, '(') > countOf(piece, ')')) continue;
    const end = index + match[0].trimEnd().length;
    push(end);
    start = end;
  }
  push(text.length);
  return sentences;
}

/** Whether the text after an abbreviation's full stop starts a new sentence: a capitalised function word. */
function startsSentence(abbreviation: string, after: string): boolean {
  if (joiningAbbreviations.has(abbreviation.replace(/\.$/u, '').toLowerCase())) return false;
  const word = nextWordPattern.exec(after)?.[1];
  return (
    word !== undefined &&
    word.length > 1 &&
    /^\p{Lu}\p{Ll}*$/u.test(word) &&
    isFunctionWord(word.toLowerCase())
  );
}

function countOf(text: string, character: string): number {
  let count = 0;
  for (const each of text) if (each === character) count += 1;
  return count;
}
