import { isAbbreviation } from './abbreviations.js';

/** A sentence of a text, with character offsets into that text (`text === source.slice(start, end)`). */
export interface Sentence {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** End punctuation (and closing quotes or brackets), white space, then a capital, a digit or an opening quote. */
const boundaryPattern = /[.!?]+["”’')\]]*\s+(?=["“‘'([]?[\p{Lu}\d])/gu;
const lastWordPattern = /([\p{L}.]+)[.!?]*$/u;

/**
 * English sentences, used by the index build and at question time alike. A boundary is end
 * punctuation, white space, then a capital, a digit or an opening quote — unless a full stop closes an
 * abbreviation or an initial ("St. Louis", "Dr. Jane Smith", "J. R. R. Tolkien", "U.S. Army"), or the
 * boundary falls inside parentheses ("(c. 1640? – 1689)").
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
      if (isAbbreviation(before)) continue;
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

function countOf(text: string, character: string): number {
  let count = 0;
  for (const each of text) if (each === character) count += 1;
  return count;
}
