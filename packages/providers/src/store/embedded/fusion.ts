/** An item (by SQLite rowid) and its score in one ranking, higher is better. */
export interface Ranked {
  readonly rowid: number;
  readonly score: number;
}

/** Orders best first; equal scores by rowid, so every ranking is deterministic. */
export function byScore(left: Ranked, right: Ranked): number {
  return right.score - left.score || left.rowid - right.rowid;
}

/**
 * Reciprocal-rank fusion: each item scores Σ 1 / (k + rank) over the rankings that hold it
 * (rank 1-based, k = 60 as in Cormack et al.), best first.
 */
export function reciprocalRankFusion(rankings: readonly (readonly Ranked[])[], k = 60): Ranked[] {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((entry, index) => {
      scores.set(entry.rowid, (scores.get(entry.rowid) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...scores.entries()].map(([rowid, score]) => ({ rowid, score })).sort(byScore);
}
