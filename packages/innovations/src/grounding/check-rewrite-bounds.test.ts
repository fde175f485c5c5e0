import { describe, expect, it } from 'vitest';
import { answerSlack, checkRewrite, lengthSlack } from './check-rewrite.js';

const director = { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' };
const founder = { id: 1, question: 'Who founded Gull House Press?', answer: 'Ivo Brand' };
const question =
  'Were the director of Harbour Lights and the founder of Gull House Press born in the same town?';

/** The rewrite that names both answers, lengthened with lower-case filler words to exactly `length` characters. */
function rewriteOfLength(length: number): string {
  const filler = ' and so on'.repeat(Math.ceil(length / 10));
  const text = `Were Mara Quill and Ivo Brand born in the same town${filler}`.slice(0, length - 1).trimEnd();
  return `${text}${'o'.repeat(length - 1 - text.length)}?`;
}

describe('checkRewrite: the length limit from the question, the answers and the slacks', () => {
  const limit =
    question.length +
    director.answer.length +
    answerSlack +
    founder.answer.length +
    answerSlack +
    lengthSlack;

  it('accepts a rewrite exactly as long as the question, each answer with its slack, and the slack', () => {
    const rewrite = rewriteOfLength(limit);
    expect(rewrite).toHaveLength(limit);
    expect(checkRewrite({ question, parents: [director, founder], rewrite, maxChars: 2000 })).toEqual({
      usable: true,
      text: rewrite,
      insertedFrom: [0, 1],
    });
  });

  it('refuses a rewrite one character longer', () => {
    const rewrite = rewriteOfLength(limit + 1);
    expect(rewrite).toHaveLength(limit + 1);
    expect(checkRewrite({ question, parents: [director, founder], rewrite, maxChars: 2000 })).toEqual({
      usable: false,
      reason: `implausible: ${limit + 1} characters, over ${limit}`,
      text: rewrite,
    });
  });
});

describe('checkRewrite: a name with a capital inside (never invent)', () => {
  const studio = { id: 0, question: 'Which studio made Harbour Lights?', answer: 'Northfield Pictures' };
  const planned = 'Where is the studio that made Harbour Lights based?';

  it('refuses a rewrite that invents a lower-initial word with a capital inside', () => {
    const rewrite = 'Where is Northfield Pictures of eTarrow based?';
    expect(checkRewrite({ question: planned, parents: [studio], rewrite, maxChars: 2000 })).toEqual({
      usable: false,
      reason: "implausible: names 'eTarrow', which neither the question nor a parent has",
      text: rewrite,
    });
  });

  it('accepts the same word when a parent has it', () => {
    const named = { ...studio, question: 'Which eTarrow studio made Harbour Lights?' };
    const rewrite = 'Where is Northfield Pictures of eTarrow based?';
    expect(checkRewrite({ question: planned, parents: [named], rewrite, maxChars: 2000 })).toEqual({
      usable: true,
      text: rewrite,
      insertedFrom: [0],
    });
  });

  it('still lets the first word start with a capital and lower-case words through', () => {
    const rewrite = 'Where exactly is Northfield Pictures based?';
    expect(checkRewrite({ question: planned, parents: [studio], rewrite, maxChars: 2000 })).toMatchObject({
      usable: true,
    });
  });
});
