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
