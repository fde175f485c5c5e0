import { holdsOtherWhiteSpace, isWhiteSpaceCode as importedIsWhiteSpaceCode } from './white-space.js';

// Bound once: module transforms (vitest's among them) turn every use of an imported binding into a
// property read on the module object, which keeps V8 from inlining it in the per-character loop.
const isWhiteSpaceCode = importedIsWhiteSpaceCode;

/**
 * Finds which of a fixed set of key terms occur as whole white-space-separated tokens of a lower-cased
 * text, without cutting it into substrings: each token is keyed by its first and last characters and its
 * length, looked up in an open-addressing table (after a check of the length against the terms'), and a key
 * hit is confirmed by comparing the characters. The answer is exactly "token === term" — the same
 * whole-token matching as `reasoningKeyTerms` — only faster, which is what lets the compactor meet its
 * budget of tens of thousands of compactions a second.
 */
export class TermMatcher {
  private readonly terms: readonly string[];
  private readonly slotHashes: Int32Array;
  /** Term index + 1 per slot; 0 marks an empty slot. */
  private readonly slotTerms: Int32Array;
  private readonly mask: number;
  /** Bit n set when some term is n code units long (n ≤ 31); longer terms set `hasLongTerm`. */
  private readonly termLengths: number;
  private readonly hasLongTerm: boolean;

  /** `terms` must be distinct, lower case and free of white space (as `reasoningKeyTerms` returns them). */
  constructor(terms: readonly string[]) {
    this.terms = terms;
    let size = 8;
    while (size < terms.length * 4) {
      size *= 2;
    }
    this.mask = size - 1;
    this.slotHashes = new Int32Array(size);
    this.slotTerms = new Int32Array(size);
    let termLengths = 0;
    let hasLongTerm = false;
    terms.forEach((term, termIndex) => {
      if (term.length <= 31) termLengths |= 1 << term.length;
      else hasLongTerm = true;
      const hash = tokenKey(term.charCodeAt(0), term.charCodeAt(term.length - 1), term.length);
      let slot = hash & this.mask;
      while (this.slotTerms[slot] !== 0) {
        slot = (slot + 1) & this.mask;
      }
      this.slotHashes[slot] = hash;
      this.slotTerms[slot] = termIndex + 1;
    });
    this.termLengths = termLengths;
    this.hasLongTerm = hasLongTerm;
  }

  /**
   * Scans a whole lower-cased text once. Lines are split on `\n` (line k is the text after the k-th
   * line feed; lines from `lineCount` on are not tracked). Returns, per line, whether it has a token (0
   * for a blank line) and every token equal to a term, as parallel lists of line index and term index,
   * in text order.
   */
  scan(lowerCaseText: string, lineCount: number): TermMatches {
    // Most contexts separate tokens by spaces and line feeds only: then `indexOf`, which the engine
    // runs far faster than a loop over every character, finds the token boundaries.
    return holdsOtherWhiteSpace(lowerCaseText)
      ? this.scanEveryCharacter(lowerCaseText, lineCount)
      : this.scanSpacesAndLineFeeds(lowerCaseText, lineCount);
  }

  /** `scan` of a text whose only white space is spaces and line feeds. */
  private scanSpacesAndLineFeeds(text: string, lineCount: number): TermMatches {
    const lineHasToken = new Uint8Array(lineCount);
    const matchLines: number[] = [];
    const matchTerms: number[] = [];
    const length = text.length;
    let line = 0;
    let lineStart = 0;
    // The next space at or after the current token's start; kept across lines so a line with no space
    // does not search the rest of the text again.
    let nextSpace = -1;
    while (lineStart <= length) {
      const newline = text.indexOf('\n', lineStart);
      const lineEnd = newline < 0 ? length : newline;
      let start = lineStart;
      while (start < lineEnd) {
        if (nextSpace < start) {
          nextSpace = text.indexOf(' ', start);
          if (nextSpace < 0) nextSpace = length;
        }
        const end = Math.min(nextSpace, lineEnd);
        if (end > start) {
          lineHasToken[line] = 1; // a typed array ignores writes past its end: lines from lineCount on
          const termIndex = this.termAt(text, start, end);
          if (termIndex >= 0) {
            matchLines.push(line);
            matchTerms.push(termIndex);
          }
        }
        start = end + 1;
      }
      line++;
      lineStart = lineEnd + 1;
    }
    return { lineHasToken, matchLines, matchTerms };
  }

  /** The index of the term equal to `text[start, end)`, or -1. */
  private termAt(text: string, start: number, end: number): number {
    const tokenLength = end - start;
    if (tokenLength <= 31 ? ((this.termLengths >>> tokenLength) & 1) === 0 : !this.hasLongTerm) {
      return -1;
    }
    const hash = tokenKey(text.charCodeAt(start), text.charCodeAt(end - 1), tokenLength);
    const mask = this.mask;
    let slot = hash & mask;
    let entry = this.slotTerms[slot] ?? 0;
    while (entry !== 0) {
      if (this.slotHashes[slot] === hash) {
        const term = this.terms[entry - 1] ?? '';
        if (term.length === tokenLength && text.startsWith(term, start)) {
          return entry - 1;
        }
      }
      slot = (slot + 1) & mask;
      entry = this.slotTerms[slot] ?? 0;
    }
    return -1;
  }

  /** `scan` of any text: every character is tested for white space. */
  private scanEveryCharacter(lowerCaseText: string, lineCount: number): TermMatches {
    const lineHasToken = new Uint8Array(lineCount);
    const matchLines: number[] = [];
    const matchTerms: number[] = [];
    const length = lowerCaseText.length;
    let line = 0;
    let index = 0;
    while (index < length) {
      // Skip white space up to the next token, counting line feeds.
      let code = lowerCaseText.charCodeAt(index);
      while (isWhiteSpaceCode(code)) {
        if (code === 0x0a) {
          line++;
        }
        index++;
        if (index === length) {
          return { lineHasToken, matchLines, matchTerms };
        }
        code = lowerCaseText.charCodeAt(index);
      }
      // Find the end of the token (printable ASCII is the fast path).
      const start = index;
      index++;
      while (index < length) {
        code = lowerCaseText.charCodeAt(index);
        if ((code <= 0x20 || code >= 0xa0) && isWhiteSpaceCode(code)) {
          break;
        }
        index++;
      }
      lineHasToken[line] = 1; // a typed array ignores writes past its end: lines from lineCount on
      const termIndex = this.termAt(lowerCaseText, start, index);
      if (termIndex >= 0) {
        matchLines.push(line);
        matchTerms.push(termIndex);
      }
    }
    return { lineHasToken, matchLines, matchTerms };
  }
}

export interface TermMatches {
  /** 1 for a line with at least one token, 0 for a blank line. */
  readonly lineHasToken: Uint8Array;
  /** Line index of each match, in text order. */
  readonly matchLines: readonly number[];
  /** Term index of each match, parallel to `matchLines`. */
  readonly matchTerms: readonly number[];
}

/**
 * A cheap key of a token: its first and last code units and its length, mixed (murmur3's finaliser).
 * Tokens that share a key with a term are told apart by comparing characters, so the key only has to
 * make such collisions rare, and it costs nothing per character.
 */
function tokenKey(first: number, last: number, length: number): number {
  let key = ((first << 16) | last) ^ Math.imul(length, 0x9e3779b1);
  key = Math.imul(key ^ (key >>> 16), 0x85ebca6b);
  key = Math.imul(key ^ (key >>> 13), 0xc2b2ae35);
  return key ^ (key >>> 16);
}
