import { loadWordVectors, WinkTagger } from '@rootweaver/models';
import { describe, expect, it } from 'vitest';
import { buildEvidenceExamples, newWordsOf, pairsOfContext } from './ranker-examples.js';

describe('pairsOfContext', () => {
  it('reads question and answer lines, pairs split by a blank line', () => {
    expect(pairsOfContext('Who is A?\nA is B.\n\nWhen was A born?\nA was born in 1900.')).toEqual([
      { question: 'Who is A?', answer: 'A is B.' },
      { question: 'When was A born?', answer: 'A was born in 1900.' },
    ]);
  });
});

describe('newWordsOf', () => {
  it('keeps what an answer line adds to its question, without function words at its ends', () => {
    expect(
      newWordsOf({
        question: 'When was The Glass Orchard released?',
        answer: 'The Glass Orchard was released in 1994.',
      }),
    ).toBe('1994');
    expect(
      newWordsOf({
        question: 'Who directed The Glass Orchard?',
        answer: 'The Glass Orchard was directed by Mira Castellan.',
      }),
    ).toBe('Mira Castellan');
  });

  it('takes the longest such run, and nothing when the answer adds no word', () => {
    expect(
      newWordsOf({
        question: 'Where does Ada Lee live?',
        answer: 'Ada Lee lives in Velmora, near the Sorn river.',
      }),
    ).toBe('Velmora, near the Sorn river');
    expect(newWordsOf({ question: 'Who is Ada Lee?', answer: 'Ada Lee is Ada Lee.' })).toBeUndefined();
  });
});

describe('buildEvidenceExamples', () => {
  it('labels the spans equal to the gold answer, "no answer" when no pair holds it, and skips empty evidence', async () => {
    const options = {
      vectors: await loadWordVectors(),
      tagger: await WinkTagger.load(),
      maxSpanTokens: 10,
      seed: 1,
    };
    const pairs = [
      { question: '', answer: 'The Glass Orchard was released in 1994.' },
      { question: '', answer: 'The Glass Orchard was directed by Mira Castellan.' },
    ];
    const [held, missed, ...rest] = buildEvidenceExamples(
      [
        { id: 'qatrain-1', question: 'Who directed The Glass Orchard?', answer: 'Mira Castellan', pairs },
        { id: 'qatrain-2', question: 'Who scored The Glass Orchard?', answer: 'Odo Varga', pairs },
        { id: 'qatrain-3', question: 'Who shot The Glass Orchard?', answer: 'Ada Lee', pairs: [] },
      ],
      options,
    );
    expect(rest).toEqual([]);
    expect(held?.id).toBe('qatrain-1-engine');
    const right = (example: typeof held) =>
      example?.input.candidates
        .filter((_, index) => example.labels[index] === 1)
        .map((candidate) => candidate.text);
    expect(right(held)).toEqual(['Mira Castellan']);
    expect(held?.labels.at(-1)).toBe(0);
    expect(right(missed)).toEqual([]);
    expect(missed?.answer).toBe('');
    expect(missed?.labels.at(-1)).toBe(1);
  });
});
