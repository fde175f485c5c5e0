import { describe, expect, it } from 'vitest';
import { groundQuestion, type ParentAnswer } from './ground-question.js';

// The module-level patterns of ground-question.ts: the filler words a parent's wording and the
// child's may differ by, and each form of explicit placeholder.

describe('groundQuestion — filler words between the parent and the child', () => {
  it.each([
    [
      'a',
      'Who directed a film about Northfield?',
      'When was the director of the film about Northfield born?',
    ],
    ['an', 'Who founded an orchestra in Tarrow?', 'Where was the founder of the orchestra in Tarrow born?'],
    ['band', 'Who founded the band Tarrow Lights?', 'Where was the founder of Tarrow Lights born?'],
    ['play', 'Who wrote the play Salt Wind?', 'Where was the writer of Salt Wind born?'],
  ])('matches the descriptor when only the parent says "%s"', (_filler, parentQuestion, question) => {
    const parent: ParentAnswer = { id: 0, question: parentQuestion, answer: 'Ivo Brand' };
    expect(groundQuestion({ question, parents: [parent] })).toEqual({
      text: `${question.startsWith('When') ? 'When' : 'Where'} was Ivo Brand born?`,
      method: 'implicit',
      insertedFrom: [0],
    });
  });
});

describe('groundQuestion — placeholder forms', () => {
  const director: ParentAnswer = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
  const writer: ParentAnswer = { id: 1, question: 'Who wrote Salt Wind?', answer: 'Ada Lee' };
  const label: ParentAnswer = {
    id: 1,
    question: 'Which label released Blue Ferry?',
    answer: 'Gull House Press',
  };

  it.each(['Where was <answer_1> born?', 'Where was <answer 1> born?', 'Where was <ans-1> born?'])(
    'reads an angle-bracket answer with a separator before its number: %s',
    (question) => {
      expect(groundQuestion({ question, parents: [director, writer] })).toEqual({
        text: 'Where was Ada Lee born?',
        method: 'placeholder',
        insertedFrom: [1],
      });
    },
  );

  it('reads an angle-bracket answer without a number as the only parent', () => {
    expect(groundQuestion({ question: 'Where was <answer> born?', parents: [director] })).toEqual({
      text: 'Where was Mara Quill born?',
      method: 'placeholder',
      insertedFrom: [0],
    });
  });

  it('replaces a worded reference that follows more than "the" and one noun, keeping the words before it', () => {
    expect(
      groundQuestion({
        question: 'Who founded the record label identified in question 2?',
        parents: [director, label],
      }),
    ).toEqual({
      text: 'Who founded the record label Gull House Press?',
      method: 'placeholder',
      insertedFrom: [1],
    });
  });

  it.each([
    'Who founded the  label identified in question 2?',
    'Who founded the label  identified in question 2?',
    'Who founded the label identified  in question 2?',
    'Who founded the label identified in  question 2?',
    'Who founded the label identified in subquestion 2?',
    'Who founded the label identified in sub-question 2?',
    'Who founded the label identified in Q2?',
    'Who founded the label identified in step #2?',
  ])('replaces the whole worded reference, "the" and its noun included: %s', (question) => {
    expect(groundQuestion({ question, parents: [director, label] })).toEqual({
      text: 'Who founded Gull House Press?',
      method: 'placeholder',
      insertedFrom: [1],
    });
  });

  it('reads a worded reference to a step of two digits', () => {
    const parents = [
      { ...director, id: 10 },
      { ...label, id: 11 },
    ];
    expect(groundQuestion({ question: 'Who founded the label identified in step 11?', parents })).toEqual({
      text: 'Who founded Gull House Press?',
      method: 'placeholder',
      insertedFrom: [11],
    });
  });
});
