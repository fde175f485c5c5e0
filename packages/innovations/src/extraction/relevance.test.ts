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

  it("counts each of the question's words once: a pair holding the whole name outranks one holding a name word and the relation word", () => {
    // Question words: the name's three (Mira, Ann, Tolve) and one relation word (born). The first pair
    // holds the three and says the birth by its date range; the second, one name word and "born".
    const result = new HeuristicExtractor().extractSync('In what year was Mira Ann Tolve born?', [
      pair(
        'whole-name',
        1,
        'Mira Ann Tolve',
        'What is known about Mira Ann Tolve?',
        'Mira Ann Tolve (4 May 1911 – 2 June 1980) was a painter.',
      ),
      pair(
        'one-word',
        2,
        'Ann Vesk',
        'What is known about Ann Vesk?',
        'Ann Vesk (born 9 March 1950) is a sculptor.',
      ),
    ]);
    expect(result.answer).toBe('1911');
    expect(result.evidenceIds).toEqual(['whole-name']);
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
