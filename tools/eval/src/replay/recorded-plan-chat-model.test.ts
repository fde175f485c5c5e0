import { isRootweaverError } from '@rootweaver/core';
import { FakeChatModel } from '@rootweaver/core/test';
import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../dataset/question-record.js';
import { CountingChatModel } from './counting-chat-model.js';
import { RecordedPlanChatModel, recordedPlanText } from './recorded-plan-chat-model.js';

const base: QuestionRecord = {
  id: 't-1',
  dataset: 't',
  question: 'Where did the director of X study?',
  answer: 'Y',
  kind: 'chain',
  plan: [
    { index: 0, question: 'Who directed X?', refs: [] },
    { index: 1, question: 'Where did [director] study?', refs: [0] },
  ],
  baselines: {},
};

const messages = [{ role: 'user' as const, content: 'Decompose: Where did the director of X study?' }];
const wordCounter = { family: 'words', count: (text: string) => text.split(/\s+/).filter(Boolean).length };

describe('RecordedPlanChatModel', () => {
  it('answers the first call with the recorded plan as JSON', async () => {
    const model = new RecordedPlanChatModel({ record: base });
    const result = await model.generate({ messages });
    expect(JSON.parse(result.text)).toEqual({
      subQuestions: [
        { id: 0, question: 'Who directed X?', refs: [] },
        { id: 1, question: 'Where did [director] study?', refs: [0] },
      ],
    });
  });

  it('replays the raw malformed output when plan is null', () => {
    const raw = ['index', 'q', 'What is WMOP?', 'ref', 'None'];
    expect(recordedPlanText({ ...base, plan: null, planRaw: raw })).toBe(JSON.stringify(raw));
    expect(recordedPlanText({ ...base, plan: null, planRaw: '1. What? 2. Who?' })).toBe('1. What? 2. Who?');
  });

  it('does not answer a synthesis prompt with the plan, even as the first call', async () => {
    const model = new RecordedPlanChatModel({ record: base });
    await expect(
      model.generate({
        messages: [{ role: 'user', content: 'Answer the question from the evidence below.' }],
      }),
    ).rejects.toSatisfy((error) => isRootweaverError(error, 'not-configured'));
    expect(model.synthesisRequested).toBe(true);
  });

  it('never fakes a later call: throws not-configured and flags it when no LLM is given', async () => {
    const model = new RecordedPlanChatModel({ record: base });
    await model.generate({ messages });
    expect(model.synthesisRequested).toBe(false);
    await expect(model.generate({ messages })).rejects.toSatisfy((error) =>
      isRootweaverError(error, 'not-configured'),
    );
    expect(model.synthesisRequested).toBe(true);
  });

  it('passes later calls to a real model when one is given', async () => {
    const llm = new FakeChatModel({ fallbackReply: 'Y University' });
    const model = new RecordedPlanChatModel({ record: base, afterDecomposition: llm });
    await model.generate({ messages });
    expect((await model.generate({ messages })).text).toBe('Y University');
    expect(llm.calls).toHaveLength(1);
  });

  it('is counted by CountingChatModel with the given tokenizer', async () => {
    const counting = new CountingChatModel({
      inner: new RecordedPlanChatModel({ record: base }),
      counter: wordCounter,
    });
    const result = await counting.generate({ messages });
    expect(counting.calls).toHaveLength(1);
    expect(counting.calls[0]?.inputTokens).toBe(8);
    expect(counting.calls[0]?.outputTokens).toBe(wordCounter.count(result.text));
  });
});
