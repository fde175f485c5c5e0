import { reasoningKeyTerms } from './key-terms.js';
import { TermMatcher } from './term-matcher.js';

export interface LineSelectionOptions {
  readonly maxChars: number;
  readonly openSubQueries: readonly string[];
  readonly query: string;
}

export interface LineSelection {
  /** 1 for each kept line. */
  readonly kept: Uint8Array;
  /** Characters of the kept lines joined by `\n`. */
  readonly chars: number;
  readonly keptLines: number;
  /** Non-blank lines left out. */
  readonly droppedLines: number;
}

/** Band of a line: 0 = holds an open sub-query key term, 1 = in the latest hop block, 2 = the rest. */
type Band = 0 | 1 | 2;

/**
 * ADR-077's selection over a context's lines, shared by the text and the block forms of the
 * compactor. `lowerCaseText` is the lines joined by `\n`, lower-cased (lower-casing never creates or
 * removes a line feed, so line k of it is line k here); `latestBlockStart` is the index of the latest
 * hop block's first line (band 1 is it and every line after it), or -1 when there is none.
 *
 * Blank lines are never kept nor counted. Every other line gets a rank — band first, then more
 * distinct query key terms first, then position — and lines are kept greedily in rank order while
 * they fit in `maxChars`, counting one `\n` between kept lines.
 */
export function selectLines(
  lines: readonly string[],
  lowerCaseText: string,
  latestBlockStart: number,
  options: LineSelectionOptions,
): LineSelection {
  const { maxChars } = options;
  const terms = buildTermTable(options.query, options.openSubQueries);
  const { lineHasToken, matchLines, matchTerms } = new TermMatcher(terms.terms).scan(
    lowerCaseText,
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
    // With no hop block (-1) every unpinned line is band 1, which orders them exactly as band 2 would.
    const band: Band = pinned[index] === 1 ? 0 : index >= latestBlockStart ? 1 : 2;
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
  return { kept, chars: used, keptLines, droppedLines: candidateCount - keptLines };
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
