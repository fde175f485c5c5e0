import { describe, expect, it } from 'vitest';
import { conformAnswer } from './conform-answer.js';

describe('conformAnswer — a year asked for, no date given', () => {
  it('keeps an answer that holds no date as it is', () => {
    expect(
      conformAnswer({
        question: 'In what year was the Northfield bridge opened?',
        answer: 'the spring after the flood',
        texts: [],
      }),
    ).toEqual({ answer: 'the spring after the flood', changes: [] });
  });
});
