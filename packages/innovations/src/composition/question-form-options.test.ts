import { describe, expect, it } from 'vitest';
import { classifyQuestion, parseChoiceOptions, parseConjunctionOptions } from './question-form.js';

// The options a question names, read whatever its white space and punctuation around them: a question
// pasted from a form (tabs, line breaks, CRLF), typed with doubled spaces, doubled or spaced question
// marks, a title with a question mark of its own.

describe('white space inside a question reads as one space', () => {
  it.each([
    'Which film premiered first, Harbour\tLights or Stone Orchard?',
    'Which film premiered first, Harbour\nLights or Stone\r\nOrchard?',
    'Which film premiered first,\r\nHarbour  Lights\tor\tStone Orchard?',
    '  Which film premiered first, Harbour Lights or Stone Orchard?\n',
  ])('a choice after a comma: %j', (question) => {
    expect(parseChoiceOptions(question)).toEqual(['Harbour Lights', 'Stone Orchard']);
  });

  it('keeps "the" with a line break after it as the start of an option', () => {
    expect(parseChoiceOptions('Which film premiered first, the\nHarbour Lights or Stone Orchard?')).toEqual([
      'the Harbour Lights',
      'Stone Orchard',
    ]);
  });

  it.each([
    'Was Mara\nQuill or Ivo Brand born first?',
    'Was\tMara Quill  or  Ivo Brand born first?',
    '\tWas Mara Quill or\r\nIvo Brand born first?',
    'Was Mara Quill or Ivo Brand born\nfirst?',
  ])('"Was A or B …": %j', (question) => {
    expect(classifyQuestion(question)).toEqual({
      kind: 'comparison',
      options: ['Mara Quill', 'Ivo Brand'],
      measure: 'date',
      direction: 'min',
      event: 'birth',
    });
  });

  it.each([
    'Who died first Mara\nQuill or Ivo Brand?',
    'Who  died\tfirst Mara Quill or Ivo\r\nBrand?',
    'Which painter\ndied  first Mara Quill  or Ivo Brand?',
  ])('"Who died first A or B": %j', (question) => {
    expect(parseChoiceOptions(question)).toEqual(['Mara Quill', 'Ivo Brand']);
  });

  it.each([
    'Are Salt Harbour\nand Blue Ferry from the same country?',
    'Are\tSalt  Harbour and\r\nBlue Ferry from the same country?',
  ])('the subjects around "and": %j', (question) => {
    expect(parseConjunctionOptions(question)).toEqual(['Salt Harbour', 'Blue Ferry']);
  });

  it.each([
    'Between Tarrowort\r\nand Kellweed, which is a herb?',
    '  Between\tTarrowort  and\nKellweed, which is a herb?',
  ])('"Between A and B, …": %j', (question) => {
    expect(classifyQuestion(question)).toEqual({ kind: 'choice', options: ['Tarrowort', 'Kellweed'] });
  });

  it('reads a question that starts with white space like one that does not', () => {
    expect(classifyQuestion('  Which plant belongs to the Kellaceae, Tarrowort or Kellweed?')).toEqual({
      kind: 'choice',
      options: ['Tarrowort', 'Kellweed'],
    });
  });
});

describe('question marks around the options', () => {
  it('drops a doubled question mark from the last option', () => {
    expect(parseChoiceOptions('Who died first, Mara Quill or Ivo Brand??')).toEqual([
      'Mara Quill',
      'Ivo Brand',
    ]);
  });

  it('drops a question mark set off by a space, and the quotes before it', () => {
    expect(parseChoiceOptions('Which film came out first, "Harbour Lights" or "Stone Orchard" ?')).toEqual([
      'Harbour Lights',
      'Stone Orchard',
    ]);
  });

  it("keeps a title's own question mark, first or last", () => {
    expect(parseChoiceOptions('Which film came out first, "Where Is Mara?" or Harbour Lights?')).toEqual([
      'Where Is Mara?',
      'Harbour Lights',
    ]);
    expect(parseChoiceOptions('Which film came out first, Harbour Lights or "Where Is Mara?"')).toEqual([
      'Harbour Lights',
      'Where Is Mara?',
    ]);
  });
});

describe('parseChoiceOptions: where the options start and end', () => {
  it('reads options with no space after the comma', () => {
    expect(parseChoiceOptions('Which film premiered first,Harbour Lights or Stone Orchard?')).toEqual([
      'Harbour Lights',
      'Stone Orchard',
    ]);
  });

  it('reads options after a comma that opens a clipped question', () => {
    expect(parseChoiceOptions(', Gull Press or Tern Books?')).toEqual(['Gull Press', 'Tern Books']);
  });

  it('reads no options when one of them is empty (an unfilled slot)', () => {
    expect(parseChoiceOptions('Which film premiered first, "Harbour Lights" or ""?')).toBeUndefined();
    expect(parseChoiceOptions('Which film came out first, "Harbour Lights" or ""?')).toBeUndefined();
    expect(parseChoiceOptions('Who died first, "" or Ivo Brand?')).toBeUndefined();
  });

  it('reads descriptions as options after "Who died first," when no comma split gives names', () => {
    expect(
      parseChoiceOptions('Who died first, the painter of Harbour Lights or the poet of Stone Orchard?'),
    ).toEqual(['the painter of Harbour Lights', 'the poet of Stone Orchard']);
  });

  it('reads "Which <noun> <verb> … first A or B" with a noun and words before "first"', () => {
    expect(parseChoiceOptions('Which painter died first Mara Quill or Ivo Brand?')).toEqual([
      'Mara Quill',
      'Ivo Brand',
    ]);
    expect(parseChoiceOptions('Which painter was born first Mara Quill or Ivo Brand?')).toEqual([
      'Mara Quill',
      'Ivo Brand',
    ]);
  });

  it('reads "was / did … A or B" and "which … first A or B" only at the start of the question', () => {
    // Both ask for something else (a city, a year): there is no choice between the two names.
    expect(classifyQuestion('Which city did Gull Press or Tern Books move to?')).toEqual({ kind: 'chain' });
    expect(
      classifyQuestion('In which year was the first film released by Gull Press or Tern Books?'),
    ).toEqual({
      kind: 'chain',
    });
  });
});

describe('parseConjunctionOptions: a name must end where "and" starts', () => {
  it('reads no subjects when the words before "and" are not the name (the star of a film)', () => {
    for (const question of [
      'Were the "Harbour Lights" star and Ivo Brand born in the same city?',
      'Were the Harbour Lights star and Ivo Brand born in the same city?',
    ]) {
      expect(parseConjunctionOptions(question)).toBeUndefined();
      expect(classifyQuestion(question)).toEqual({ kind: 'yes-no', attribute: 'place' });
    }
  });

  it('reads no subjects when the words after "and" do not start with a name', () => {
    expect(
      parseConjunctionOptions('Are Salt Harbour and the ferry port in the same country?'),
    ).toBeUndefined();
  });

  it('reads a quoted name followed by a comma before "and"', () => {
    expect(parseConjunctionOptions('Are "Harbour Lights", and "Stone Orchard" both films?')).toEqual([
      'Harbour Lights',
      'Stone Orchard',
    ]);
  });

  it('reads no two subjects from one name twice (two namesakes)', () => {
    expect(parseConjunctionOptions('Were Mara Quill and Mara Quill born in the same city?')).toBeUndefined();
  });

  it('drops only the question\'s own verb before the first name, not an "Is" inside a title', () => {
    expect(parseConjunctionOptions('Did the same composer write Love Is Blue and Harbour Lights?')).toEqual([
      'Love Is Blue',
      'Harbour Lights',
    ]);
    expect(parseConjunctionOptions('Are "Is It Spring" and "Harbour Lights" by the same composer?')).toEqual([
      'Is It Spring',
      'Harbour Lights',
    ]);
    expect(parseConjunctionOptions('Were Mara Quill and Ivo Brand born in the same city?')).toEqual([
      'Mara Quill',
      'Ivo Brand',
    ]);
  });
});

describe('classifyQuestion: forms that start the question', () => {
  it('reads no yes/no question from a first word that only ends like "is" or "did"', () => {
    expect(classifyQuestion('Lewis Quill directed which film?')).toEqual({ kind: 'chain' });
  });

  it('reads "between A and B," as a choice only at the start of the question', () => {
    expect(classifyQuestion('How far is it between Northfield and Southport, by road?')).toEqual({
      kind: 'chain',
    });
  });
});
