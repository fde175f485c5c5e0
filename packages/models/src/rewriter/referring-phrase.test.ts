import { describe, expect, it } from 'vitest';
import { isReferringPhrase } from './referring-phrase.js';

/** Whether `phrase`, found in `text`, is a referring expression there. */
const refers = (text: string, phrase: string): boolean => {
  const start = text.indexOf(phrase);
  if (start < 0) throw new Error(`"${phrase}" is not in "${text}"`);
  return isReferringPhrase(text, start, start + phrase.length);
};

describe('isReferringPhrase', () => {
  it('reads pronouns, possessives and demonstratives alone as referring', () => {
    expect(refers('Where was he born?', 'he')).toBe(true);
    expect(refers('Who married her in 1990?', 'her')).toBe(true);
    expect(refers('When was its first album released?', 'its')).toBe(true);
    expect(refers('Who directed this?', 'this')).toBe(true);
    expect(refers('Who founded them?', 'them')).toBe(true);
  });

  it('reads descriptions opened by "the", a demonstrative or a possessive as referring', () => {
    expect(refers('Where was this director born?', 'this director')).toBe(true);
    expect(
      refers('In which country is the city where the band formed?', 'the city where the band formed'),
    ).toBe(true);
    expect(refers('When was his first film released?', 'his first film')).toBe(true);
    expect(refers('Who directed the 1994 film?', 'the 1994 film')).toBe(true);
    expect(refers("Who is the director of 'Quiet Harbour'?", "the director of 'Quiet Harbour'")).toBe(true);
    expect(refers('Who founded (the company)?', '(the company)')).toBe(true);
  });

  it('does not read names, bare words, question words as referring', () => {
    expect(refers('Where was Ines Marlow born?', 'Ines Marlow')).toBe(false);
    expect(refers('Who leads The Harbour Band?', 'The Harbour Band')).toBe(false);
    expect(refers('What is the release year of the album?', 'release')).toBe(false);
    expect(refers('In which year was it founded?', 'which year')).toBe(false);
    expect(refers('Where is a museum of the city?', 'a museum')).toBe(false);
    expect(refers('Who is the?', 'the')).toBe(false);
    expect(isReferringPhrase('Who is he?', 3, 3)).toBe(false);
  });
});
