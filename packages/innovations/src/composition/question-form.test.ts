import { describe, expect, it } from 'vitest';
import { classifyQuestion, parseChoiceOptions, parseConjunctionOptions } from './question-form.js';

describe('parseChoiceOptions: the options as written, cleaned', () => {
  it.each([
    ['Which film came out first, "Harbour Lights" or "Stone Orchard"?', ['Harbour Lights', 'Stone Orchard']],
    ['Which film came out first, “Harbour Lights” or “Stone Orchard”?', ['Harbour Lights', 'Stone Orchard']],
    ['Which film came out first, " Harbour Lights" or Stone Orchard?', ['Harbour Lights', 'Stone Orchard']],
    // An Oxford comma, a doubled comma: punctuation before "or" is no part of the option.
    ['Which film came out first, Harbour Lights, or Stone Orchard?', ['Harbour Lights', 'Stone Orchard']],
    ['Which film came out first, Harbour Lights,, or Stone Orchard?', ['Harbour Lights', 'Stone Orchard']],
    // An apostrophe inside an option is part of its name.
    ["Which shop opened first, Mara's Bakery or Ivo's Forge?", ["Mara's Bakery", "Ivo's Forge"]],
    ['Which came first: Harbour Lights or Stone Orchard?', ['Harbour Lights', 'Stone Orchard']],
    [
      'Which battalion was raised first, 1st Kell Rifles or the Tarrow Guard?',
      ['1st Kell Rifles', 'the Tarrow Guard'],
    ],
  ])('%s', (question, options) => {
    expect(parseChoiceOptions(question)).toEqual(options);
  });

  it('reads options without a comma after "Who died first" / "Which … came first"', () => {
    expect(parseChoiceOptions('Who died first Mara Quill or Ivo Brand?')).toEqual([
      'Mara Quill',
      'Ivo Brand',
    ]);
  });

  it('reads "Was A or B …?" only when B is a name at the start of the rest', () => {
    expect(parseChoiceOptions('Was "Harbour Lights" or "the stone orchard" released first?')).toEqual([
      'Harbour Lights',
      'the stone orchard',
    ]);
    // A quoted title further on is not the second option.
    expect(parseChoiceOptions('Was Mara Quill or Ivo Brand of "Harbour Lights" born first?')).toEqual([
      'Mara Quill',
      'Ivo Brand',
    ]);
    expect(parseChoiceOptions('Was Mara Quill or the painter born first?')).toBeUndefined();
    expect(parseChoiceOptions('Was Mara Quill or the painter Ivo Brand born first?')).toBeUndefined();
  });

  it('reads no options where they are not names ("a pear or a plum")', () => {
    expect(parseChoiceOptions('What is sweeter, a pear or a plum?')).toBeUndefined();
    expect(parseChoiceOptions('What is sweeter, a pear from Orlen or a plum?')).toBeUndefined();
  });
});

describe('parseConjunctionOptions: the two subjects around "and"', () => {
  it.each([
    ['Are Salt Harbour and Blue Ferry from the same country?', ['Salt Harbour', 'Blue Ferry']],
    ['Are Salt Harbour  and  Blue Ferry from the same country?', ['Salt Harbour', 'Blue Ferry']],
    ['Is Mara Quill & Ivo Brand a duo?', ['Mara Quill', 'Ivo Brand']],
    ['Were Mara Quill, and Ivo Brand born in the same town?', ['Mara Quill', 'Ivo Brand']],
    ['Did the same person found Gull Press and Tern Books?', ['Gull Press', 'Tern Books']],
    ['Are "harbour lights" and "stone orchard" both films?', ['harbour lights', 'stone orchard']],
    ['Both Salt Harbour and Blue Ferry are ferries?', ['Salt Harbour', 'Blue Ferry']],
  ])('%s', (question, options) => {
    expect(parseConjunctionOptions(question)).toEqual(options);
  });

  it('reads no subjects where "and" joins no names', () => {
    expect(parseConjunctionOptions('Are salt and pepper both spices?')).toBeUndefined();
    expect(parseConjunctionOptions('are salt harbour and blue ferry both ferries?')).toBeUndefined();
  });
});

describe('classifyQuestion', () => {
  it.each([
    ['Who lived longer, Mara Quill or Ivo Brand?', { measure: 'lifespan', direction: 'max', event: 'other' }],
    [
      'Who would live longer, Mara Quill or Ivo Brand?',
      { measure: 'lifespan', direction: 'max', event: 'other' },
    ],
    ['Who is older, Mara Quill or Ivo Brand?', { measure: 'age', direction: 'max', event: 'birth' }],
    ['Who is younger, Mara Quill or Ivo Brand?', { measure: 'age', direction: 'min', event: 'birth' }],
    ['Who died first, Mara Quill or Ivo Brand?', { measure: 'date', direction: 'min', event: 'death' }],
  ])('%s', (question, form) => {
    expect(classifyQuestion(question)).toEqual({
      kind: 'comparison',
      options: ['Mara Quill', 'Ivo Brand'],
      ...form,
    });
  });

  it('does not read "died older / younger" as a comparison of ages', () => {
    for (const question of [
      'Who died older, Mara Quill or Ivo Brand?',
      'Who died younger, Mara Quill or Ivo Brand?',
    ]) {
      const form = classifyQuestion(question);
      expect(form).toMatchObject({ kind: 'comparison', event: 'death' });
      expect(form).not.toMatchObject({ measure: 'age' });
    }
  });

  it.each([
    ['Are Mara Quill and Ivo Brand of the same nationality?', 'nationality'],
    ['Are Salt Harbour and Blue Ferry from the same country?', 'country'],
    ['Were Mara Quill and Ivo Brand born in the same city?', 'place'],
    ['Were Mara Quill and Ivo Brand born on the same day?', 'date'],
    ['Do Harbour Lights and Stone Orchard have the same director?', 'person'],
    ['Are Harbour Lights and Stone Orchard both documentaries?', 'other'],
  ])('a yes/no equality: %s → %s', (question, attribute) => {
    expect(classifyQuestion(question)).toMatchObject({ kind: 'yes-no', attribute });
  });

  it('reads no yes/no question where the question names two alternatives', () => {
    expect(classifyQuestion('Was Mara Quill or Ivo Brand the director of Harbour Lights?').kind).not.toBe(
      'yes-no',
    );
  });

  it('reads a choice only for a question that asks which, who or what', () => {
    expect(classifyQuestion('Which plant belongs to the Kellaceae, Tarrowort or Kellweed?')).toEqual({
      kind: 'choice',
      options: ['Tarrowort', 'Kellweed'],
    });
    expect(classifyQuestion('Name the plant which belongs to the Kellaceae, Tarrowort or Kellweed?')).toEqual(
      {
        kind: 'chain',
      },
    );
  });
});
