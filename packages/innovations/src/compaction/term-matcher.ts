import { isWhiteSpaceCode as importedIsWhiteSpaceCode } from './white-space.js';

// Bound once: module transforms (vitest's among them) turn every use of an imported binding into a
// property read on the module object, which keeps V8 from inlining it in the per-character loop.
const isWhiteSpaceCode = importedIsWhiteSpaceCode;

/**
 * Finds which of a fixed set of key terms occur as whole white-space-separated tokens of a lower-cased
 * line, without cutting the line into substrings: each token is hashed while it is scanned and looked up
 * in an open-addressing table, and a hash hit is confirmed by comparing the characters. The answer is
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
      const hash = hashRange(term, 0, term.length);
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
   * line feed). Returns the number of tokens in each line (0 for a blank line) and every token equal to a
   * term, as parallel lists of line index and term index, in text order.
   */
  scan(lowerCaseText: string, lineCount: number): TermMatches {
    const lineTokens = new Int32Array(lineCount);
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
          return { lineTokens, matchLines, matchTerms };
        }
        code = lowerCaseText.charCodeAt(index);
      }
      // Hash the token up to the next white space (printable ASCII is the fast path).
      const start = index;
      let hash = hashSeed;
      while (index < length) {
        code = lowerCaseText.charCodeAt(index);
        if ((code <= 0x20 || code >= 0xa0) && isWhiteSpaceCode(code)) {
          break;
        }
        hash = Math.imul(hash ^ code, hashPrime);
        index++;
      }
      lineTokens[line] = (lineTokens[line] ?? 0) + 1;
      const tokenLength = index - start;
      if (tokenLength < shortestTerm) {
        continue;
      }
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
    return { lineTokens, matchLines, matchTerms };
  }
}

export interface TermMatches {
  /** Tokens per line; 0 marks a blank line. */
  readonly lineTokens: Int32Array;
  /** Line index of each match, in text order. */
  readonly matchLines: readonly number[];
  /** Term index of each match, parallel to `matchLines`. */
  readonly matchTerms: readonly number[];
}

// 32-bit FNV-1a over UTF-16 code units.
const hashSeed = 0x811c9dc5 | 0;
const hashPrime = 0x01000193;

function hashRange(text: string, start: number, end: number): number {
  let hash = hashSeed;
  for (let index = start; index < end; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), hashPrime);
  }
  return hash;
}
