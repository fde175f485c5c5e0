import { indexTerms, searchTerms } from './lexical-query.js';

export interface SparseVector {
  readonly indices: number[];
  readonly values: number[];
}

/** FNV-1a of a term, as an unsigned 32-bit sparse index. */
export function termIndex(term: string): number {
  let hash = 2166136261;
  for (let index = 0; index < term.length; index += 1)
    hash = Math.imul(hash ^ term.charCodeAt(index), 16777619);
  return hash >>> 0;
}

function collect(weights: Map<number, number>): SparseVector {
  const entries = [...weights.entries()].sort((left, right) => left[0] - right[0]);
  return { indices: entries.map(([index]) => index), values: entries.map(([, value]) => value) };
}

/**
 * A document's lexical sparse vector: each term hashed to an index, valued by a saturated term
 * frequency (BM25's `tf·(k1+1)/(tf+k1)`, k1 = 1.2). The server's IDF modifier supplies the rest of BM25.
 */
export function documentSparseVector(text: string): SparseVector {
  const counts = new Map<number, number>();
  for (const term of indexTerms(text)) {
    const index = termIndex(term);
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  const weights = new Map<number, number>();
  for (const [index, count] of counts) weights.set(index, (count * 2.2) / (count + 1.2));
  return collect(weights);
}

/** A query's sparse vector: its content terms (stop words dropped, stemmed, as for FTS5), weight 1 each. */
export function querySparseVector(query: string): SparseVector {
  const weights = new Map<number, number>();
  for (const term of searchTerms(query)) weights.set(termIndex(term), 1);
  return collect(weights);
}
