import { describe, expect, it } from 'vitest';
import { replaceSpan } from './rewriter-input.js';

function replacing(text: string, phrase: string, answer: string): string {
  const start = new RegExp(`\\b${phrase}\\b`, 'u').exec(text)?.index ?? -1;
  return replaceSpan(text, start, start + phrase.length, answer);
}

describe('replaceSpan', () => {
  it('puts the answer in place of the phrase, white space collapsed', () => {
    expect(replacing('Where was  this director born?', 'this director', 'Ada Lee')).toBe(
      'Where was Ada Lee born?',
    );
  });

  it.each([
    ['his', 'What was his first film?', "What was Ada Lee's first film?"],
    ['its', 'When did its founder die?', "When did Ada Lee's founder die?"],
    ['their', 'Who produced their debut album?', "Who produced Ada Lee's debut album?"],
    ['her', 'Where did her career begin?', "Where did Ada Lee's career begin?"],
  ])('makes the answer possessive for the determiner "%s"', (phrase, text, expected) => {
    expect(replacing(text, phrase, 'Ada Lee')).toBe(expected);
  });

  it('writes an apostrophe alone after an answer ending in s, as the rules do', () => {
    expect(replacing('What was his first film?', 'his', 'Marcus Ellis')).toBe(
      "What was Marcus Ellis' first film?",
    );
  });

  it("rewrites a possessive phrase's own 's for the answer", () => {
    expect(replacing("Where was this year's final held?", 'this year', 'Corvelle Rovers')).toBe(
      "Where was Corvelle Rovers' final held?",
    );
    expect(replacing("Where was this club's final held?", 'this club', 'Corvelle United')).toBe(
      "Where was Corvelle United's final held?",
    );
  });

  it('keeps "her" as an object when a function word follows it', () => {
    expect(replacing('Who married her in 1990?', 'her', 'Ada Lee')).toBe('Who married Ada Lee in 1990?');
  });

  it('replaces a subject pronoun without a possessive', () => {
    expect(replacing('Where was he born?', 'he', 'Ada Lee')).toBe('Where was Ada Lee born?');
  });
});
