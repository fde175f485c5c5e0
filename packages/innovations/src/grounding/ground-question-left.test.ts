import { describe, expect, it } from 'vitest';
import { answerEntity, maxEntityWords } from './answer-entity.js';
import {
  type GroundingResult,
  groundQuestion,
  identitySlack,
  isIdentityQuestion,
  type ParentAnswer,
} from './ground-question.js';

// Survivors of the mutation runs that a user can observe: tuned limits at their bound, and the
// narrower pattern where the wider one gives a wrong question.

function ground(question: string, parents: readonly ParentAnswer[]): GroundingResult {
  return groundQuestion({ question, parents });
}

const unchanged = (question: string): GroundingResult => ({
  text: question,
  method: 'none',
  insertedFrom: [],
});

describe('answerEntity — the word limit', () => {
  const words = (count: number): string[] => [
    'Tarrow',
    ...Array.from({ length: count - 1 }, () => 'harbour'),
  ];

  it('takes an answer of exactly maxEntityWords words whole, and only its name when one word longer', () => {
    expect(answerEntity(words(maxEntityWords).join(' '))).toBe(words(maxEntityWords).join(' '));
    expect(answerEntity(words(maxEntityWords + 1).join(' '))).toBe('Tarrow');
  });

  it('counts words, not spaces: a double space inside an answer of maxEntityWords words adds none', () => {
    const answer = words(maxEntityWords).join(' ').replace(' ', '  ');
    expect(answerEntity(answer)).toBe(answer);
  });

  it('drops every closing mark around a quoted title', () => {
    expect(answerEntity('"Salt Wind"..')).toBe('Salt Wind');
    expect(answerEntity('"Salt Wind...".')).toBe('Salt Wind');
  });
});

describe('isIdentityQuestion — the subject is a name', () => {
  it('allows identitySlack stray characters beside the name, and no more', () => {
    expect(isIdentityQuestion(`Who is Ada Lee${'!'.repeat(identitySlack)}?`)).toBe(true);
    expect(isIdentityQuestion(`Who is Ada Lee${'!'.repeat(identitySlack + 1)}?`)).toBe(false);
  });

  it('counts a stray opening mark as one of the identitySlack characters', () => {
    expect(isIdentityQuestion("Who is 'Ada Lee?")).toBe(true);
    expect(isIdentityQuestion('Who is (Ada Lee?')).toBe(true);
  });

  it('does not count closing dots against the name', () => {
    expect(isIdentityQuestion('Who is Ada Lee...?')).toBe(true);
  });

  it('does not take a question that only ends in "who is X" for one about X', () => {
    expect(isIdentityQuestion('Which film starred the actor who is Ivo Brand?')).toBe(false);
    const parent = { id: 0, question: 'Which film starred the actor who is Ivo Brand?', answer: 'Salt Wind' };
    expect(ground('When was the film released?', [parent]).text).toBe('When was Salt Wind released?');
  });

  it('reads a question with leading white space, and a double space after the article', () => {
    expect(isIdentityQuestion(' Who is Ada Lee?')).toBe(true);
    expect(isIdentityQuestion('Who was a  painter Ada Lee?')).toBe(true);
  });
});

describe("groundQuestion — a parent's descriptor", () => {
  it('reads a parent question with leading white space', () => {
    const parent = { id: 0, question: '  Who directed Harbour Lights?', answer: 'Mara Quill' };
    expect(ground('When did the director of Harbour Lights die?', [parent]).text).toBe(
      'When did Mara Quill die?',
    );
  });

  it.each([
    'Who is the director of Harbour Lights\nand of Salt Wind?',
    'Who directed Harbour Lights\nand Salt Wind?',
  ])('reads the first line of a parent broken over two: %j', (parentQuestion) => {
    const parent = { id: 0, question: parentQuestion, answer: 'Mara Quill' };
    expect(ground('When did the director of Harbour Lights die?', [parent]).text).toBe(
      'When did Mara Quill die?',
    );
  });

  it('reads a possessive parent that ends in "??"', () => {
    const parent = { id: 0, question: "Who is Ada Lee's father??", answer: 'Ivo Lee' };
    expect(ground('Where was the father of Ada Lee born?', [parent]).text).toBe('Where was Ivo Lee born?');
  });

  it('strips only the closing "?" of a parent whose title has its own', () => {
    const parent = { id: 0, question: 'Who is the "Why Not?" singer\'s father?', answer: 'Ivo Lee' };
    expect(ground('Where was the father of the "Why Not?" singer born?', [parent]).text).toBe(
      'Where was Ivo Lee born?',
    );
  });

  it('reads a parent that drops the article before the role ("Who was director of the film X?")', () => {
    const parent = { id: 0, question: 'Who was director of the film Harbour Lights?', answer: 'Mara Quill' };
    expect(ground('When did the director of Harbour Lights die?', [parent]).text).toBe(
      'When did Mara Quill die?',
    );
  });

  it('reads a parent that lost its noun ("Which published X?")', () => {
    const parent = { id: 0, question: 'Which published Salt Wind?', answer: 'Gull House Press' };
    expect(ground('Where is the company that published Salt Wind based?', [parent]).text).toBe(
      'Where is Gull House Press based?',
    );
  });

  it('matches a relative clause about a one-word title ("the press that published Tarrow")', () => {
    const parent = { id: 0, question: 'Who published Tarrow?', answer: 'Gull House Press' };
    expect(ground('Where is the press that published Tarrow based?', [parent]).text).toBe(
      'Where is Gull House Press based?',
    );
  });

  it('takes the last possessive of a chain as the relation ("X\'s father\'s brother")', () => {
    const parent = { id: 0, question: "Who is Ada Lee's father's brother?", answer: 'Ivo Lee' };
    expect(ground("Where was the brother of Ada Lee's father born?", [parent]).text).toBe(
      'Where was Ivo Lee born?',
    );
  });

  it.each([
    [
      'Where was the man born who is the director of Harbour Lights?',
      'When did the director of Harbour Lights die?',
    ],
    ['Where was the man who wrote Salt Wind born?', 'When was the writer of Salt Wind born?'],
    ["Where was the man born who is Ada Lee's father?", 'When did the father of Ada Lee die?'],
  ])('takes no descriptor from a clause inside a parent that asks where: %s', (parentQuestion, question) => {
    const parent = { id: 0, question: parentQuestion, answer: 'Tarrow' };
    expect(ground(question, [parent])).toEqual(unchanged(question));
  });

  it('replaces the relative clause with a double space after the article ("the  man who wrote X")', () => {
    const parent = { id: 0, question: 'Who wrote Salt Wind?', answer: 'Ada Lee' };
    expect(ground('Where was the  man who wrote Salt Wind born?', [parent]).text).toBe(
      'Where was Ada Lee born?',
    );
  });

  it('takes in the quotes around a descriptor with no article before it', () => {
    const parent = { id: 0, question: "Who is Ada Lee's father?", answer: 'Ivo Lee' };
    expect(ground('Where was "Ada Lee\'s father" born?', [parent]).text).toBe('Where was Ivo Lee born?');
  });

  it.each([
    'When did the director of Harbour Lights(film) die?',
    'When did the director of Harbour Lights  (film) die?',
    'When did the director of Harbour Lights ( film) die?',
  ])('takes in a "(film)" note however it is spaced: %s', (question) => {
    const parent = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
    expect(ground(question, [parent]).text).toBe('When did Mara Quill die?');
  });
});

describe('groundQuestion — the role a parent asks for', () => {
  it.each([
    ['Where was the man born who is the director of Harbour Lights?', 'When did the director die?'],
    ['Where was the woman born who directed Harbour Lights?', 'When did the director die?'],
    ["Where was the man born who was Ada Lee's father?", 'When did the father die?'],
    ['Who directed the film in which actor Ivo Brand starred?', 'When was the actor born?'],
  ])(
    'takes no role from a clause inside a parent that asks something else: %s',
    (parentQuestion, question) => {
      const parent = { id: 0, question: parentQuestion, answer: 'Tarrow Hale' };
      expect(ground(question, [parent])).toEqual({
        text: question.replace(/\?$/, ' (Tarrow Hale)?'),
        method: 'appended',
        insertedFrom: [0],
      });
    },
  );

  it('takes the last possessive of a chain as the role ("X\'s father\'s brother" → the brother)', () => {
    const parent = { id: 0, question: "Who is Ada Lee's father's brother?", answer: 'Ivo Lee' };
    expect(ground('Where was the brother born?', [parent]).text).toBe('Where was Ivo Lee born?');
  });

  it('leaves "the film" before a quoted title of its own alone, also after a double space', () => {
    const parent = { id: 0, question: 'Which film did Mara Quill direct?', answer: 'Salt Wind' };
    const question = "Who wrote the music for the film  'Harbour Lights'?";
    expect(ground(question, [parent])).toEqual(unchanged(question));
  });
});

describe('groundQuestion — words of a worded placeholder that name no parent', () => {
  const parents: ParentAnswer[] = [
    { id: 0, question: 'Who wrote The Final Answer to Q Street?', answer: 'Ivo Brand' },
    { id: 1, question: 'Which singer performed Blue Ferry?', answer: 'Jonah Vale' },
    { id: 2, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' },
  ];

  it.each([
    'Where was [the answer] born?',
    'Where was [the one to ask] born?',
    'Where was [answer of Q 7] born?',
  ])('does not pick the parent whose question holds "answer", "to" or "q": %s', (question) => {
    expect(ground(question, parents)).toEqual({
      text: 'Where was Mara Quill born?',
      method: 'placeholder',
      insertedFrom: [2],
    });
  });
});

describe('groundQuestion — how far a reference extends', () => {
  const director = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };

  it.each([
    ['Who directed Harbour Lights?', 'Was this director, directing Harbour Lights, already famous?'],
    ['Who directed Harbour Lights in Tarrow?', 'When did this director, who directed Harbour Lights, die?'],
  ])('stops at a comma: a clause after it stays (%s)', (parentQuestion, question) => {
    const parent = { ...director, question: parentQuestion };
    expect(ground(question, [parent]).text).toBe(question.replace('this director', 'Mara Quill'));
  });

  it("ends the clause at a comma, even when the words after it are the parent's too", () => {
    const parent = {
      id: 0,
      question: 'Which newspaper printed the poem by Ada Lee in Tarrow?',
      answer: 'Gull Courier',
    };
    expect(ground('When was the newspaper that printed the poem, in Tarrow, founded?', [parent]).text).toBe(
      'When was Gull Courier, in Tarrow, founded?',
    );
  });

  it('takes in a one-word title in single quotes at the end of the clause', () => {
    const parent = { id: 0, question: "Which newspaper coined the term 'Tern'?", answer: 'Gull Courier' };
    expect(ground("When was the newspaper that coined the term 'Tern' founded?", [parent]).text).toBe(
      'When was Gull Courier founded?',
    );
  });

  it('takes in a possessive of the parent\'s words inside the clause ("Ada Lee\'s poem")', () => {
    const parent = { id: 0, question: 'Which newspaper printed a poem by Ada Lee?', answer: 'Gull Courier' };
    expect(ground("When was the newspaper that printed Ada Lee's poem founded?", [parent]).text).toBe(
      'When was Gull Courier founded?',
    );
  });

  it.each([
    ['Which television network aired Harbour Lights?', 'Who founded this television network?'],
    ['Which print workshop made Salt Wind?', 'Who owned this print workshop?'],
  ])('takes in a second noun of the parent that merely contains "work": %s', (parentQuestion, question) => {
    const parent = { id: 0, question: parentQuestion, answer: 'Gull House' };
    expect(ground(question, [parent]).text).toBe(question.replace(/this .*\?$/, 'Gull House?'));
  });
});
