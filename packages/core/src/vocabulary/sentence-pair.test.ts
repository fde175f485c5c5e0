import { describe, expect, it } from 'vitest';
import { isSentencePair } from './sentence-pair.js';

const sentence = 'The Lantern Field is a 1994 drama film directed by Ines Marlow.';

describe('isSentencePair', () => {
  it('is true for a QA pair whose answer is its whole source sentence, white space at the ends aside', () => {
    expect(isSentencePair({ kind: 'qa', answer: sentence, metadata: { sentence } })).toBe(true);
    expect(isSentencePair({ kind: 'qa', answer: ` ${sentence}\n`, metadata: { sentence } })).toBe(true);
  });

  it('is false for a span of the sentence, a pair with no sentence, an empty answer and a passage', () => {
    expect(isSentencePair({ kind: 'qa', answer: 'Ines Marlow', metadata: { sentence } })).toBe(false);
    expect(isSentencePair({ kind: 'qa', answer: sentence })).toBe(false);
    expect(isSentencePair({ kind: 'qa', answer: sentence, metadata: { sentence: 42 } })).toBe(false);
    expect(isSentencePair({ kind: 'qa', answer: ' ', metadata: { sentence: ' ' } })).toBe(false);
    expect(isSentencePair({ kind: 'passage', answer: sentence, metadata: { sentence } })).toBe(false);
  });
});
