/** BM25 parameters, as FTS5's bm25() uses them. */
export const k1 = 1.2;
export const b = 0.75;

/**
 * BM25 of one item (its terms in order) over the query `terms`, computed as FTS5's bm25() computes
 * it for a MATCH of those terms in that order (fts5_aux.c): the same operations in the same order,
 * so the same double. A term the item lacks adds exactly zero there, and is skipped here.
 */
export function score(
  terms: readonly string[],
  query: readonly { readonly term: string; readonly idf: number }[],
  averageLength: number,
): number {
  const norm = k1 * (1 - b + (b * terms.length) / averageLength);
  let total = 0;
  // A handful of query terms against ten-odd item terms: counting in place beats building a map.
  for (const { term, idf } of query) {
    let count = 0;
    for (const candidate of terms) if (candidate === term) count += 1;
    if (count > 0) total += idf * ((count * (k1 + 1)) / (count + norm));
  }
  return total;
}

/** The k largest scores seen so far, smallest first (k is a top-k: tens, not thousands). */
export class TopScores {
  private readonly values: number[] = [];

  constructor(private readonly k: number) {}

  add(value: number): void {
    const values = this.values;
    if (values.length === this.k) {
      if (value <= (values[0] as number)) return;
      values.shift();
    }
    let index = values.length;
    while (index > 0 && (values[index - 1] as number) > value) index -= 1;
    values.splice(index, 0, value);
  }

  /** The k-th largest score, or `undefined` before k were seen. */
  kth(): number | undefined {
    return this.values.length === this.k ? this.values[0] : undefined;
  }
}
