import { describe, expect, it } from 'vitest';
import { byScore, reciprocalRankFusion } from './fusion.js';

describe('reciprocalRankFusion', () => {
  it('scores each item by the sum of 1 / (k + rank) over the rankings that hold it', () => {
    const fused = reciprocalRankFusion(
      [
        [
          { rowid: 1, score: 9 },
          { rowid: 2, score: 5 },
        ],
        [
          { rowid: 2, score: 0.9 },
          { rowid: 3, score: 0.8 },
        ],
      ],
      60,
    );
    expect(fused.map((entry) => entry.rowid)).toEqual([2, 1, 3]);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]?.score).toBeCloseTo(1 / 61, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 62, 12);
  });

  it('ignores the rankings’ own scores and breaks ties by rowid', () => {
    const fused = reciprocalRankFusion([[{ rowid: 7, score: 1000 }], [{ rowid: 4, score: 0.001 }]]);
    expect(fused.map((entry) => entry.rowid)).toEqual([4, 7]);
    expect(fused[0]?.score).toBe(fused[1]?.score);
  });

  it('returns nothing for no rankings', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});

describe('byScore', () => {
  it('orders best first, then by rowid', () => {
    const ranked = [
      { rowid: 3, score: 1 },
      { rowid: 1, score: 2 },
      { rowid: 2, score: 1 },
    ].sort(byScore);
    expect(ranked.map((entry) => entry.rowid)).toEqual([1, 2, 3]);
  });
});
