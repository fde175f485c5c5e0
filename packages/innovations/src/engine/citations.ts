import type { Citation, PoolItem } from '@rootweaver/core';

export interface ResolvedCitations {
  /** The answer with every unresolvable marker removed. */
  readonly answer: string;
  readonly citations: Citation[];
  /** How many marker numbers resolved to no pool item and were removed. */
  readonly removed: number;
}

const markerGroup = /\[(\s*\d+\s*(?:[,;]\s*\d+\s*)*)\]/g;

/**
 * Resolves the `[N]` markers of a generated answer against the pool (marker N = the N-th pool item,
 * 1-based). Groups such as `[1, 3]` are split; numbers that name no pool item are removed and counted,
 * so every marker left in the answer resolves. Citations are listed once each, by marker.
 */
export function resolveCitations(answer: string, pool: readonly PoolItem[]): ResolvedCitations {
  let removed = 0;
  const used = new Set<number>();
  const rewritten = answer.replace(markerGroup, (_match, inner: string) => {
    const numbers = inner.split(/[,;]/).map((part) => Number(part.trim()));
    const kept = numbers.filter((number) => Number.isInteger(number) && number >= 1 && number <= pool.length);
    removed += numbers.length - kept.length;
    for (const number of kept) used.add(number);
    return kept.length === 0 ? '' : `[${kept.join(', ')}]`;
  });
  const cleaned =
    removed === 0
      ? rewritten
      : rewritten
          .replace(/[ \t]{2,}/g, ' ')
          .replace(/ +([.,;:!?])/g, '$1')
          .trim();
  return { answer: cleaned, citations: citationsFor([...used], pool), removed };
}

/** Citations for pool markers (1-based), sorted by marker; unknown markers are skipped. */
export function citationsFor(markers: readonly number[], pool: readonly PoolItem[]): Citation[] {
  return [...new Set(markers)]
    .sort((left, right) => left - right)
    .flatMap((marker) => {
      const item = pool[marker - 1];
      return item === undefined
        ? []
        : [{ marker, itemId: item.id, documentId: item.documentId, title: item.title, text: item.text }];
    });
}

/** Citations for pool item ids (e.g. the evidence of composed answers). */
export function citationsForIds(ids: readonly string[], pool: readonly PoolItem[]): Citation[] {
  const markers = ids
    .map((id) => pool.findIndex((item) => item.id === id) + 1)
    .filter((marker) => marker > 0);
  return citationsFor(markers, pool);
}
