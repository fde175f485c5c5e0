import { defaultHnswSettings, type HnswSettings } from '../vector-index.js';

// The public half of the HNSW settings, apart from `hnsw-settings.ts` so that the package's public
// declarations never reach `store-schema` and, through it, better-sqlite3's types.

/** What a caller may ask of a store's HNSW index; each setting left out takes the store's or the default. */
export type HnswOptions = Partial<HnswSettings>;

/** A store's HNSW settings: the graph's, fixed at creation, and the query-time expansion, per open. */
export interface ResolvedHnswSettings {
  readonly connectivity: number;
  readonly expansionAdd: number;
  /** `undefined`: `defaultExpansionSearch(size)`, growing with the index. */
  readonly expansionSearch: number | undefined;
}

/** The most `defaultExpansionSearch` grows to: past it a 1M index (M 24) gains ≤ 0.002 recall@10 for ~20 % more time. */
export const largestDefaultExpansionSearch = 128;

/**
 * The query-time expansion a search uses when none is set: 64 up to 100k vectors, then growing with
 * the square root of the size to 128 at 400k and beyond (ADR-0002, revision 2026-12-02: HNSW
 * settings). A bigger graph needs a wider beam for the same recall; a small one does not.
 */
export function defaultExpansionSearch(size: number): number {
  const base = defaultHnswSettings.expansionSearch;
  return Math.min(
    largestDefaultExpansionSearch,
    Math.max(base, Math.round(base * Math.sqrt(size / 100_000))),
  );
}
