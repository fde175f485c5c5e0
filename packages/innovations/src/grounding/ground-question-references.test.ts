import { describe, expect, it } from 'vitest';
import { type GroundingResult, groundQuestion, type ParentAnswer } from './ground-question.js';

const director: ParentAnswer = {
  id: 0,
  question: 'Who is the director of Harbour Lights?',
  answer: 'Mara Quill',
};
const publisher: ParentAnswer = {
  id: 0,
  question: 'Who published The Tidewater Review?',
  answer: 'Gull House Press',
};

function ground(question: string, parents: readonly ParentAnswer[]): GroundingResult {
  return groundQuestion({ question, parents });
}

describe("groundQuestion — a parent's descriptor repeated in the child", () => {
  it('reads "Who sang X?" as asking for the performer of X', () => {
    const singer = { id: 0, question: 'Who sang Blue Ferry?', answer: 'Jonah Vale' };
    expect(ground('Where was the performer of Blue Ferry born?', [singer])).toEqual({
      text: 'Where was Jonah Vale born?',
      method: 'implicit',
      insertedFrom: [0],
    });
  });

  it('reads "Who is X\'s father?" as "the father of X"', () => {
    const father = { id: 0, question: "Who is Lena Ostrow's father?", answer: 'Piet Ostrow' };
    expect(ground('What is the birthday of the father of Lena Ostrow?', [father]).text).toBe(
      'What is the birthday of Piet Ostrow?',
    );
  });

  it('finds "the director of X" asked with a copula', () => {
    expect(ground('Where was the director of Harbour Lights born?', [director]).text).toBe(
      'Where was Mara Quill born?',
    );
  });

  it('reads "Which company published X?" as asking for the publisher of X', () => {
    const parent = { ...publisher, question: 'Which company published The Tidewater Review?' };
    expect(ground('Where is the publisher of The Tidewater Review based?', [parent]).text).toBe(
      'Where is Gull House Press based?',
    );
  });

  it('does not take a bare role noun ("Who is the director?") for the director of another film', () => {
    const parent = { ...director, question: 'Who is the director?' };
    expect(ground('Where was the director of Stone Orchard born?', [parent])).toEqual({
      text: 'Where was the director of Stone Orchard born?',
      method: 'none',
      insertedFrom: [],
    });
  });

  it.each([
    [
      'When was this company that published The Tidewater Review founded?',
      'When was Gull House Press founded?',
    ],
    [
      'When was that company which published The Tidewater Review founded?',
      'When was Gull House Press founded?',
    ],
    [
      'Is the bridge that crosses the Kell owned by the publisher of The Tidewater Review?',
      'Is the bridge that crosses the Kell owned by Gull House Press?',
    ],
  ])('replaces the whole reference, with its article and relative pronoun: %s', (question, expected) => {
    expect(ground(question, [publisher]).text).toBe(expected);
  });

  it.each([
    ['Where was this director of Harbour Lights born?', 'Where was Mara Quill born?'],
    ['Where was that director of Harbour Lights born?', 'Where was Mara Quill born?'],
    ['When did the director of Harbour Lights (film) die?', 'When did Mara Quill die?'],
    ['When did the director of the Harbour Lights film die?', 'When did Mara Quill die?'],
  ])('takes in the demonstrative and the kind of work around the descriptor: %s', (question, expected) => {
    expect(ground(question, [director]).text).toBe(expected);
  });

  it('takes in "the band" before a descriptor that starts with the name', () => {
    const singer = { id: 0, question: "Who is Tern Wave's singer?", answer: 'Ada Lee' };
    expect(ground("Where was the band Tern Wave's singer born?", [singer]).text).toBe(
      'Where was Ada Lee born?',
    );
  });
});

describe('groundQuestion — what follows a demonstrative or role noun', () => {
  it('takes in every following word of the parent\'s role ("this head football coach")', () => {
    const coach = { id: 0, question: 'Who is the head football coach of Kell College?', answer: 'Ada Lee' };
    expect(ground('Where did this head football coach study?', [coach]).text).toBe(
      'Where did Ada Lee study?',
    );
  });

  it('ends a relative clause at the first word the parent did not use', () => {
    const school = { id: 0, question: 'What school does Ivo Brand teach at?', answer: 'Kell College' };
    expect(ground('When was the school that teaches Ivo Brand founded?', [school]).text).toBe(
      'When was Kell College founded?',
    );
  });
});

describe('groundQuestion — pronouns and the question’s own entity', () => {
  it.each(["Did she direct 'the long way down'?", 'When did she leave Tarrow?'])(
    'leaves the pronoun of a question that names its own entity: %s',
    (question) => {
      expect(ground(question, [director])).toEqual({ text: question, method: 'none', insertedFrom: [] });
    },
  );

  it('reads a capitalised first word that is no name ("Name her father.") as naming no entity', () => {
    expect(ground('Name her father.', [director])).toEqual({
      text: "Name Mara Quill's father.",
      method: 'implicit',
      insertedFrom: [0],
    });
  });
});

describe('groundQuestion — doubled spaces, as model output sometimes has', () => {
  const father = { id: 0, question: "Who  is  Lena Ostrow's  father?", answer: 'Piet Ostrow' };
  const school = { id: 0, question: 'What school does Ivo Brand teach at?', answer: 'Kell College' };
  const coach = { id: 0, question: 'Who is the head football coach of Kell College?', answer: 'Ada Lee' };
  const singer = { id: 0, question: "Who is Tern Wave's singer?", answer: 'Ada Lee' };
  it.each<[string, ParentAnswer, string, string]>([
    [
      'Where was the director of Harbour Lights born?',
      { ...director, question: 'Who  is  the  director of Harbour Lights?' },
      'Where was Mara Quill born?',
      'parent copula',
    ],
    [
      'Where is the publisher of The Tidewater Review based?',
      { ...publisher, question: 'Which  company  published  The Tidewater Review?' },
      'Where is Gull House Press based?',
      'parent verb',
    ],
    [
      'What is the birthday of the father of Lena Ostrow?',
      father,
      'What is the birthday of Piet Ostrow?',
      'parent possessive',
    ],
    [
      "What is Lena Ostrow's father's birthday?",
      father,
      "What is Piet Ostrow's birthday?",
      'parent possessive, child possessive',
    ],
    [
      'When was the company  that  published The Tidewater Review founded?',
      publisher,
      'When was Gull House Press founded?',
      'child relative clause',
    ],
    [
      'Where was the  director of Harbour Lights born?',
      director,
      'Where was Mara Quill born?',
      'child article',
    ],
    ["Where was the band  Tern Wave's singer born?", singer, 'Where was Ada Lee born?', 'child kind of work'],
    ['Where did this head  football coach study?', coach, 'Where did Ada Lee study?', 'child role noun'],
    [
      'When was the school  that  teaches  Ivo Brand founded?',
      school,
      'When was Kell College founded?',
      'child relative clause after a role noun',
    ],
  ])('%s', (question, parent, expected) => {
    expect(ground(question, [parent]).text).toBe(expected);
  });
});
