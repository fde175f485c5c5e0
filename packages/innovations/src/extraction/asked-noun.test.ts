import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { askedHeadNoun, namesAskedNoun } from './asked-noun.js';
import { HeuristicExtractor } from './heuristic-extractor.js';
import { stem } from './text.js';

describe('askedHeadNoun', () => {
  it('reads the noun after which/what, not auxiliaries, years or countries', () => {
    expect(askedHeadNoun('In which county did Brix Pies form?')).toBe(stem('county'));
    expect(askedHeadNoun('What river flows through Vell?')).toBe(stem('river'));
    expect(askedHeadNoun('What is the capital of Oskia?')).toBeUndefined();
    expect(askedHeadNoun('In which year did Brix Pies form?')).toBeUndefined();
    expect(askedHeadNoun('Which country is Vell in?')).toBeUndefined();
    expect(askedHeadNoun('Who founded Brix Pies?')).toBeUndefined();
  });

  it('matches names whose last word is the asked noun', () => {
    expect(namesAskedNoun('Marrow County', stem('county'))).toBe(true);
    expect(namesAskedNoun('Ostra River', stem('river'))).toBe(true);
    expect(namesAskedNoun('County', stem('county'))).toBe(false);
    expect(namesAskedNoun('Marrow', stem('county'))).toBe(false);
  });
});

describe('HeuristicExtractor with an asked noun', () => {
  it('prefers "Marrow County" to a town for "In which county …?"', async () => {
    const hit: SearchHit = {
      id: 'p1',
      documentId: 'brix',
      kind: 'qa',
      title: 'Brix Pies',
      passage: 'Brix Pies was founded in Dunmore, in Marrow County, in 1978.',
      question: 'Where was Brix Pies founded?',
      answer: 'Dunmore, in Marrow County',
      text: 'Brix Pies: Where was Brix Pies founded? Dunmore, in Marrow County',
      score: 1,
      rank: 1,
    };
    const result = await new HeuristicExtractor().extract({
      question: 'In which county was Brix Pies formed?',
      evidence: [hit],
    });
    expect(result.answer).toBe('Marrow County');
  });
});
