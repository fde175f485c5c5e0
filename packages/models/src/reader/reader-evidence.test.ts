import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { readerEvidenceOf, readerPairOf } from './reader-evidence.js';

function qa(id: string, question: string, answer: string, passage: string): SearchHit {
  return {
    id,
    documentId: `doc-${id}`,
    kind: 'qa',
    text: `${question} ${answer}`,
    title: id,
    passage,
    question,
    answer,
    score: 1,
    rank: 1,
  };
}

const passage =
  'The Glass Orchard is a 1994 drama. It was directed by Mira Castellan. Its score was written by Odo Varga. The film was shot in Velmora.';

describe('readerEvidenceOf', () => {
  it('reads the pairs alone when asked for no passage sentences', () => {
    const hits = [qa('a', 'When was The Glass Orchard released?', '1994', passage)];
    expect(readerEvidenceOf('Who directed The Glass Orchard?', hits, 0)).toEqual({
      pairs: [{ question: 'When was The Glass Orchard released?', answer: '1994' }],
      owners: [0],
    });
  });

  it("adds the passage's sentences that share the most words with the question, with no question line, each passage once", () => {
    const hits = [
      qa('a', 'When was The Glass Orchard released?', '1994', passage),
      qa('b', 'Where was The Glass Orchard shot?', 'Velmora', passage),
    ];
    const evidence = readerEvidenceOf('Who directed The Glass Orchard?', hits, 2);
    expect(evidence.pairs.slice(2)).toEqual([
      { question: '', answer: 'The Glass Orchard is a 1994 drama.' },
      { question: '', answer: 'It was directed by Mira Castellan.' },
    ]);
    expect(evidence.owners).toEqual([0, 1, 0, 0]);
  });

  it('skips sentences that share no word with the question, and passages of passage hits', () => {
    const hits = [qa('a', 'Who scored it?', 'Odo Varga', 'Nothing here matches. Neither does this.')];
    expect(readerEvidenceOf('Who directed The Glass Orchard?', hits, 3).pairs).toHaveLength(1);
    const passageHit: SearchHit = {
      id: 'p',
      documentId: 'p',
      kind: 'passage',
      text: passage,
      title: 'The Glass Orchard',
      passage,
      score: 1,
      rank: 1,
    };
    expect(readerEvidenceOf('Who directed The Glass Orchard?', [passageHit], 3).pairs).toEqual([
      readerPairOf(passageHit),
    ]);
    expect(readerPairOf(passageHit)).toEqual({ question: 'The Glass Orchard', answer: passage });
  });

  it('reads a sentence pair as its sentence, with no question line', () => {
    const sentence = 'It was directed by Mira Castellan.';
    const hit = {
      ...qa('s', 'What is known about The Glass Orchard?', sentence, passage),
      metadata: { sentence },
    };
    expect(readerPairOf(hit)).toEqual({ question: '', answer: sentence });
    // Without the sentence recorded, it is a question and its answer, as they are.
    expect(readerPairOf(qa('s', 'What is known about The Glass Orchard?', sentence, passage))).toEqual({
      question: 'What is known about The Glass Orchard?',
      answer: sentence,
    });
  });
});
