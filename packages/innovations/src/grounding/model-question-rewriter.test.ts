import { describe, expect, it } from 'vitest';
import { FakeChatModel } from '../test/index.js';
import { checkRewrite } from './check-rewrite.js';
import { ModelQuestionRewriter } from './model-question-rewriter.js';

const question =
  'Were the director of Harbour Lights and the founder of Northfield Press born in the same town?';
const parents = [
  { id: 0, question: 'Who directed Harbour Lights?', answer: 'Mara Quill' },
  { id: 1, question: 'Who founded Northfield Press?', answer: 'Ada Lee' },
];
const reply = 'Were Mara Quill and Ada Lee born in the same town?';

async function rewriteOnce(options: { signal?: AbortSignal; maxOutputTokens?: number } = {}) {
  const chatModel = new FakeChatModel({ modelId: 'tiny-rewriter', fallbackReply: reply });
  const rewriter = new ModelQuestionRewriter({
    chatModel,
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
  });
  const result = await rewriter.rewrite({
    question,
    parents,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const call = chatModel.calls[0];
  if (call === undefined) throw new Error('the rewriter did not ask its model');
  return { result, call, calls: chatModel.calls };
}

describe('ModelQuestionRewriter: what the model sees', () => {
  it('sends an instruction, one worked example (question, then answer) and the sub-question', async () => {
    const { call } = await rewriteOnce();
    expect(call.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(call.messages[0]?.content).toMatch(
      /^You rewrite a question .*Reply with the rewritten question only\.$/,
    );
  });

  it('shows the worked example in the same form as the real question, with its made-up parent', async () => {
    const { call } = await rewriteOnce();
    expect(call.messages[1]?.content.split('\n')).toEqual([
      'Earlier questions and answers:',
      'Q: Who founded Gull House Press? A: Ivo Brand',
      'Question: In which year was the film directed by the founder of Gull House Press released?',
      'Rewritten question:',
    ]);
    expect(call.messages[2]?.content).toBe('In which year was the film directed by Ivo Brand released?');
  });

  it('gives the sub-question one line per parent, question and answer, and ends on the answer cue', async () => {
    const { call } = await rewriteOnce();
    expect(call.messages[3]?.content.split('\n')).toEqual([
      'Earlier questions and answers:',
      'Q: Who directed Harbour Lights? A: Mara Quill',
      'Q: Who founded Northfield Press? A: Ada Lee',
      `Question: ${question}`,
      'Rewritten question:',
    ]);
  });

  it("answers its own worked example in a form the engine's check accepts", async () => {
    const { call } = await rewriteOnce();
    const [, exampleQuestion, exampleAnswer] = call.messages;
    const lines = exampleQuestion?.content.split('\n') ?? [];
    const parent = /^Q: (.+) A: (.+)$/.exec(lines[1] ?? '');
    expect(
      checkRewrite({
        question: (lines[2] ?? '').replace(/^Question: /, ''),
        parents: [{ id: 0, question: parent?.[1] ?? '', answer: parent?.[2] ?? '' }],
        rewrite: exampleAnswer?.content ?? '',
        maxChars: 500,
      }),
    ).toMatchObject({ usable: true, insertedFrom: [0] });
  });

  it('asks once, at temperature 0, within its output-token cap, and returns the text as it is', async () => {
    const { result, call, calls } = await rewriteOnce({ maxOutputTokens: 32 });
    expect(calls).toHaveLength(1);
    expect(call).toMatchObject({ temperature: 0, maxOutputTokens: 32 });
    expect(result).toMatchObject({ text: reply, modelId: 'llm:tiny-rewriter' });
  });
});

describe('ModelQuestionRewriter: cancelling', () => {
  it("passes the run's abort signal to its model", async () => {
    const controller = new AbortController();
    const { call } = await rewriteOnce({ signal: controller.signal });
    expect(call.signal).toBe(controller.signal);
  });

  it('stops when the run was already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(rewriteOnce({ signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
  });
});
