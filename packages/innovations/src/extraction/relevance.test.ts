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
  it('ranks a pair that states the asked relation above one that only names the entity', () => {
    const result = new HeuristicExtractor().extractSync('Who played the king in Vell Days?', [
      pair('played', 1, 'Vell', 'Who played the king in Vell?', 'Ana Lund'),
      pair('directed', 2, 'Vell Days', 'Who directed Vell Days?', 'Ivo Brand'),
    ]);
    expect(result.answer).toBe('Ana Lund');
    expect(result.evidenceIds).toEqual(['played']);
  });

  it('lets a passage sentence that states the relation outweigh a pair that does not', () => {
    const hit: SearchHit = {
      ...pair('starred', 1, 'Vell Days', 'Who starred in Vell Days?', 'Ivo Brand'),
      passage:
        'Vell Days is a 1931 film starring Ivo Brand. Ana Lund, a stage actress, later played its king.',
    };
    const question = 'Who played the king in Vell Days?';
    expect(new HeuristicExtractor().extractSync(question, [hit]).answer).toBe('Ana Lund');
  });
});
