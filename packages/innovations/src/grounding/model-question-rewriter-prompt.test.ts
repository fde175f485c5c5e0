import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeChatModel } from '../test/index.js';
import { ModelQuestionRewriter, rewritePromptVersion } from './model-question-rewriter.js';

/**
 * The SHA-256 of every message a small model receives for one fixed sub-question (the instruction, the
 * worked example and its reply, the sub-question's own message), per prompt version. Results recorded
 * under a version were produced by exactly this prompt, so the prompt may not change under the same name.
 */
const recordedPromptHashes: Readonly<Record<string, string>> = {
  'rewrite-v1': '32b7e26d23e9c56c217358577eef1d7345a8ba0537a8e061003f175b67bb8972',
};

const question = 'Where was the founder of Northfield Press born?';
const parents = [{ id: 0, question: 'Who founded Northfield Press?', answer: 'Ada Lee' }];

async function messagesSeen() {
  const chatModel = new FakeChatModel({ modelId: 'tiny-rewriter', fallbackReply: 'Where was Ada Lee born?' });
  await new ModelQuestionRewriter({ chatModel }).rewrite({ question, parents });
  const call = chatModel.calls[0];
  if (call === undefined) throw new Error('the rewriter did not ask its model');
  return call.messages.map(({ role, content }) => ({ role, content }));
}

describe('ModelQuestionRewriter: the prompt and its version', () => {
  it('sends, under the current rewritePromptVersion, exactly the prompt recorded for that version', async () => {
    const hash = createHash('sha256')
      .update(JSON.stringify(await messagesSeen()))
      .digest('hex');
    const recorded = recordedPromptHashes[rewritePromptVersion];
    expect(
      recorded,
      `no prompt hash is recorded for rewritePromptVersion '${rewritePromptVersion}': add '${rewritePromptVersion}': '${hash}' to recordedPromptHashes`,
    ).toBeDefined();
    expect(
      hash,
      `the rewrite prompt changed but rewritePromptVersion is still '${rewritePromptVersion}': bump rewritePromptVersion in model-question-rewriter.ts and record the new prompt's hash ('${hash}') under the new version in recordedPromptHashes`,
    ).toBe(recorded);
  });

  it('tells the model what to replace, to copy the answer exactly, to keep the rest, and to reply with the question only', async () => {
    const [system] = await messagesSeen();
    expect(system?.role).toBe('system');
    const instruction = system?.content ?? '';
    expect(instruction).toMatch(/rewrite a question so that it names the entity an earlier answer gives/);
    expect(instruction).toMatch(/a description such as "[^"]+"/);
    expect(instruction).toMatch(/a pronoun, a placeholder such as \[answer\] or #1\) with that answer/);
    expect(instruction).toMatch(/copied exactly/);
    expect(instruction).toMatch(/Keep every other word/);
    expect(instruction).toMatch(/Reply with the rewritten question only\./);
  });
});
