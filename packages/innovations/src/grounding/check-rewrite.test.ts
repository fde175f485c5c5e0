import { describe, expect, it } from 'vitest';
import { FakeChatModel } from '../test/index.js';
import { checkRewrite, cleanRewrite } from './check-rewrite.js';
import { ModelQuestionRewriter, rewriteMessages } from './model-question-rewriter.js';

const parents = [{ id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' }];
const question = 'Where was the director of Harbour Lights born?';

function check(rewrite: string, options: { question?: string; parents?: typeof parents } = {}) {
  return checkRewrite({
    question: options.question ?? question,
    parents: options.parents ?? parents,
    rewrite,
    maxChars: 2000,
  });
}

describe('cleanRewrite', () => {
  it.each([
    ['Where was Mara Quill born?', 'Where was Mara Quill born?'],
    ['  Rewritten question: "Where was Mara Quill born?"  ', 'Where was Mara Quill born?'],
    ['\n\nWhere was   Mara Quill born?\nBecause the director is Mara Quill.', 'Where was Mara Quill born?'],
    ['', ''],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanRewrite(raw)).toBe(cleaned);
  });
});

describe('checkRewrite', () => {
  it('accepts a rewrite that puts the answer in, and says which parent it came from', () => {
    expect(check('Where was Mara Quill born?')).toEqual({
      usable: true,
      text: 'Where was Mara Quill born?',
      insertedFrom: [0],
    });
    expect(check('In which town was Mara Quill born?').usable).toBe(true);
  });

  it('matches the answer whatever its case and punctuation', () => {
    expect(check('Where was mara quill born?').usable).toBe(true);
  });

  it('compares answers as the answer path does (normaliseAnswer): an article is no part of the answer', () => {
    const press = [{ id: 0, question: 'Which press published Salt Wind?', answer: 'The Gull House Press' }];
    expect(
      check('Who founded Gull House Press?', {
        question: 'Who founded the press that published Salt Wind?',
        parents: press,
      }),
    ).toMatchObject({ usable: true, insertedFrom: [0] });
    // Whole words only: "Gull House Pressing" does not name "Gull House Press".
    expect(
      check('Who founded Gull House Pressing?', {
        question: 'Who founded the press that published Salt Wind?',
        parents: press,
      }),
    ).toMatchObject({ usable: false });
  });

  it.each([
    ['', 'empty'],
    ['Where was the director born?', "implausible: drops the parents' answers"],
    [
      'Where was Mara Quill born in 1931?',
      "implausible: names '1931', which neither the question nor a parent has",
    ],
    [
      'Where was Mara Quill born, Ostrava?',
      "implausible: names 'Ostrava', which neither the question nor a parent has",
    ],
    ['Mara Quill', "implausible: keeps none of the question's own words"],
  ])('refuses %j: %s', (rewrite, reason) => {
    expect(check(rewrite)).toMatchObject({ usable: false, reason });
  });

  it('refuses a rewrite far longer than the question and the answers together', () => {
    const verdict = check(`Where was Mara Quill born? ${'and where did she live '.repeat(5)}`);
    expect(verdict).toMatchObject({ usable: false });
    expect(verdict.usable ? '' : verdict.reason).toMatch(/^implausible: \d+ characters, over \d+$/);
  });

  it('allows names from the parent questions (a rewrite may keep the title)', () => {
    expect(check('Where was Mara Quill, director of Harbour Lights, born?').usable).toBe(true);
  });
});

describe('ModelQuestionRewriter', () => {
  it('asks its chat model once, at temperature 0 and with its token cap, and returns the text as it is', async () => {
    const chatModel = new FakeChatModel({ modelId: 'tiny-rewriter' }).on(
      'Question: Where was the director of Harbour Lights born?',
      'Where was Mara Quill born?',
    );
    const rewriter = new ModelQuestionRewriter({ chatModel, maxOutputTokens: 24 });
    const result = await rewriter.rewrite({ question, parents });
    expect(rewriter.id).toBe('llm:tiny-rewriter');
    expect(result).toMatchObject({ text: 'Where was Mara Quill born?', modelId: 'llm:tiny-rewriter' });
    expect(result.usage?.outputTokens).toBe(5);
    expect(chatModel.calls).toHaveLength(1);
    expect(chatModel.calls[0]).toMatchObject({ temperature: 0, maxOutputTokens: 24 });
    expect(chatModel.calls[0]?.messages).toEqual(rewriteMessages(question, parents));
    expect(chatModel.prompts[0]).toContain('Q: Who directed Harbour Lights? A: Mara Quill');
  });
});
