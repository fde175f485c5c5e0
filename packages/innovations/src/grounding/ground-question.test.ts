import { describe, expect, it } from 'vitest';
import { answerEntity } from './answer-entity.js';
import { groundQuestion } from './ground-question.js';

const director = { id: 0, question: 'Who is the director of the film Harbour Lights?', answer: 'Mara Quill' };

describe('groundQuestion — explicit placeholders', () => {
  it.each([
    ["Where was [director's name] born?", 'Where was Mara Quill born?'],
    ['Where was [answer] born?', 'Where was Mara Quill born?'],
    ['Where was [the director] born?', 'Where was Mara Quill born?'],
    ['Where was #1 born?', 'Where was Mara Quill born?'],
    ['Where was {0} born?', 'Where was Mara Quill born?'],
    ['Where was <ans0> born?', 'Where was Mara Quill born?'],
    ['Where was the director mentioned in sub-question 0 born?', 'Where was Mara Quill born?'],
  ])('%s', (question, expected) => {
    const result = groundQuestion({ question, parents: [director] });
    expect(result).toEqual({ text: expected, method: 'placeholder', insertedFrom: [0] });
  });

  it('maps numbered placeholders to the parent with that id', () => {
    const parents = [
      { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' },
      { id: 1, question: 'Who directed Stone Orchard?', answer: 'Ivo Brand' },
    ];
    const result = groundQuestion({ question: 'Was #1 born before #0?', parents });
    expect(result.text).toBe('Was Ivo Brand born before Mara Quill?');
    expect(result.insertedFrom).toEqual([0, 1]);
  });

  it('maps a worded placeholder to the parent that asked for that role', () => {
    const parents = [
      { id: 0, question: 'Who composed the score of Harbour Lights?', answer: 'Ottoline Hart' },
      { id: 1, question: 'Who is the performer of Blue Ferry?', answer: 'Jonah Vale' },
    ];
    const result = groundQuestion({ question: "Where was [performer's name] born?", parents });
    expect(result.text).toBe('Where was Jonah Vale born?');
    expect(result.insertedFrom).toEqual([1]);
  });

  it('fills a placeholder when another parent is an identity question (no state left between calls)', () => {
    const parents = [
      { id: 0, question: 'What is the capital of Veltria?', answer: 'Orlen' },
      { id: 1, question: 'What are the Northern Rowing Championships?', answer: 'a regatta' },
    ];
    const question = 'In what year were the Northern Rowing Championships held in [index:0]?';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = groundQuestion({ question, parents });
      expect(result.text).toBe('In what year were the Northern Rowing Championships held in Orlen?');
      expect(result.insertedFrom).toEqual([0]);
    }
  });
});

describe('groundQuestion — implicit references', () => {
  it('replaces the parent descriptor repeated in the child', () => {
    const result = groundQuestion({
      question: "When did the director of the film 'Harbour Lights' die?",
      parents: [director],
    });
    expect(result).toEqual({ text: 'When did Mara Quill die?', method: 'implicit', insertedFrom: [0] });
  });

  it('turns a verb question into its agent descriptor ("Who directed X" ↔ "the director of X")', () => {
    const parent = { id: 3, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
    const result = groundQuestion({
      question: 'What is the nationality of the director of Harbour Lights?',
      parents: [parent],
    });
    expect(result.text).toBe('What is the nationality of Mara Quill?');
  });

  it('replaces a possessive descriptor and keeps the possessive of what follows', () => {
    const parent = { id: 0, question: "Who is Lena Ostrow's father?", answer: 'Piet Ostrow' };
    const result = groundQuestion({
      question: "What is Lena Ostrow's father's birthday?",
      parents: [parent],
    });
    expect(result.text).toBe("What is Piet Ostrow's birthday?");
  });

  it('replaces a relative clause ("the company that published X")', () => {
    const parent = { id: 0, question: 'Who published The Tidewater Review?', answer: 'Gull House Press' };
    const result = groundQuestion({
      question: 'When was the company that published The Tidewater Review founded?',
      parents: [parent],
    });
    expect(result.text).toBe('When was Gull House Press founded?');
  });

  it.each([
    ['Where was this director born?', 'Where was Mara Quill born?'],
    ['Where did that director study?', 'Where did Mara Quill study?'],
    ['Who is the spouse of this person?', 'Who is the spouse of Mara Quill?'],
    ['What is the nationality of the director?', 'What is the nationality of Mara Quill?'],
  ])('demonstratives and role nouns: %s', (question, expected) => {
    const result = groundQuestion({ question, parents: [director] });
    expect(result).toEqual({ text: expected, method: 'implicit', insertedFrom: [0] });
  });

  it('takes in a second noun and a relative clause made of the parent question', () => {
    const school = { id: 0, question: 'What school does Ivo Brand teach at?', answer: 'Kell College' };
    expect(
      groundQuestion({
        question: 'How many students attend the school that teaches Ivo Brand?',
        parents: [school],
      }).text,
    ).toBe('How many students attend Kell College?');
    const member = { id: 0, question: 'Who was the cast member of Harbour Lights?', answer: 'Ada Brook' };
    expect(
      groundQuestion({ question: 'In what show did this cast member appear?', parents: [member] }).text,
    ).toBe('In what show did Ada Brook appear?');
  });

  it('does not read a relative "that" as a demonstrative', () => {
    const parent = { id: 0, question: 'Which river flows through Tarrow?', answer: 'Kell' };
    const result = groundQuestion({ question: 'Name the bridge that crosses the Kell?', parents: [parent] });
    expect(result.method).toBe('none');
  });

  it('resolves "that film" to the parent that asked for a film', () => {
    const parent = { id: 2, question: 'Which film did Mara Quill direct first?', answer: 'Harbour Lights' };
    const result = groundQuestion({ question: 'When was that film released?', parents: [parent] });
    expect(result.text).toBe('When was Harbour Lights released?');
  });

  it.each([
    ['Where was he born?', 'Where was Mara Quill born?'],
    ['When did she die?', 'When did Mara Quill die?'],
    ['Who was her father?', "Who was Mara Quill's father?"],
    ['Where did they study?', 'Where did Mara Quill study?'],
  ])('pronouns when the question names no entity: %s', (question, expected) => {
    expect(groundQuestion({ question, parents: [director] }).text).toBe(expected);
  });

  it('leaves pronouns alone when the question names its own entity', () => {
    const result = groundQuestion({ question: 'When did Ada Brook marry her husband?', parents: [director] });
    expect(result.method).toBe('none');
    expect(result.text).toBe('When did Ada Brook marry her husband?');
  });
});

describe('groundQuestion — no fit and the never-invent rule', () => {
  it('keeps the original when there is no parent', () => {
    expect(groundQuestion({ question: 'Where was [answer] born?', parents: [] })).toEqual({
      text: 'Where was [answer] born?',
      method: 'none',
      insertedFrom: [],
    });
  });

  it.each(['', '   ', 'unknown', 'No', 'not mentioned'])(
    'keeps the original when the parent answer is %j',
    (answer) => {
      const result = groundQuestion({
        question: 'Where was this director born?',
        parents: [{ ...director, answer }],
      });
      expect(result).toEqual({ text: 'Where was this director born?', method: 'none', insertedFrom: [] });
    },
  );

  it('inserts only text taken from a parent answer, even from a long sentence', () => {
    const answer =
      'The film was directed by Mara Quill after the original director left the production in its second month of shooting.';
    const result = groundQuestion({
      question: 'Where was this director born?',
      parents: [{ ...director, answer }],
    });
    const inserted = result.text.replace('Where was ', '').replace(' born?', '');
    expect(answer).toContain(inserted);
    expect(result.method).toBe('implicit');
  });

  it('does nothing when the child already names the parent answer', () => {
    const result = groundQuestion({ question: 'Where was Mara Quill born?', parents: [director] });
    expect(result.method).toBe('none');
  });

  it('inserts no description: an answer without a proper noun or number fits nothing', () => {
    const parent = {
      id: 0,
      question: "What is Ivo Brand's employer?",
      answer: 'its artistic director for eight years',
    };
    expect(
      groundQuestion({ question: 'How many people work for [employer]?', parents: [parent] }).method,
    ).toBe('none');
  });

  it('ignores identity questions ("What is the term X?"), whose answer describes X', () => {
    const parent = { id: 0, question: "What is the term 'Salt Wind'?", answer: 'Tarrow Dictionary' };
    const result = groundQuestion({
      question: "Which newspaper coined the term 'Salt Wind'?",
      parents: [parent],
    });
    expect(result).toEqual({
      text: "Which newspaper coined the term 'Salt Wind'?",
      method: 'none',
      insertedFrom: [],
    });
  });

  it('does not treat "Who is X?" as a descriptor of X (it would replace the entity itself)', () => {
    const parent = { id: 0, question: 'Who is Lena Ostrow?', answer: 'a Dutch painter' };
    const result = groundQuestion({ question: 'Who is the mother of Lena Ostrow?', parents: [parent] });
    expect(result.text).toBe('Who is the mother of Lena Ostrow?');
  });
});

describe('groundQuestion — appending', () => {
  it('appends the answer when the question has no reference and names no entity (default policy)', () => {
    const parents = [
      { id: 2, question: 'When did Mara Quill die?', answer: '3 May 1970' },
      { id: 3, question: 'When did Ivo Brand die?', answer: '1988' },
    ];
    const result = groundQuestion({ question: 'Which director died first?', parents });
    expect(result).toEqual({
      text: 'Which director died first (3 May 1970; 1988)?',
      method: 'appended',
      insertedFrom: [2, 3],
    });
  });

  it('does not append to a question that names its own entity, unless the policy is always', () => {
    const question = 'Which award did Ivo Brand win?';
    expect(groundQuestion({ question, parents: [director] }).method).toBe('none');
    expect(groundQuestion({ question, parents: [director], append: 'always' })).toEqual({
      text: 'Which award did Ivo Brand win (Mara Quill)?',
      method: 'appended',
      insertedFrom: [0],
    });
    expect(
      groundQuestion({ question: 'Which director died first?', parents: [director], append: 'never' }).method,
    ).toBe('none');
  });
});

describe('answerEntity — generational suffixes', () => {
  it.each([
    ['Osric Valdane Jr.', 'Osric Valdane'],
    ['Osric Valdane Jr', 'Osric Valdane'],
    ['Osric Valdane, Sr.', 'Osric Valdane'],
    ['Osric Valdane Junior', 'Osric Valdane'],
  ])('names %s by the bare name', (answer, expected) => {
    expect(answerEntity(answer)).toBe(expected);
  });

  it.each([
    ['Henrik VIII', 'Henrik VIII'],
    ['Osric Jr', 'Osric Jr'],
    ['Osric Valdane', 'Osric Valdane'],
    ['Jr', 'Jr'],
  ])('keeps %s (a regnal number, a one-word name, no suffix)', (answer, expected) => {
    expect(answerEntity(answer)).toBe(expected);
  });

  it('grounds the next hop with the bare name, a prefix of the answer', () => {
    const parent = { id: 0, question: 'Who founded the Velmar guild?', answer: 'Osric Valdane Jr.' };
    const result = groundQuestion({
      question: 'Who is the mother of the founder of the Velmar guild?',
      parents: [parent],
    });
    expect(result.text).toBe('Who is the mother of Osric Valdane?');
    expect(parent.answer.startsWith('Osric Valdane')).toBe(true);
  });
});
