import { tokenizeWords } from '@rootweaver/language-en';
import { describe, expect, it } from 'vitest';
import { type AnswerKind, answerTypeOf } from './answer-type.js';

/** Nouns named by hand (the tagger's job in the reader), so the test reads the rules alone. */
const nouns = new Set(['city', 'year', 'film', 'festival', 'albums', 'name', 'river', 'country', 'songs']);

function typeOf(question: string): { kind: AnswerKind; noun: string | undefined } {
  const tokens = tokenizeWords(question);
  const { kind, noun } = answerTypeOf(tokens, (index) =>
    nouns.has((tokens[index]?.text ?? '').toLowerCase()),
  );
  return { kind, noun };
}

describe('answerTypeOf', () => {
  it.each([
    ['Who directed the film?', 'who', undefined],
    ['Whom did she marry?', 'who', undefined],
    ['Whose portrait hangs there?', 'whose', undefined],
    ['When did the bridge open?', 'when', undefined],
    ['Where was she born?', 'where', undefined],
    ['Why was the match cancelled?', 'why', undefined],
    ['How many albums did the band release?', 'how-many', 'albums'],
    ['How much did it cost?', 'how-much', undefined],
    ['How long is the river?', 'how-long', undefined],
    ['How old was he?', 'how-old', undefined],
    ['How did the war end?', 'how', undefined],
    ['In which year did the festival start?', 'year', 'year'],
    ['What year was the film released?', 'year', 'year'],
    ['Which city hosts the festival?', 'which-or-what-noun', 'city'],
    ['Which film festival awarded it?', 'which-or-what-noun', 'festival'],
    ['What is the name of the river that crosses the city?', 'what', 'river'],
    ['What is it?', 'what', undefined],
    ['Is the river longer than the canal?', 'polar', undefined],
    ['Name the country where the film was shot.', 'where', undefined],
    ['', 'other', undefined],
  ] as const)('%s → %s', (question, kind, noun) => {
    expect(typeOf(question)).toEqual({ kind, noun });
  });

  it('reads past a leading preposition ("To whom", "In what city")', () => {
    expect(typeOf('To whom was the letter sent?').kind).toBe('who');
    expect(typeOf('In what city was it founded?')).toEqual({ kind: 'which-or-what-noun', noun: 'city' });
  });
});
