/** A word or punctuation token of a text, with character offsets (`text === source.slice(start, end)`). */
export interface WordToken {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Letters and digits, joined across inner hyphens, full stops and apostrophes ("war-weary", "U.S",
 * "O'Brien"), with a possessive `'s` / `’s` split off; any other non-space character is a token of
 * its own. The trained reader and rewriter and the word-vector embedder all read text through it.
 */
const wordPattern = /[\p{L}\p{N}\p{M}]+(?:(?:[-.]|['’](?![sS]\b))[\p{L}\p{N}\p{M}]+)*|['’][sS]\b|\S/gu;

/** Splits a text into word tokens (see `wordPattern`). */
export function tokenizeWords(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(wordPattern)) {
    const start = match.index;
    tokens.push({ text: match[0], start, end: start + match[0].length });
  }
  return tokens;
}
