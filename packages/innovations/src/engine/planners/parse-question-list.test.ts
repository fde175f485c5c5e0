import { describe, expect, it } from 'vitest';
import { normaliseQuestion, parseQuestionList } from './parse-question-list.js';

describe('parseQuestionList', () => {
  it.each([
    [
      'a JSON array',
      '["Who directed Inception?", "Where was he born?"]',
      ['Who directed Inception?', 'Where was he born?'],
    ],
    ['an array in prose', 'We need more.\n["Who produced Inception?"]\nThanks', ['Who produced Inception?']],
    ['a fenced array', '```json\n["A?"]\n```', ['A?']],
    ['a Python list', "['A?', 'B?']", ['A?', 'B?']],
    ['an object with a list', '{"subQuestions": ["A?"]}', ['A?']],
    ['node objects', '[{"id": 0, "question": "A?", "refs": []}]', ['A?']],
    ['an explicit stop', '[]', []],
    ['a stop in prose', 'The evidence is sufficient: []', []],
    ['an object with an empty list', '{"subQuestions": []}', []],
  ])('reads %s', (_name, text, expected) => {
    expect(parseQuestionList(text)).toEqual(expected);
  });

  it.each([
    ['prose', 'I think we are done.'],
    ['a number', '42'],
    ['unbalanced', '["A?"'],
  ])('returns undefined for %s', (_name, text) => {
    expect(parseQuestionList(text)).toBeUndefined();
  });
});

describe('normaliseQuestion', () => {
  it('ignores case and spacing', () => {
    expect(normaliseQuestion('  Who  directed\nInception? ')).toBe(
      normaliseQuestion('who directed inception?'),
    );
  });
});
