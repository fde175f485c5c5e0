import { describe, expect, it } from 'vitest';
import { tokenizeWords } from './words.js';

describe('tokenizeWords', () => {
  it('keeps offsets into the text, splits a possessive off and punctuation apart', () => {
    const text = "Ada Lee's 1901 book 'River Stone', war-weary U.S. readers.";
    const tokens = tokenizeWords(text);
    expect(tokens.map((token) => token.text)).toEqual([
      'Ada',
      'Lee',
      "'s",
      '1901',
      'book',
      "'",
      'River',
      'Stone',
      "'",
      ',',
      'war-weary',
      'U.S',
      '.',
      'readers',
      '.',
    ]);
    for (const token of tokens) expect(text.slice(token.start, token.end)).toBe(token.text);
  });

  it('keeps apostrophes and accents inside a word', () => {
    expect(tokenizeWords('O’Brien met Zoë’s friend').map((token) => token.text)).toEqual([
      'O’Brien',
      'met',
      'Zoë',
      '’s',
      'friend',
    ]);
  });

  it('returns nothing for white space', () => {
    expect(tokenizeWords(' \n\t ')).toEqual([]);
  });
});
