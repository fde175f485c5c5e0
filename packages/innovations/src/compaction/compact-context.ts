import { RootweaverError } from '@rootweaver/core';
import { reasoningKeyTerms } from './key-terms.js';
import { TermMatcher } from './term-matcher.js';
import { isWhiteSpaceCode } from './white-space.js';

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
  const terms = buildTermTable(options.query, options.openSubQueries);
  const lastHeader = findLastHopHeader(lines);
  // Lower-casing never creates or removes a line feed, so line k of the lowered text is line k here.
  const { lineHasToken, matchLines, matchTerms } = new TermMatcher(terms.terms).scan(
    context.toLowerCase(),
    lines.length,
  );

  // Per line: distinct query terms (overlap) and whether it holds an open sub-query term (pinned).
  const overlaps = new Int32Array(lines.length);
  const pinned = new Uint8Array(lines.length);
  const seenInLine = new Int32Array(terms.terms.length).fill(-1);
  matchLines.forEach((line, match) => {
    const termIndex = matchTerms[match] ?? 0;
    if (terms.isOpenSubQueryTerm[termIndex] === 1) {
      pinned[line] = 1;
    }
    if (terms.isQueryTerm[termIndex] === 1 && seenInLine[termIndex] !== line) {
      seenInLine[termIndex] = line;
      overlaps[line] = (overlaps[line] ?? 0) + 1;
    }
  });

  // Rank of each non-blank line: band first, then more query-term overlap first.
  // rank = band * (queryTermCount + 1) + (queryTermCount - overlap); blank lines get no rank (-1).
  const queryTermCount = terms.queryTermCount;
  const rankCount = 3 * (queryTermCount + 1);
  const ranks = new Int32Array(lines.length);
  let candidateCount = 0;
  for (let index = 0; index < lines.length; index++) {
    if (lineHasToken[index] === 0) {
      ranks[index] = -1; // blank line: neither kept nor dropped
      continue;
    }
    const band: Band = pinned[index] === 1 ? 0 : lastHeader >= 0 && index >= lastHeader ? 1 : 2;
    ranks[index] = band * (queryTermCount + 1) + (queryTermCount - (overlaps[index] ?? 0));
    candidateCount++;
  }
  const candidates = orderByRank(ranks, rankCount, candidateCount);

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
    droppedLines: candidateCount - keptLines,
    compacted: text !== context,
  };
}

/**
 * Line indices ordered by rank ascending, then by position ascending: a stable counting sort, linear in
 * the number of lines (lines with rank -1 are left out).
 */
function orderByRank(ranks: Int32Array, rankCount: number, candidateCount: number): Int32Array {
  const starts = new Int32Array(rankCount + 1);
  for (const rank of ranks) {
    if (rank >= 0) {
      starts[rank + 1] = (starts[rank + 1] ?? 0) + 1;
    }
  }
  for (let rank = 1; rank <= rankCount; rank++) {
    starts[rank] = (starts[rank] ?? 0) + (starts[rank - 1] ?? 0);
  }
  const ordered = new Int32Array(candidateCount);
  ranks.forEach((rank, index) => {
    if (rank >= 0) {
      const slot = starts[rank] ?? 0;
      ordered[slot] = index;
      starts[rank] = slot + 1;
    }
  });
  return ordered;
}

interface TermTable {
  /** Key terms of the query and of the open sub-queries, each once. */
  readonly terms: readonly string[];
  readonly isQueryTerm: Uint8Array;
  readonly isOpenSubQueryTerm: Uint8Array;
  readonly queryTermCount: number;
}

function buildTermTable(query: string, openSubQueries: readonly string[]): TermTable {
  const indexByTerm = new Map<string, number>();
  const queryTerms = reasoningKeyTerms(query);
  const openTerms = openSubQueries.flatMap((subQuery) => reasoningKeyTerms(subQuery));
  for (const term of [...queryTerms, ...openTerms]) {
    if (!indexByTerm.has(term)) {
      indexByTerm.set(term, indexByTerm.size);
    }
  }
  const isQueryTerm = new Uint8Array(indexByTerm.size);
  const isOpenSubQueryTerm = new Uint8Array(indexByTerm.size);
  for (const term of queryTerms) {
    isQueryTerm[indexByTerm.get(term) ?? 0] = 1;
  }
  for (const term of openTerms) {
    isOpenSubQueryTerm[indexByTerm.get(term) ?? 0] = 1;
  }
  return {
    terms: [...indexByTerm.keys()],
    isQueryTerm,
    isOpenSubQueryTerm,
    queryTermCount: queryTerms.length,
  };
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
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    for (let index = lineStart; index < lineEnd; index++) {
      if (!isWhiteSpaceCode(text.charCodeAt(index))) {
        count++;
        break;
      }
    }
    lineStart = lineEnd + 1;
  }
  return count;
}
