import { describe, expect, it } from 'vitest';
import { answerEntity } from './answer-entity.js';
import { groundQuestion, isIdentityQuestion } from './ground-question.js';

describe('answerEntity — the entity a parent answer names', () => {
  it.each([
    ['"Harbour Lights"', 'Harbour Lights'],
    ['Ada Lee .', 'Ada Lee'],
    ['Ada Lee...', 'Ada Lee'],
    ['Harbour Lights.\n', 'Harbour Lights'],
    ['"Harbour Lights".', 'Harbour Lights'],
    ['"Harbour Lights."', 'Harbour Lights'],
  ])('strips the quotes and the closing punctuation of %j', (answer, expected) => {
    expect(answerEntity(answer)).toBe(expected);
  });

  it.each([
    ["Niamh O'Dwyer", "Niamh O'Dwyer"],
    ['Gull House Press, Northfield', 'Gull House Press, Northfield'],
  ])('keeps the apostrophes and commas inside %j', (answer, expected) => {
    expect(answerEntity(answer)).toBe(expected);
  });

  it.each(['Ada Marino', 'Nora Quill', 'Casa Bruno'])(
    'does not read %j as a refusal ("no", "none") because of how it starts or ends',
    (answer) => {
      expect(answerEntity(answer)).toBe(answer);
    },
  );

  it('gives no capitalised first word of a long sentence for a name', () => {
    const answer =
      'The film was directed by Mara Quill after the original director left the production in its second month.';
    expect(answerEntity(answer)).toBe('Mara Quill');
  });

  it('gives the first proper name of a long sentence, not the sentence', () => {
    const answer =
      'It was directed by Mara Quill after the original director left the production in its second month.';
    expect(answerEntity(answer)).toBe('Mara Quill');
  });

  it('gives nothing for a long sentence without a proper name, even when it holds a number', () => {
    expect(
      answerEntity('it was released in 1994 after a long delay in the production of the film'),
    ).toBeUndefined();
  });

  it.each([
    ['Osric Valdane,Jr.', 'Osric Valdane'],
    ['Osric Valdane  Jr.', 'Osric Valdane'],
  ])('drops the generational suffix of %j however it is spaced', (answer, expected) => {
    expect(answerEntity(answer)).toBe(expected);
  });
});

describe('isIdentityQuestion — a question about what an entity is', () => {
  it.each([
    'Who is Ada Lee?',
    'Who is Ada Lee',
    'Who is painter Ada Lee?',
    'Who  is  Ada Lee?',
    'Who is painter  Ada Lee?',
    'Who is the  painter Ada Lee?',
    'Who is Ivo Brand Jr.?',
    "What is 'Salt Wind'?",
  ])('%s is an identity question', (question) => {
    expect(isIdentityQuestion(question)).toBe(true);
  });

  it.each([
    "Who was 'Salt Wind' written by?",
    'Who was Ada Lee with?',
    'What is the capital of veltria?',
    'Who is the director of Harbour Lights?',
  ])('%s is not an identity question', (question) => {
    expect(isIdentityQuestion(question)).toBe(false);
  });
});

describe('groundQuestion — identity parents', () => {
  const kell = { id: 0, question: 'What is Kell?', answer: 'Kell College' };

  it.each([
    ['When was [answer] founded?', 'When was Kell College founded?'],
    ['When was the school mentioned in Question 1 founded?', 'When was Kell College founded?'],
  ])('uses an identity parent when the child asks for it by placeholder: %s', (question, expected) => {
    expect(groundQuestion({ question, parents: [kell] })).toEqual({
      text: expected,
      method: 'placeholder',
      insertedFrom: [0],
    });
  });

  it('leaves an identity parent out when the child has no placeholder', () => {
    expect(groundQuestion({ question: 'When was it founded?', parents: [kell] }).method).toBe('none');
  });
});
