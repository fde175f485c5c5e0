import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text.js';

describe('chunkText', () => {
  it('leaves a text that fits as it is', () => {
    expect(chunkText('One. Two.', { maxChars: 100 })).toEqual(['One. Two.']);
  });

  it('cuts at sentence ends, never inside an abbreviation, with no overlap when asked', () => {
    const text = 'Dr. Reed wrote the parser in 2021. It reads tables. It reads lists too. The end is near.';
    const chunks = chunkText(text, { maxChars: 80, overlapChars: 0 });
    expect(chunks).toEqual([
      'Dr. Reed wrote the parser in 2021. It reads tables. It reads lists too.',
      'The end is near.',
    ]);
  });

  it('repeats whole trailing sentences within the overlap, and cuts a run-on sentence at words', () => {
    const sentences = [
      'Alpha beta gamma delta.',
      'Epsilon zeta eta theta.',
      'Iota kappa lambda mu.',
      'Nu xi omicron pi.',
    ];
    const chunks = chunkText(sentences.join(' '), { maxChars: 80, overlapChars: 30 });
    expect(chunks).toEqual([
      'Alpha beta gamma delta. Epsilon zeta eta theta. Iota kappa lambda mu.',
      'Iota kappa lambda mu. Nu xi omicron pi.',
    ]);
    const runOn = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const pieces = chunkText(runOn, { maxChars: 100, overlapChars: 0 });
    expect(pieces.every((piece) => piece.length <= 100)).toBe(true);
    expect(pieces.join(' ')).toBe(runOn);
  });
});
