import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { defaultMultiHopConfig } from '../config/multi-hop-config.js';
import { qaHit } from '../test/qa-hit.js';
import { HeuristicExtractor } from './heuristic-extractor.js';

/**
 * What two of the extractor's numbers are for, seen from outside: how sure it is of an answer to a
 * question that names nothing (no capitalised or quoted name), and that a name repeating part of the
 * question counts less than one alike in all else. Names are invented.
 */
const extractor = new HeuristicExtractor();
const { composeMinConfidence } = defaultMultiHopConfig;

function pair(id: string, title: string, question: string, answer: string): SearchHit {
  return qaHit(question, answer, { id, title });
}

describe('HeuristicExtractor: a question that names nothing', () => {
  const question = 'In what year was the harbour bridge opened?';

  it('is sure enough to compose without synthesis when a pair asked exactly that states one year', async () => {
    const result = await extractor.extract({
      question,
      evidence: [pair('pair-1', 'Notes', question, 'The harbour bridge was opened in 1932.')],
    });
    expect(result.answer).toBe('1932');
    expect(result.confidence).toBeGreaterThanOrEqual(composeMinConfidence);
  });

  it('is never that sure of a pair that shares no word with the question', async () => {
    const result = await extractor.extract({
      question,
      evidence: [pair('pair-1', 'Notes', 'When did the ferry start?', 'The ferry started in 1950.')],
    });
    expect(result.confidence).toBeLessThan(composeMinConfidence);
  });
});

describe('HeuristicExtractor: the question-overlap drop', () => {
  it('of two pairs alike but for the name they give, takes the name that repeats no word of the question', async () => {
    // Both pairs have the same title, question, rank and sentence shape; only "Orlen" in the first
    // name is a word of the question. Were the drop gone, the tie would go to the first pair.
    const result = await extractor.extract({
      question: 'Who founded the Orlen Review?',
      evidence: [
        pair('pair-1', 'Orlen Review', 'Who founded it?', 'Orlen Vell founded it.'),
        pair('pair-2', 'Orlen Review', 'Who founded it?', 'Ada Brook founded it.'),
      ],
    });
    expect(result.answer).toBe('Ada Brook');
  });
});
