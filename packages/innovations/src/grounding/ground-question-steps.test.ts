import { describe, expect, it } from 'vitest';
import { type GroundQuestionOptions, groundQuestion, type ParentAnswer } from './ground-question.js';

const harbourDirector: ParentAnswer = {
  id: 0,
  question: 'Who directed Harbour Lights?',
  answer: 'Mara Quill',
};
const orchardDirector: ParentAnswer = { id: 1, question: 'Who directed Stone Orchard?', answer: 'Ivo Brand' };
const unchanged = (question: string) => ({ text: question, method: 'none', insertedFrom: [] });

function ground(
  question: string,
  parents: readonly ParentAnswer[],
  append?: GroundQuestionOptions['append'],
) {
  return groundQuestion(append === undefined ? { question, parents } : { question, parents, append });
}

describe('groundQuestion — which parents can be inserted', () => {
  it('inserts nothing from a parent whose answer is the string "undefined"', () => {
    const question = 'Where was [answer] born?';
    expect(ground(question, [{ ...harbourDirector, answer: 'undefined' }])).toEqual(unchanged(question));
  });
});

describe('groundQuestion — placeholders', () => {
  it('lists the inserted parents in id order whatever the order of the placeholders', () => {
    expect(ground('Was #0 born before #1?', [harbourDirector, orchardDirector])).toEqual({
      text: 'Was Mara Quill born before Ivo Brand?',
      method: 'placeholder',
      insertedFrom: [0, 1],
    });
  });
});

describe('groundQuestion — a child that already names the answers', () => {
  it('appends nothing, even under the always policy, when the child names the answer', () => {
    const question = 'Which award did Mara Quill win?';
    expect(ground(question, [harbourDirector], 'always')).toEqual(unchanged(question));
  });

  it('leaves a demonstrative alone when the one parent answer is already named', () => {
    const question = 'Which prize did Mara Quill win for that film?';
    expect(ground(question, [harbourDirector])).toEqual(unchanged(question));
  });

  it('still grounds the reference to a parent whose answer the child does not name', () => {
    const film = { id: 1, question: 'Which film won the Northfield prize?', answer: 'Stone Orchard' };
    expect(ground('Did Mara Quill win an award for that film?', [harbourDirector, film])).toEqual({
      text: 'Did Mara Quill win an award for Stone Orchard?',
      method: 'implicit',
      insertedFrom: [1],
    });
  });
});

describe("groundQuestion — a parent's descriptor repeated", () => {
  it("writes the possessive of a name ending in s as s' (not s's)", () => {
    const father = { id: 0, question: "Who is Lena Ostrow's father?", answer: 'Tomas Reyes' };
    expect(ground("What is Lena Ostrow's father's birthday?", [father]).text).toBe(
      "What is Tomas Reyes' birthday?",
    );
  });
});

describe('groundQuestion — demonstratives', () => {
  it.each([
    [
      'When did these musicians split up?',
      'Which band recorded Blue Ferry?',
      'The Gull Trio',
      'When did The Gull Trio split up?',
    ],
    [
      'Where are those islands located?',
      'Which islands belong to Veltria?',
      'the Orlen Isles',
      'Where are the Orlen Isles located?',
    ],
    [
      'In which year did said director die?',
      'Who directed Harbour Lights?',
      'Mara Quill',
      'In which year did Mara Quill die?',
    ],
    [
      'In which year did the said director die?',
      'Who directed Harbour Lights?',
      'Mara Quill',
      'In which year did Mara Quill die?',
    ],
    [
      'That director was born in which city?',
      'Who directed Harbour Lights?',
      'Mara Quill',
      'Mara Quill was born in which city?',
    ],
    // Nouns that begin or end like an excluded verb ("in", "ran", "ran…").
    [
      'When was this institute founded?',
      'Which institute employs Ada Lee?',
      'Kell Institute',
      'When was Kell Institute founded?',
    ],
    [
      'Where was this veteran born?',
      'Which veteran commanded the Northfield garrison?',
      'Ada Lee',
      'Where was Ada Lee born?',
    ],
    [
      'Where is this ranch located?',
      'Which ranch did Ada Lee buy?',
      'Kell Ranch',
      'Where is Kell Ranch located?',
    ],
  ])('%s', (question, parentQuestion, answer, expected) => {
    expect(ground(question, [{ id: 4, question: parentQuestion, answer }])).toEqual({
      text: expected,
      method: 'implicit',
      insertedFrom: [4],
    });
  });

  it.each([
    ['When was this released?', 'Which film did Mara Quill direct first?', 'Harbour Lights'],
    ['When was this built?', 'Which bridge crosses the Kell?', 'Tarrow Bridge'],
  ])(
    'reads "this" before a verb (%s) as no reference and appends the answer',
    (question, parentQuestion, answer) => {
      expect(ground(question, [{ id: 4, question: parentQuestion, answer }])).toEqual({
        text: question.replace(/\?$/, ` (${answer})?`),
        method: 'appended',
        insertedFrom: [4],
      });
    },
  );

  it('keeps the possessive of "this director\'s"', () => {
    expect(ground("What is this director's nationality?", [harbourDirector]).text).toBe(
      "What is Mara Quill's nationality?",
    );
  });

  it('resolves a demonstrative with no role noun to the last parent', () => {
    const studio = { id: 1, question: 'Which studio employed Mara Quill?', answer: 'Kell Pictures' };
    const expected = { text: 'Where is Kell Pictures based?', method: 'implicit', insertedFrom: [1] };
    expect(ground('Where is this company based?', [harbourDirector, studio])).toEqual(expected);
    expect(ground('Where is this company based?', [studio])).toEqual(expected);
  });

  it('resolves every demonstrative with no role noun to the only parent', () => {
    const studio = { id: 1, question: 'Which studio employed Mara Quill?', answer: 'Kell Pictures' };
    expect(ground('Where is this company based, and who founded this firm?', [studio])).toEqual({
      text: 'Where is Kell Pictures based, and who founded Kell Pictures?',
      method: 'implicit',
      insertedFrom: [1],
    });
  });

  it('resolves several demonstratives with no role noun to the parents in order', () => {
    expect(
      ground('Were this filmmaker and that filmmaker born in the same city?', [
        harbourDirector,
        orchardDirector,
      ]),
    ).toEqual({
      text: 'Were Mara Quill and Ivo Brand born in the same city?',
      method: 'implicit',
      insertedFrom: [0, 1],
    });
  });

  it('leaves a reference for which no parent is left', () => {
    expect(
      ground('Were this filmmaker and that filmmaker born in this country?', [
        harbourDirector,
        orchardDirector,
      ]).text,
    ).toBe('Were Mara Quill and Ivo Brand born in this country?');
  });
});

describe('groundQuestion — definite role nouns', () => {
  const composer = { id: 1, question: 'Who composed Blue Ferry?', answer: 'Ottoline Hart' };

  it('maps each role noun to the parent that asked for it, in any order in the text', () => {
    expect(ground('Did the composer work with this director?', [harbourDirector, composer])).toEqual({
      text: 'Did Ottoline Hart work with Mara Quill?',
      method: 'implicit',
      insertedFrom: [0, 1],
    });
  });

  it('grounds a role noun that only one of the parents asked for', () => {
    const film = { id: 0, question: 'Which film did Mara Quill direct first?', answer: 'Harbour Lights' };
    expect(ground('When was the film released?', [film, composer])).toEqual({
      text: 'When was Harbour Lights released?',
      method: 'implicit',
      insertedFrom: [0],
    });
  });

  it('leaves "the director of" another film alone', () => {
    const question = 'Was the director of Stone Orchard born in Northfield?';
    expect(ground(question, [harbourDirector])).toEqual(unchanged(question));
  });

  it('leaves a role noun that introduces a named title ("the film Stone Orchard") alone', () => {
    const film = { id: 0, question: 'Which film did Mara Quill direct first?', answer: 'Harbour Lights' };
    const question = 'Who composed the score of the film Stone Orchard?';
    expect(ground(question, [film])).toEqual(unchanged(question));
  });
});

describe('groundQuestion — pronouns', () => {
  it.each([
    ['Who married him?', harbourDirector, 'Who married Mara Quill?'],
    ['What was his first film?', harbourDirector, "What was Mara Quill's first film?"],
    [
      'Who photographed her, and for which magazine?',
      harbourDirector,
      'Who photographed Mara Quill, and for which magazine?',
    ],
    [
      'What is their nationality?',
      { id: 0, question: 'Which band recorded Blue Ferry?', answer: 'The Gull Trio' },
      "What is The Gull Trio's nationality?",
    ],
    [
      'Where is its headquarters?',
      { id: 0, question: 'Which company published The Tidewater Review?', answer: 'Gull House Press' },
      "Where is Gull House Press' headquarters?",
    ],
  ])('%s', (question, parent, expected) => {
    expect(ground(question, [parent])).toEqual({ text: expected, method: 'implicit', insertedFrom: [0] });
  });
});

describe('groundQuestion — appending', () => {
  const deaths = [
    { id: 2, question: 'When did Mara Quill die?', answer: '3 May 1970' },
    { id: 3, question: 'When did Ivo Brand die?', answer: '1988' },
  ];

  it('returns the question unchanged under the never policy and when it names an entity', () => {
    expect(ground('Which director died first?', [harbourDirector], 'never')).toEqual(
      unchanged('Which director died first?'),
    );
    expect(ground('Which award did Ivo Brand win?', [harbourDirector])).toEqual(
      unchanged('Which award did Ivo Brand win?'),
    );
  });

  it('appends only the answers the question does not name yet', () => {
    expect(
      ground('Was Mara Quill older than the other director?', [harbourDirector, orchardDirector], 'always'),
    ).toEqual({
      text: 'Was Mara Quill older than the other director (Ivo Brand)?',
      method: 'appended',
      insertedFrom: [1],
    });
  });

  it('appends before the final question mark, not one inside a quoted title', () => {
    expect(ground("Did 'Why Not?' chart higher?", [harbourDirector], 'always').text).toBe(
      "Did 'Why Not?' chart higher (Mara Quill)?",
    );
    expect(ground("Name the label that released 'Why Not?'", [harbourDirector], 'always').text).toBe(
      "Name the label that released 'Why Not?' (Mara Quill)",
    );
  });

  it('appends before a question mark followed by white space, and at the end of a question without one', () => {
    expect(ground('Which director died first? ', deaths).text).toBe(
      'Which director died first (3 May 1970; 1988)?',
    );
    expect(ground('Name the director who died first', deaths)).toEqual({
      text: 'Name the director who died first (3 May 1970; 1988)',
      method: 'appended',
      insertedFrom: [2, 3],
    });
  });
});
