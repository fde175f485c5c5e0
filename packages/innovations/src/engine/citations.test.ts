import type { PoolItem } from '@rootweaver/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qaItem } from '../test/index.js';
import { citationsForIds, resolveCitations } from './citations.js';

const pool: PoolItem[] = ['a', 'b', 'c'].map((id, index) => ({
  ...qaItem({ id, question: `Question ${id}?`, answer: `Answer ${id}` }),
  score: 1,
  rank: index + 1,
  subQuestion: 'q',
  iteration: 1,
}));

describe('resolveCitations', () => {
  it('keeps markers that resolve and lists each cited item once, by marker', () => {
    const resolved = resolveCitations('A [2] and B [1][2].', pool);
    expect(resolved.answer).toBe('A [2] and B [1][2].');
    expect(resolved.removed).toBe(0);
    expect(resolved.citations.map((citation) => [citation.marker, citation.itemId])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('removes invented markers, splits groups, and counts every removed number', () => {
    const resolved = resolveCitations('X [4]. Y [0] [3, 9; 1].', pool);
    expect(resolved.answer).toBe('X. Y [3, 1].');
    expect(resolved.removed).toBe(3);
    expect(resolved.citations.map((citation) => citation.marker)).toEqual([1, 3]);
  });

  it('removes every marker when the pool is empty', () => {
    expect(resolveCitations('Paris [1].', [])).toEqual({ answer: 'Paris.', citations: [], removed: 1 });
  });

  it('leaves bracketed words alone', () => {
    expect(resolveCitations('The [citation needed] tag [2].', pool).answer).toBe(
      'The [citation needed] tag [2].',
    );
  });

  it('every marker left in the answer resolves to a pool item (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('Paris', ' is ', 'the answer', '.', ' ', ', '),
      fc.integer({ min: 0, max: 12 }).map((marker) => `[${marker}]`),
      fc
        .array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 3 })
        .map((markers) => `[${markers.join(', ')}]`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.integer({ min: 0, max: 3 }), (pieces, poolSize) => {
        const subPool = pool.slice(0, poolSize);
        const text = pieces.join('');
        const resolved = resolveCitations(text, subPool);
        const left = [...resolved.answer.matchAll(/\[([\d,;\s]+)\]/g)].flatMap((match) =>
          (match[1] ?? '').split(/[,;]/).map((part) => Number(part.trim())),
        );
        for (const marker of left) {
          expect(marker).toBeGreaterThanOrEqual(1);
          expect(marker).toBeLessThanOrEqual(subPool.length);
        }
        const all = [...text.matchAll(/\[([\d,;\s]+)\]/g)].flatMap((match) => (match[1] ?? '').split(/[,;]/));
        expect(resolved.removed + left.length).toBe(all.length);
        for (const citation of resolved.citations)
          expect(subPool[citation.marker - 1]?.id).toBe(citation.itemId);
      }),
    );
  });
});

describe('citationsForIds', () => {
  it('maps pool ids to their markers and skips ids not in the pool', () => {
    expect(citationsForIds(['c', 'zzz', 'a'], pool).map((citation) => citation.marker)).toEqual([1, 3]);
  });
});
