import { describe, expect, it } from 'vitest';
import { type GroundingResult, groundQuestion, type ParentAnswer } from './ground-question.js';

const harbour: ParentAnswer = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
const orchard: ParentAnswer = { id: 2, question: 'Who directed Stone Orchard?', answer: 'Ivo Brand' };
const singer: ParentAnswer = { id: 1, question: 'Which singer performed Blue Ferry?', answer: 'Jonah Vale' };
const label: ParentAnswer = {
  id: 3,
  question: "What is the name of the composer's label?",
  answer: 'Gull House Press',
};
const writer: ParentAnswer = { id: 4, question: 'Who wrote Salt Wind?', answer: 'Ada Lee' };

function ground(question: string, parents: readonly ParentAnswer[]): GroundingResult {
  return groundQuestion({ question, parents });
}

describe('groundQuestion — numbered placeholders', () => {
  it('reads a number one past a parent id as counting from one ("#1" is the first step)', () => {
    expect(ground('Where was #1 born?', [harbour, orchard])).toEqual({
      text: 'Where was Mara Quill born?',
      method: 'placeholder',
      insertedFrom: [0],
    });
  });

  it('reads numbers of two digits', () => {
    const parents = [
      { ...harbour, id: 10 },
      { ...orchard, id: 11 },
    ];
    expect(ground('Was #11 born before #10?', parents).text).toBe('Was Ivo Brand born before Mara Quill?');
  });

  it('fills a placeholder whose number matches no parent with the only parent', () => {
    expect(ground('Where was #3 born?', [harbour])).toEqual({
      text: 'Where was Mara Quill born?',
      method: 'placeholder',
      insertedFrom: [0],
    });
  });
});

describe('groundQuestion — worded placeholders', () => {
  it.each([
    "Where was [the performer's name] born?",
    'Where was [name of the performer] born?',
    'Where was [performers] born?',
  ])('picks the parent that asked for that role, not the first or the last: %s', (question) => {
    expect(ground(question, [label, singer, writer])).toEqual({
      text: 'Where was Jonah Vale born?',
      method: 'placeholder',
      insertedFrom: [1],
    });
  });

  it('falls back to the last parent when no parent asked for the role', () => {
    expect(ground('Where did [the musician] study?', [label, singer, writer])).toEqual({
      text: 'Where did Ada Lee study?',
      method: 'placeholder',
      insertedFrom: [4],
    });
  });

  it('fills as many placeholders as parents in order', () => {
    expect(
      ground('Were [first answer] and [second answer] born in the same city?', [harbour, orchard]),
    ).toEqual({
      text: 'Were Mara Quill and Ivo Brand born in the same city?',
      method: 'placeholder',
      insertedFrom: [0, 2],
    });
  });
});
