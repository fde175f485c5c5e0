import { describe, expect, it } from 'vitest';
import { conformAnswer } from './conform-answer.js';

describe('conformAnswer: the year of a date', () => {
  it('gives a year before the common era as "N BC"', () => {
    expect(
      conformAnswer({
        question: 'In what year did the siege of Tarrow end?',
        answer: '15 March 44 BC',
        texts: [],
      }),
    ).toEqual({ answer: '44 BC', changes: ['year-of-date'] });
  });

  it('changes nothing when the answer is a year already, or more than a date', () => {
    expect(conformAnswer({ question: 'In what year did Orlen fall?', answer: '1921', texts: [] })).toEqual({
      answer: '1921',
      changes: [],
    });
    expect(
      conformAnswer({
        question: 'In what year did Orlen fall?',
        answer: '4 March 1921 after a long siege',
        texts: [],
      }),
    ).toEqual({ answer: '4 March 1921 after a long siege', changes: [] });
    // A trailing full stop is still just the date.
    expect(
      conformAnswer({ question: 'In what year did Orlen fall?', answer: '4 March 1921.', texts: [] }),
    ).toEqual({
      answer: '1921',
      changes: ['year-of-date'],
    });
  });
});

describe('conformAnswer: the asked noun', () => {
  it('takes the plural forms of the noun: -s, -es and -y → -ies', () => {
    const ask = (question: string, answer: string, text: string) =>
      conformAnswer({ question, answer, texts: [text] }).answer;
    expect(ask('Which county borders Orlen?', 'Kell', 'The Kell counties lie east.')).toBe('Kell counties');
    expect(ask('Which parish is Orlen in?', 'Tarrow', 'The Tarrow parishes are old.')).toBe(
      'Tarrow parishes',
    );
    expect(ask('Which river runs by Orlen?', 'Kell', 'The Kell rivers meet there.')).toBe('Kell rivers');
    expect(ask('Which river runs by Orlen?', 'Kell', 'The Kell river meets the sea.')).toBe('Kell river');
    // Another word after the answer is no form of the noun.
    expect(ask('Which river runs by Orlen?', 'Kell', 'The Kell riverbank floods.')).toBe('Kell');
  });

  it('reads the noun only in lower case, right after the whole answer', () => {
    const ask = (text: string) =>
      conformAnswer({ question: 'Which dialect is spoken in Orlen?', answer: 'Norvish', texts: [text] })
        .answer;
    expect(ask('Norvish Dialects Society')).toBe('Norvish');
    // Not inside a longer word: a letter before the answer is no match, a hyphen is.
    expect(ask('Old-Norvish dialects are spoken.')).toBe('Norvish dialects');
    expect(ask('UnNorvish dialects are spoken.')).toBe('Norvish');
    expect(ask('Norvish  dialects, twice spaced.')).toBe('Norvish dialects');
  });

  it('uses the first text that names it, once', () => {
    expect(
      conformAnswer({
        question: 'Which dialect is spoken in Orlen?',
        answer: 'Norvish',
        texts: ['Norvish is heard there.', 'Norvish dialect speakers', 'Norvish dialects'],
      }),
    ).toEqual({ answer: 'Norvish dialect', changes: ['asked-noun'] });
  });
});
