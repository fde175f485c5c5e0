import { describe, expect, it } from 'vitest';
import { groundQuestion, type ParentAnswer } from './ground-question.js';

function ground(question: string, parents: readonly ParentAnswer[]) {
  return groundQuestion({ question, parents });
}

describe('groundQuestion — a quoted title inside a relative clause', () => {
  const newspaper = (title: string): ParentAnswer => ({
    id: 0,
    question: `Which newspaper coined the term ${title}?`,
    answer: 'Northfield Courier',
  });

  it.each([
    ['double quotes', '"Tern Wave"'],
    ['single quotes', "'Tern Wave'"],
    ['curly double quotes', '“Tern Wave”'],
    ['curly single quotes', '‘Tern Wave’'],
  ])('replaces the whole clause, its closing quote included (%s)', (_, title) => {
    expect(
      ground(`When was the newspaper that coined the term ${title} founded?`, [newspaper(title)]),
    ).toEqual({
      text: 'When was Northfield Courier founded?',
      method: 'implicit',
      insertedFrom: [0],
    });
  });

  it.each([
    ['double quotes', '"Tern Wave"'],
    ['single quotes', "'Tern Wave'"],
  ])('replaces a clause that ends the question with its title (%s)', (_, title) => {
    expect(ground(`Who founded the newspaper that coined the term ${title}?`, [newspaper(title)]).text).toBe(
      'Who founded Northfield Courier?',
    );
  });

  it('keeps a comma after the quoted title', () => {
    const title = '"Tern Wave"';
    expect(
      ground(`When was the newspaper that coined the term ${title}, and by whom?`, [newspaper(title)]).text,
    ).toBe('When was Northfield Courier, and by whom?');
  });
});

describe('groundQuestion — a possessive before a name ending in s', () => {
  const director: ParentAnswer = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Marcus Ellis' };
  const publisher: ParentAnswer = {
    id: 0,
    question: 'Which company published The Tidewater Review?',
    answer: 'Kell Brothers',
  };

  it.each([
    ['his', 'What was his first film?', director, "What was Marcus Ellis' first film?"],
    ['her', 'Who photographed her mother?', director, "Who photographed Marcus Ellis' mother?"],
    ['their', 'What is their nationality?', publisher, "What is Kell Brothers' nationality?"],
    ['its', 'Where is its headquarters?', publisher, "Where is Kell Brothers' headquarters?"],
  ])(
    "writes the pronoun %s as s' (not s's), as a repeated descriptor does",
    (_, question, parent, expected) => {
      expect(ground(question, [parent])).toEqual({ text: expected, method: 'implicit', insertedFrom: [0] });
    },
  );

  it("writes a demonstrative's possessive (\"this director's\") as s' too", () => {
    expect(ground("What is this director's nationality?", [director]).text).toBe(
      "What is Marcus Ellis' nationality?",
    );
  });

  it("still writes 's after a name not ending in s", () => {
    const mara = { ...director, answer: 'Mara Quill' };
    expect(ground('What was his first film?', [mara]).text).toBe("What was Mara Quill's first film?");
    expect(ground("What is this director's nationality?", [mara]).text).toBe(
      "What is Mara Quill's nationality?",
    );
  });
});
