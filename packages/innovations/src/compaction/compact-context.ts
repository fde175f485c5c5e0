import { RootweaverError } from '../errors.js';
import { reasoningKeyTerms } from './key-terms.js';
import { isBlank, isWhiteSpaceCode, splitOnWhiteSpace } from './white-space.js';

/** The header that opens each hop's block in the accumulated context. */
export const hopBlockHeader = 'From query';

export interface CompactContextOptions {
  /** `false` returns the context unchanged, byte for byte (ADR-077's flag). Default `true`. */
  readonly enabled?: boolean;
  /** Hard budget in UTF-16 code units (`string.length`), counting the `\n` between kept lines. */
  readonly maxChars: number;
  /**
   * Sub-queries still open against the FULL context (see `selectOpenSubQueries`); lines holding one of
   * their key terms are kept first. The compactor does not re-evaluate answerability.
   */
  readonly openSubQueries: readonly string[];
  /** The user's question; its key terms rank lines within each band. */
  readonly query: string;
}

export interface CompactionResult {
  /** The compacted context, or the input itself when disabled or when it already fits. */
  readonly text: string;
  /** `text.length`; never more than `maxChars` when enabled. */
  readonly chars: number;
  /** `context.length` of the input. */
  readonly uncompactedChars: number;
  /** Non-blank lines in `text`. */
  readonly keptLines: number;
  /** Non-blank input lines left out. Blank lines are never counted as kept or dropped. */
  readonly droppedLines: number;
  /** True when `text` differs from the input. */
  readonly compacted: boolean;
}

/** Band of a line: 0 = holds an open sub-query key term, 1 = in the latest hop block, 2 = the rest. */
type Band = 0 | 1 | 2;

/**
 * ADR-077's extractive compactor: pure, deterministic, no I/O, no model.
 *
 * Returns the input unchanged when `enabled` is false or when it already fits in `maxChars`. Otherwise
 * it works on the context's lines (split on `\n`; blank lines are discarded) and selects whole lines in
 * priority order:
 *
 * - band 0: lines holding a key term of a still-open sub-query;
 * - band 1: lines of the most recent hop block — the last line starting (after white space) with
 *   `From query`, and every line after it;
 * - band 2: all other lines.
 *
 * Within a band: overlap with the query's key terms (distinct terms) descending, then original position
 * ascending. The budget is absolute and binds every band: a line whose length (plus one `\n` when a
 * line is already kept) would exceed what remains is skipped, and later, shorter lines may still fit.
 * Lines are never truncated. The kept lines are emitted in their original order, joined by `\n`, so
 * the text keeps its narrative order; priority decides only WHICH lines survive.
 *
 * Terms are matched as whole key terms (same tokenisation as `reasoningKeyTerms`), not as substrings.
 */
export function compactContext(context: string, options: CompactContextOptions): CompactionResult {
  if (options.enabled === false) {
    return unchanged(context);
  }
  const { maxChars } = options;
  if (!Number.isSafeInteger(maxChars) || maxChars < 0) {
    throw new RootweaverError(
      'invalid-input',
      `compactContext needs maxChars to be a whole number of characters, 0 or more (got ${String(maxChars)}); ` +
        'set compaction_max_chars in configs/retrieval/multi_hop.yaml, e.g. 2000.',
      { details: { maxChars } },
    );
  }
  if (context.length <= maxChars) {
    return unchanged(context);
  }

  const lines = context.split('\n');
  const lowerCaseLines = lowerCaseEachLine(context, lines);
  const termCodes = buildTermCodes(options.query, options.openSubQueries);
  const queryTermCount = termCodes.queryTermCount;
  const lastHeader = findLastHopHeader(lines);

  // Candidates: non-blank lines, with their band and query-term overlap.
  const candidates: number[] = [];
  const bands = new Uint8Array(lines.length);
  const overlaps = new Uint32Array(lines.length);
  const seenInLine = new Int32Array(queryTermCount).fill(-1);
  for (let index = 0; index < lines.length; index++) {
    const lowerCaseLine = lowerCaseLines[index] ?? '';
    if (isBlank(lowerCaseLine)) {
      continue;
    }
    let overlap = 0;
    let pinned = false;
    for (const token of splitOnWhiteSpace(lowerCaseLine)) {
      const code = termCodes.codes.get(token);
      if (code === undefined) {
        continue;
      }
      if ((code & openSubQueryBit) !== 0) {
        pinned = true;
      }
      const queryTermIndex = (code >>> 1) - 1;
      if (queryTermIndex >= 0 && seenInLine[queryTermIndex] !== index) {
        seenInLine[queryTermIndex] = index;
        overlap++;
      }
    }
    const band: Band = pinned ? 0 : lastHeader >= 0 && index >= lastHeader ? 1 : 2;
    bands[index] = band;
    overlaps[index] = overlap;
    candidates.push(index);
  }

  candidates.sort(
    (left, right) =>
      (bands[left] ?? 0) - (bands[right] ?? 0) ||
      (overlaps[right] ?? 0) - (overlaps[left] ?? 0) ||
      left - right,
  );

  // Greedy fill under the hard budget; separators are counted as lines are added.
  const kept = new Uint8Array(lines.length);
  let used = 0;
  let keptLines = 0;
  for (const index of candidates) {
    const cost = (lines[index] ?? '').length + (keptLines > 0 ? 1 : 0);
    if (used + cost <= maxChars) {
      kept[index] = 1;
      used += cost;
      keptLines++;
      if (maxChars - used < 2) {
        break; // no non-blank line (at least 1 character plus its separator) can fit any more
      }
    }
  }

  const output: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (kept[index] === 1) {
      output.push(lines[index] ?? '');
    }
  }
  const text = output.join('\n');
  return {
    text,
    chars: text.length,
    uncompactedChars: context.length,
    keptLines,
    droppedLines: candidates.length - keptLines,
    compacted: text !== context,
  };
}

const openSubQueryBit = 1;

interface TermCodes {
  /** key term → (query-term index + 1) << 1 | open-sub-query bit. */
  readonly codes: Map<string, number>;
  readonly queryTermCount: number;
}

function buildTermCodes(query: string, openSubQueries: readonly string[]): TermCodes {
  const codes = new Map<string, number>();
  const queryTerms = reasoningKeyTerms(query);
  queryTerms.forEach((term, index) => {
    codes.set(term, (index + 1) << 1);
  });
  for (const subQuery of openSubQueries) {
    for (const term of reasoningKeyTerms(subQuery)) {
      codes.set(term, (codes.get(term) ?? 0) | openSubQueryBit);
    }
  }
  return { codes, queryTermCount: queryTerms.length };
}

function lowerCaseEachLine(context: string, lines: readonly string[]): readonly string[] {
  // Lower-casing never creates or removes a line feed, so the whole text can be lowered once.
  const lowered = context.toLowerCase().split('\n');
  return lowered.length === lines.length ? lowered : lines.map((line) => line.toLowerCase());
}

function findLastHopHeader(lines: readonly string[]): number {
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] ?? '';
    let start = 0;
    while (start < line.length && isWhiteSpaceCode(line.charCodeAt(start))) {
      start++;
    }
    if (line.startsWith(hopBlockHeader, start)) {
      return index;
    }
  }
  return -1;
}

function unchanged(context: string): CompactionResult {
  return {
    text: context,
    chars: context.length,
    uncompactedChars: context.length,
    keptLines: countNonBlankLines(context),
    droppedLines: 0,
    compacted: false,
  };
}

function countNonBlankLines(text: string): number {
  let count = 0;
  let lineHasContent = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x0a) {
      if (lineHasContent) {
        count++;
      }
      lineHasContent = false;
    } else if (!lineHasContent && !isWhiteSpaceCode(code)) {
      lineHasContent = true;
    }
  }
  return lineHasContent ? count + 1 : count;
}
