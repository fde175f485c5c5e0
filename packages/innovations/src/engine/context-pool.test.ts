import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { qaItem } from '../test/index.js';
import { ContextPool } from './context-pool.js';

const hits = (...ids: string[]): SearchHit[] =>
  ids.map((id, index) => ({
    ...qaItem({ id, question: `${id}?`, answer: id }),
    score: 10 - index,
    rank: index + 1,
  }));

describe('ContextPool', () => {
  it('deduplicates by id, keeping the first occurrence and its sub-question', () => {
    const pool = new ContextPool(30);
    expect(pool.add(hits('a', 'b'), 'first', 1)).toEqual({ addedIds: ['a', 'b'], duplicates: 0, dropped: 0 });
    expect(pool.add(hits('b', 'c'), 'second', 2)).toEqual({ addedIds: ['c'], duplicates: 1, dropped: 0 });
    expect(pool.items.map((item) => [item.id, item.subQuestion])).toEqual([
      ['a', 'first'],
      ['b', 'first'],
      ['c', 'second'],
    ]);
    expect(pool.markerOf('c')).toBe(3);
  });

  it('over the cap, drops the latest sub-question’s lowest-ranked items first', () => {
    const pool = new ContextPool(4);
    pool.add(hits('a', 'b', 'c'), 'first', 1);
    const addition = pool.add(hits('d', 'e', 'f'), 'second', 2);
    expect(addition).toEqual({ addedIds: ['d'], duplicates: 0, dropped: 2 });
    expect(pool.items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(pool.full).toBe(true);
  });

  it('drops from the earlier sub-question once the latest one has nothing left', () => {
    const pool = new ContextPool(2);
    pool.add(hits('a', 'b', 'c', 'd'), 'first', 1);
    expect(pool.items.map((item) => item.id)).toEqual(['a', 'b']);
    expect(pool.droppedTotal).toBe(2);
  });
});
