import { ftsExpression } from '../lexical-query.js';

/** Above this many later terms, `candidateMatch` does not look for the smallest sets that can pass. */
const largestSubsetSearch = 6;

/** What planning a term's fetch needs of it: its postings and the most it adds to a score. */
export interface Bounded {
  readonly term: string;
  readonly ceiling: number;
  readonly documents: number;
}

/**
 * The MATCH for the items holding `entry` that could still pass the k-th score `kth`, or
 * `undefined` when none can. An item holding `entry` and the set L of later terms (and no earlier
 * term: those items are scored already) scores at most its ceiling plus L's ceilings, so only the
 * items holding one of the smallest sets L whose bound reaches the k-th need scoring. FTS5 walks
 * every term of a MATCH (an AND of three common terms costs what an OR of them does), so the MATCH
 * asks for the fewest later terms that every such set holds one of: `entry AND (c1 OR c2)`, a
 * superset of those items. Once the k-th passes the term's own ceiling, this fetches the items
 * holding it with a later term — for a common name part next to relation words, a tenth of its
 * postings — and no longer every item holding it.
 */
export function candidateMatch(
  entry: Bounded,
  later: readonly Bounded[],
  kth: number | undefined,
): string | undefined {
  const own = ftsExpression([entry.term]);
  // The margin covers the rounding of the ceilings' sums (and keeps a tie at the k-th fetched).
  const passes = (ceilings: number): boolean => kth === undefined || kth <= ceilings * (1 + 1e-9);
  if (later.length === 0 || passes(entry.ceiling)) return passes(entry.ceiling) ? own : undefined;
  const withAny = (mask: number): string =>
    `${own} AND (${ftsExpression(later.filter((_next, position) => (mask >> position) & 1).map((next) => next.term))})`;
  const all = (1 << Math.min(later.length, 30)) - 1;
  if (later.length > largestSubsetSearch) return withAny(all);
  const bound = (mask: number): number =>
    later.reduce((sum, next, position) => ((mask >> position) & 1 ? sum + next.ceiling : sum), entry.ceiling);
  // The smallest sets that pass: without any one of their terms they no longer do.
  const smallest: number[] = [];
  for (let mask = 1; mask <= all; mask += 1) {
    if (!passes(bound(mask))) continue;
    let isSmallest = true;
    for (let position = 0; position < later.length; position += 1) {
      if ((mask >> position) & 1 && passes(bound(mask & ~(1 << position)))) isSmallest = false;
    }
    if (isSmallest) smallest.push(mask);
  }
  if (smallest.length === 0) return undefined;
  // The fewest terms (then the fewest postings) meeting every smallest set.
  const cost = (mask: number): [number, number] =>
    later.reduce<[number, number]>(
      ([count, postings], next, position) =>
        (mask >> position) & 1 ? [count + 1, postings + next.documents] : [count, postings],
      [0, 0],
    );
  let chosen = all;
  for (let mask = 1; mask <= all; mask += 1) {
    if (!smallest.every((set) => (set & mask) !== 0)) continue;
    const [count, postings] = cost(mask);
    const [bestCount, bestPostings] = cost(chosen);
    if (count < bestCount || (count === bestCount && postings < bestPostings)) chosen = mask;
  }
  return withAny(chosen);
}
