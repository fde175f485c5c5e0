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

  it('adds the asked noun when a retrieved text names the answer with it', () => {
    const texts = ['Orlen has a museum.', 'Norvish dialects are spoken in the valley of Orlen.'];
    expect(
      conformAnswer({
        question: 'Which dialect is spoken in the valley of Orlen?',
        answer: 'Norvish',
        texts,
      }),
    ).toEqual({ answer: 'Norvish dialects', changes: ['asked-noun'] });
    expect(
      conformAnswer({
        question: 'Which episode of Harbour Lights was first aired in May?',
        answer: '112th',
        texts: ['It is the 112th episode overall.'],
      }),
    ).toEqual({ answer: '112th episode', changes: ['asked-noun'] });
  });

  it('keeps the answer when no text says it that way, or when it already ends in the noun', () => {
    expect(
      conformAnswer({
        question: 'Which dialect is spoken in Orlen?',
        answer: 'Norvish',
        texts: ['Norvish is spoken there.'],
      }),
    ).toEqual({ answer: 'Norvish', changes: [] });
    expect(
      conformAnswer({
        question: 'Which county is Orlen in?',
        answer: 'Kell County',
        texts: ['Kell County county seat'],
      }),
    ).toEqual({ answer: 'Kell County', changes: [] });
    // Part of a longer word is no match: "Norvishdialects" or "Norvish dialectology".
    expect(
      conformAnswer({
        question: 'Which dialect is spoken in Orlen?',
        answer: 'Norvish',
        texts: ['Norvish dialectology thrives.'],
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
