import { describe, expect, it } from 'vitest';
import { checkRewrite, cleanRewrite } from './check-rewrite.js';

const director = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
const founder = { id: 1, question: 'Who founded Gull House Press?', answer: 'Ivo Brand' };

function check(
  rewrite: string,
  question = 'Where was the director of Harbour Lights born?',
  parents: readonly (typeof director)[] = [director],
  maxChars = 2000,
) {
  return checkRewrite({ question, parents, rewrite, maxChars });
}

describe('cleanRewrite: what a model wraps around its question', () => {
  it.each([
    [
      'a blank line of spaces before the question',
      '   \nWhere was Mara Quill born?',
      'Where was Mara Quill born?',
    ],
    ['spaces inside the quotes', '"  Where was Mara Quill born? "', 'Where was Mara Quill born?'],
    [
      'a space before the label’s colon',
      'Question : Where was Mara Quill born?',
      'Where was Mara Quill born?',
    ],
    [
      'several spaces after the label, then quotes',
      'Rewritten question:   "Where was Mara Quill born?"',
      'Where was Mara Quill born?',
    ],
    ['nested quotes', '“"Where was Mara Quill born?"”', 'Where was Mara Quill born?'],
    ['doubled backticks', '``Where was Mara Quill born?``', 'Where was Mara Quill born?'],
  ])('%s', (_what, raw, cleaned) => {
    expect(cleanRewrite(raw)).toBe(cleaned);
  });

  it.each([
    ['an apostrophe inside the question', "Where was Ada Lee's mother born?"],
    ['a quoted title inside the question', 'In which year did Gull House Press publish “Salt Wind” again?'],
    [
      'a title with a label-like word and a colon',
      'Who published "The Final Answer: A Novel" in Northfield?',
    ],
  ])('keeps %s', (_what, question) => {
    expect(cleanRewrite(question)).toBe(question);
  });
});

describe('checkRewrite: the parents', () => {
  it('skips a parent whose answer names nothing (a "Yes") and checks the others', () => {
    const confirmed = { id: 0, question: 'Did Mara Quill direct Harbour Lights?', answer: 'Yes' };
    const named = { ...director, id: 1 };
    expect(check('Where was Mara Quill born?', undefined, [confirmed, named])).toEqual({
      usable: true,
      text: 'Where was Mara Quill born?',
      insertedFrom: [1],
    });
  });

  it('knows the words of every parent, not only the last one', () => {
    const studio = { id: 1, question: 'Which studio made Harbour Lights?', answer: 'Northfield Pictures' };
    expect(check('Where was Mara Quill born?', undefined, [director, studio])).toMatchObject({
      usable: true,
      insertedFrom: [0],
    });
  });

  it('says only the parents whose answers the question as planned did not name yet', () => {
    const verdict = check(
      'Were Mara Quill and Ivo Brand born in the same town?',
      'Were Mara Quill and the founder of Gull House Press born in the same town?',
      [director, founder],
    );
    expect(verdict).toMatchObject({ usable: true, insertedFrom: [1] });
  });

  it('lists the inserting parents by id, whatever order the parents come in', () => {
    const verdict = check(
      'Were Mara Quill and Ivo Brand born in the same town?',
      'Were the director of Harbour Lights and the founder of Gull House Press born in the same town?',
      [
        { ...founder, id: 3 },
        { ...director, id: 1 },
      ],
    );
    expect(verdict).toMatchObject({ usable: true, insertedFrom: [1, 3] });
  });

  it('finds no answer that is only an article: a parent answering "The" names nothing to put in', () => {
    const truncated = { id: 0, question: 'Which society published Salt Wind?', answer: 'The' };
    expect(check('The?', 'Who founded the society that published Salt Wind?', [truncated])).toMatchObject({
      usable: false,
      reason: "implausible: drops the parents' answers",
    });
  });
});

describe('checkRewrite: length', () => {
  const society = {
    id: 0,
    question: 'Which society published Salt Wind?',
    answer: 'The Northfield Society for the Study of Coastal Lighthouses',
  };
  const question = 'Who founded the society that published Salt Wind?';

  it('allows room for a long answer in place of a short description', () => {
    const rewrite = 'Who founded The Northfield Society for the Study of Coastal Lighthouses?';
    expect(rewrite.length).toBeGreaterThan(question.length);
    expect(check(rewrite, question, [society])).toMatchObject({ usable: true, insertedFrom: [0] });
  });

  it("accepts a rewrite exactly as long as the engine's longest question, and refuses one character more", () => {
    const rewrite = 'Where was Mara Quill born?';
    expect(check(rewrite, undefined, undefined, rewrite.length)).toMatchObject({ usable: true });
    expect(check(rewrite, undefined, undefined, rewrite.length - 1)).toMatchObject({
      usable: false,
      reason: `implausible: ${rewrite.length} characters, over ${rewrite.length - 1}`,
    });
  });
});

describe("checkRewrite: the question's own words", () => {
  it('does not count the answer as a word the question kept, when the question already named it', () => {
    expect(check('Who is Mara Quill?', 'Where was Mara Quill born?')).toMatchObject({
      usable: false,
      reason: "implausible: keeps none of the question's own words",
    });
  });

  it('accepts any rewrite of a question that has no words of its own (a bare placeholder)', () => {
    expect(check('What is Mara Quill?', 'What is #1?')).toEqual({
      usable: true,
      text: 'What is Mara Quill?',
      insertedFrom: [0],
    });
  });
});
