import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { collapseNearDuplicates, nearDuplicateFetchSize } from './near-duplicates.js';

function pair(id: string, question: string, answer: string, rank: number): SearchHit {
  return {
    id,
    documentId: `doc-${id}`,
    kind: 'qa',
    text: `${question} ${answer}`,
    title: 'T',
    passage: 'P',
    question,
    answer,
    score: 1 / rank,
    rank,
  };
}

describe('collapseNearDuplicates', () => {
  it('keeps the best-ranked of a near-duplicate group and fills the top k with the next distinct hits', () => {
    const hits = [
      pair('a', 'When was the lighthouse on the northern cape built?', '1871', 1),
      pair('b', 'When was the lighthouse on the northern cape built ?', '1871', 2),
      pair('c', 'Who designed the lighthouse on the northern cape?', 'an engineer', 3),
      pair('d', 'when was the lighthouse on the Northern Cape built', '1871', 4),
      pair('e', 'How tall is the lighthouse on the northern cape?', '30 metres', 5),
    ];
    const kept = collapseNearDuplicates({ hits, topK: 3 });
    expect(kept.map((hit) => hit.id)).toEqual(['a', 'c', 'e']);
    expect(kept.map((hit) => hit.rank)).toEqual([1, 2, 3]);
  });

  it('keeps the same question with a different answer', () => {
    const hits = [
      pair('a', 'Who founded the trading company?', 'two brothers from the coast', 1),
      pair('b', 'Who founded the trading company?', 'a guild of merchants', 2),
    ];
    expect(collapseNearDuplicates({ hits, topK: 5 }).map((hit) => hit.id)).toEqual(['a', 'b']);
  });

  it('never returns more than k, and fetches more than k to collapse', () => {
    const hits = [1, 2, 3, 4].map((rank) =>
      pair(String(rank), `Distinct question number ${rank}?`, `answer ${rank}`, rank),
    );
    expect(collapseNearDuplicates({ hits, topK: 2 })).toHaveLength(2);
    expect(nearDuplicateFetchSize(5)).toBeGreaterThan(5);
  });
});
