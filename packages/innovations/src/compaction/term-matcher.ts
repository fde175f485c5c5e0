import { isWhiteSpaceCode as importedIsWhiteSpaceCode } from './white-space.js';

// Bound once: module transforms (vitest's among them) turn every use of an imported binding into a
// property read on the module object, which keeps V8 from inlining it in the per-character loop.
const isWhiteSpaceCode = importedIsWhiteSpaceCode;

/**
 * Finds which of a fixed set of key terms occur as whole white-space-separated tokens of a lower-cased
 * text, without cutting it into substrings: each token is keyed by its first and last characters and its
 * length, looked up in an open-addressing table, and a key hit is confirmed by comparing the characters. The answer is
 * exactly "token === term" — the same whole-token matching as `reasoningKeyTerms` — only faster, which is
 * what lets the compactor meet its budget of tens of thousands of compactions a second.
 */
export class TermMatcher {
  private readonly terms: readonly string[];
  private readonly slotHashes: Int32Array;
  /** Term index + 1 per slot; 0 marks an empty slot. */
  private readonly slotTerms: Int32Array;
  private readonly mask: number;
  private readonly shortestTerm: number;

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
    let shortest = Number.POSITIVE_INFINITY;
    terms.forEach((term, termIndex) => {
      shortest = Math.min(shortest, term.length);
      const hash = tokenKey(term.charCodeAt(0), term.charCodeAt(term.length - 1), term.length);
      let slot = hash & this.mask;
      while (this.slotTerms[slot] !== 0) {
        slot = (slot + 1) & this.mask;
      }
      this.slotHashes[slot] = hash;
      this.slotTerms[slot] = termIndex + 1;
    });
    this.shortestTerm = shortest;
  }

  /**
   * Scans a whole lower-cased text once. Lines are split on `\n` (line k is the text after the k-th
   * line feed; lines from `lineCount` on are not tracked). Returns, per line, whether it has a token (0
   * for a blank line) and every token equal to a term, as parallel lists of line index and term index,
   * in text order.
   */
  scan(lowerCaseText: string, lineCount: number): TermMatches {
    const lineHasToken = new Uint8Array(lineCount);
    const matchLines: number[] = [];
    const matchTerms: number[] = [];
    const terms = this.terms;
    const slotHashes = this.slotHashes;
    const slotTerms = this.slotTerms;
    const mask = this.mask;
    const shortestTerm = this.shortestTerm;
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
      const tokenLength = index - start;
      if (tokenLength < shortestTerm) {
        continue;
      }
      const hash = tokenKey(
        lowerCaseText.charCodeAt(start),
        lowerCaseText.charCodeAt(index - 1),
        tokenLength,
      );
      // Open-addressing lookup; a hash hit is confirmed by comparing the characters.
      let slot = hash & mask;
      let entry = slotTerms[slot] ?? 0;
      while (entry !== 0) {
        if (slotHashes[slot] === hash) {
          const term = terms[entry - 1] ?? '';
          if (term.length === tokenLength && lowerCaseText.startsWith(term, start)) {
            matchLines.push(line);
            matchTerms.push(entry - 1);
            break;
          }
        }
        slot = (slot + 1) & mask;
        entry = slotTerms[slot] ?? 0;
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
