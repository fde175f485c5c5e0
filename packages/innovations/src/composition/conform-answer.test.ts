import { describe, expect, it } from 'vitest';
import { conformAnswer } from './conform-answer.js';

describe('conformAnswer', () => {
  it('gives the year of a full date when the question asks for a year', () => {
    expect(
      conformAnswer({
        question: 'In what year did the author of Salt Wind die?',
        answer: '4 March 1921',
        texts: [],
      }),
    ).toEqual({ answer: '1921', changes: ['year-of-date'] });
    expect(
      conformAnswer({ question: 'When did the author of Salt Wind die?', answer: '4 March 1921', texts: [] }),
    ).toEqual({ answer: '4 March 1921', changes: [] });
  });

  it('keeps any other answer as composed, whatever the retrieved texts call it', () => {
    expect(
      conformAnswer({
        question: 'Which dialect is spoken in the valley of Orlen?',
        answer: 'Norvish',
        texts: ['Norvish dialects are spoken in the valley of Orlen.'],
      }),
    ).toEqual({ answer: 'Norvish', changes: [] });
  });

  it('leaves yes/no and empty answers alone', () => {
    expect(
      conformAnswer({ question: 'Which dialect is older?', answer: 'no', texts: ['no dialect'] }).answer,
    ).toBe('no');
    expect(conformAnswer({ question: 'Which dialect is older?', answer: ' ', texts: [] }).answer).toBe('');
  });
});
