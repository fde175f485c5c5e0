import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { HeuristicExtractor } from './heuristic-extractor.js';

function pair(id: string, rank: number, title: string, question: string, answer: string): SearchHit {
  return {
    id,
    documentId: id,
    kind: 'qa',
    title,
    passage: `${question} ${answer}`,
    question,
    answer,
    text: `${title}: ${question} ${answer}`,
    score: 1 / rank,
    rank,
  };
}

describe('HeuristicExtractor relevance', () => {
  it('ranks a pair that states the asked relation above a better-ranked one that only names the entity', () => {
    const result = new HeuristicExtractor().extractSync('Who played the king in Vell Days?', [
      pair('directed', 1, 'Vell Days', 'Who directed Vell Days?', 'Ivo Brand'),
      pair('played', 2, 'Vell Days', 'Who played the king in Vell Days?', 'Ana Lund'),
    ]);
    expect(result.answer).toBe('Ana Lund');
    expect(result.evidenceIds).toEqual(['played']);
  });

  it("weighs a passage sentence below the pair's own answer unless told otherwise (passageWeight)", () => {
    const hit: SearchHit = {
      ...pair('played', 1, 'Vell Days', 'Who played the king in Vell Days?', 'Ivo Brand'),
      passage: 'Ana Lund played the king in Vell Days.',
    };
    const question = 'Who played the king in Vell Days?';
    expect(new HeuristicExtractor().extractSync(question, [hit]).answer).toBe('Ivo Brand');
    expect(new HeuristicExtractor({ passageWeight: 2 }).extractSync(question, [hit]).answer).toBe('Ana Lund');
  });
});
