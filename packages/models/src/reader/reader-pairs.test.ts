import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { readerPairsOf } from './trained-reader.js';

function hit(id: string, fields: Partial<SearchHit>): SearchHit {
  return {
    id,
    documentId: `doc-${id}`,
    kind: 'qa',
    text: '',
    title: `Title ${id}`,
    score: 1,
    rank: 1,
    ...fields,
  };
}

const passage = 'The Glass Orchard is a 1931 film. It was directed by Mira Castellan.';
const hits = [
  hit('a', { question: 'When was The Glass Orchard released?', answer: '1931', passage }),
  hit('b', { question: 'What is The Glass Orchard?', answer: 'a 1931 film', passage }),
  hit('c', { question: 'Who is Ada Quill?', answer: 'a painter', passage: 'Ada Quill is a painter.' }),
  hit('d', {
    kind: 'passage',
    title: 'Lantern Square',
    text: 'Lantern Square is a square.',
    passage: 'Lantern Square is a square.',
  }),
  hit('e', { question: 'Who is Odo Varga?', answer: 'a poet' }),
];

describe('readerPairsOf', () => {
  it('reads each hit as its pair, then each distinct passage a QA hit carries, under its title', () => {
    const { pairs, hitOfPair } = readerPairsOf(hits, true);
    expect(pairs).toEqual([
      { question: 'When was The Glass Orchard released?', answer: '1931' },
      { question: 'What is The Glass Orchard?', answer: 'a 1931 film' },
      { question: 'Who is Ada Quill?', answer: 'a painter' },
      { question: 'Lantern Square', answer: 'Lantern Square is a square.' },
      { question: 'Who is Odo Varga?', answer: 'a poet' },
      { question: 'Title a', answer: passage },
      { question: 'Title c', answer: 'Ada Quill is a painter.' },
    ]);
    // A passage pair leads back to the first hit that carried it.
    expect(hitOfPair).toEqual([0, 1, 2, 3, 4, 0, 2]);
  });

  it('reads the pairs alone for weights not trained on passages', () => {
    const { pairs, hitOfPair } = readerPairsOf(hits, false);
    expect(pairs).toHaveLength(5);
    expect(hitOfPair).toEqual([0, 1, 2, 3, 4]);
  });
});
