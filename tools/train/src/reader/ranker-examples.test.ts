import { describe, expect, it } from 'vitest';
import { newWordsOf, pairsOfContext } from './ranker-examples.js';

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
