import { describe, expect, it } from 'vitest';
import { groundQuestion, type ParentAnswer } from './ground-question.js';

/** The role noun a parent question asks for lets "the <noun>" in the child stand for its answer. */
describe('groundQuestion — the role noun a parent asks for', () => {
  it.each([
    [
      'Who directed Harbour Lights?',
      'Mara Quill',
      'Where was the director born?',
      'Where was Mara Quill born?',
    ],
    [
      '  Who directed Harbour Lights?',
      'Mara Quill',
      'Where was the director born?',
      'Where was Mara Quill born?',
    ],
    [
      'Which company published The Tidewater Review?',
      'Gull House Press',
      'Where is the publisher based?',
      'Where is Gull House Press based?',
    ],
    [
      'What is the capital of Veltria?',
      'Orlen',
      'What is the population of the capital?',
      'What is the population of Orlen?',
    ],
    [
      'Which is the studio that released Harbour Lights?',
      'Kell Pictures',
      'Where is the studio based?',
      'Where is Kell Pictures based?',
    ],
    [
      'Which square hosts the Orlen market?',
      'Kell Square',
      'When was the square built?',
      'When was Kell Square built?',
    ],
    [
      'Which island hosts the Northfield lighthouse?',
      'Kell Island',
      'What is the area of the island?',
      'What is the area of Kell Island?',
    ],
    ["Who is Ada Lee's teacher?", 'Ina Moss', 'Where was the teacher born?', 'Where was Ina Moss born?'],
    ["Who is Ada Lee's teacher", 'Ina Moss', 'Where was the teacher born?', 'Where was Ina Moss born?'],
    [
      "What is Ada Lee's hometown?",
      'Orlen',
      'What is the population of the hometown?',
      'What is the population of Orlen?',
    ],
  ])('%s → %s', (parentQuestion, answer, question, expected) => {
    expect(groundQuestion({ question, parents: [{ id: 5, question: parentQuestion, answer }] })).toEqual({
      text: expected,
      method: 'implicit',
      insertedFrom: [5],
    });
  });

  it('does not read "the name" as the answer to "What is the name of …?"', () => {
    const parent = {
      id: 0,
      question: 'What is the name of the studio that released Harbour Lights?',
      answer: 'Kell Pictures',
    };
    expect(
      groundQuestion({ question: 'In which year did the company adopt the name?', parents: [parent] }),
    ).toEqual({
      text: 'In which year did the company adopt the name (Kell Pictures)?',
      method: 'appended',
      insertedFrom: [0],
    });
  });

  describe('"this person" is the answer of a parent that asked "Who …?"', () => {
    const director = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
    const film = { id: 1, question: 'Which film won the Northfield prize?', answer: 'Harbour Lights' };

    it.each([
      ['first', [director, film]],
      [
        'last',
        [
          { ...film, id: 0 },
          { ...director, id: 1 },
        ],
      ],
    ])('when that parent comes %s', (_, parents) => {
      const id = (parents as ParentAnswer[]).find((parent) => parent.answer === 'Mara Quill')?.id;
      expect(groundQuestion({ question: 'Where was this person born?', parents })).toEqual({
        text: 'Where was Mara Quill born?',
        method: 'implicit',
        insertedFrom: [id],
      });
    });

    it('not a parent that only has "who" inside a relative clause', () => {
      const parents = [
        {
          id: 0,
          question: 'Which prize did the woman who directed Harbour Lights win?',
          answer: 'Northfield Medal',
        },
        { id: 1, question: 'Who taught Mara Quill?', answer: 'Ina Moss' },
      ];
      expect(groundQuestion({ question: 'Where was this person born?', parents }).text).toBe(
        'Where was Ina Moss born?',
      );
    });
  });
});

describe('groundQuestion — runs of white space (as a model may write them)', () => {
  const director = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
  const city = { id: 0, question: 'Which city hosted the Northfield fair?', answer: 'Orlen' };

  it.each([
    ['Where was this  director born?', director, 'Where was Mara Quill born?'],
    ['Where was the  director born?', director, 'Where was Mara Quill born?'],
    [
      'Was the director  of Stone Orchard born in Northfield?',
      director,
      'Was the director  of Stone Orchard born in Northfield?',
    ],
    ['Who was born in  that city?', city, 'Who was born in  Orlen?'],
    ['Who photographed her  mother?', director, "Who photographed Mara Quill's  mother?"],
  ])('in the child: %s', (question, parent, expected) => {
    expect(groundQuestion({ question, parents: [parent] }).text).toBe(expected);
  });

  it.each([
    ['Who  directed Harbour Lights?', 'director'],
    ['Which  company  published The Tidewater Review?', 'publisher'],
    ["Who  is  Ada Lee's  teacher?", 'teacher'],
    ["Who is Ada Lee's teacher ?", 'teacher'],
    ['What  is  the  capital of Veltria?', 'capital'],
    ['Which  island hosts the Northfield lighthouse?', 'island'],
  ])('in the parent: %s', (parentQuestion, role) => {
    const parent = { id: 0, question: parentQuestion, answer: 'Kell' };
    expect(groundQuestion({ question: `Where is the ${role}?`, parents: [parent] }).text).toBe(
      'Where is Kell?',
    );
  });
});
