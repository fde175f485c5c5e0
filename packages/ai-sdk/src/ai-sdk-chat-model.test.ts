import { APICallError } from '@ai-sdk/provider';
import type { MultiHopEvent } from '@rootweaver/core';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiSdkChatModel } from './ai-sdk-chat-model.js';
import { textResult, textStream, usage } from './test/mock-model.js';

const question = 'What is the nationality of the director of The Copper Tide?';
const plan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who directed The Copper Tide?', refs: [] },
    { id: 1, question: 'What is the nationality of [director]?', refs: [0] },
  ],
});
let engine: Awaited<ReturnType<typeof openSampleEngine>>;
beforeAll(async () => {
  engine = await openSampleEngine();
});
afterAll(() => engine.close());

describe('AiSdkChatModel driving the planners', () => {
  it("decomposes with the AI SDK model in JSON mode and reports the provider's usage", async () => {
    const model = new MockLanguageModelV3({ doGenerate: textResult(plan, usage(123, 45)) });
    const { MultiHopRAG } = await import('@rootweaver/innovations');
    const rag = new MultiHopRAG({
      store: engine.store,
      chatModel: new AiSdkChatModel({ model }),
      config: { retrievalMode: 'lexical' },
    });
    const answer = await rag.ask(question, { synthesis: 'extractive' });
    expect(answer.plan?.source).toBe('llm');
    expect(answer.plan?.nodes.map((node) => node.question)).toEqual([
      'Who directed The Copper Tide?',
      'What is the nationality of [director]?',
    ]);
    expect(answer.usage.byStage.decompose).toMatchObject({ calls: 1, inputTokens: 123, outputTokens: 45 });
    const call = model.doGenerateCalls[0];
    expect(call?.responseFormat).toEqual({ type: 'json' });
    expect(call?.temperature).toBe(0);
    expect(JSON.stringify(call?.prompt)).toContain('The Copper Tide');
  });

  it('returns unparseable JSON as text, for the engine to repair or refuse', async () => {
    const model = new MockLanguageModelV3({ doGenerate: textResult('not json {', usage(3, 2)) });
    const result = await new AiSdkChatModel({ model }).generate({
      messages: [{ role: 'user', content: 'plan' }],
      responseFormat: { type: 'json_schema', name: 'plan', schema: { type: 'object' } },
    });
    expect(result).toMatchObject({
      text: 'not json {',
      usage: { inputTokens: 3, outputTokens: 2 },
      usageSource: 'reported',
    });
    expect(model.doGenerateCalls[0]?.responseFormat).toEqual({
      type: 'json',
      schema: { type: 'object' },
      name: 'plan',
    });
  });

  it('streams the synthesis call through streamText: the run emits each delta', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: textResult(plan),
      doStream: textStream(['Norw', 'egian [1]']),
    });
    const { MultiHopRAG } = await import('@rootweaver/innovations');
    const rag = new MultiHopRAG({
      store: engine.store,
      chatModel: new AiSdkChatModel({ model }),
      config: { retrievalMode: 'lexical' },
    });
    const deltas: string[] = [];
    const answer = await rag.ask(question, {
      synthesis: 'llm',
      onEvent: (event: MultiHopEvent) => {
        if (event.type === 'answer-delta') deltas.push(event.delta);
      },
    });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(deltas.join('')).toBe('Norwegian [1]');
    expect(answer.synthesis.mode).toBe('llm');
    expect(answer.answer).toBe('Norwegian [1]');
    expect(answer.usage.byStage.synthesize).toMatchObject({ calls: 1, inputTokens: 30, outputTokens: 2 });
  });

  it('counts the tokens when the provider reports none', async () => {
    const none = {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    };
    const model = new MockLanguageModelV3({ doGenerate: textResult('twelve chars', none) });
    const result = await new AiSdkChatModel({
      model,
      tokenCounter: { family: 'chars', count: (text) => text.length },
    }).generate({
      messages: [{ role: 'user', content: 'eight ch' }],
    });
    expect(result).toMatchObject({ usage: { inputTokens: 8, outputTokens: 12 }, usageSource: 'counted' });
  });

  it('maps the provider errors to RootweaverError codes, never leaking the upstream text', async () => {
    for (const [statusCode, code] of [
      [429, 'llm-rate-limited'],
      [401, 'not-configured'],
      [400, 'llm-rejected'],
      [503, 'llm-unavailable'],
    ] as const) {
      const model = new MockLanguageModelV3({
        doGenerate: async () => {
          throw new APICallError({
            message: 'upstream says sk-secret123456',
            url: 'http://x',
            requestBodyValues: {},
            statusCode,
            isRetryable: false,
          });
        },
      });
      const thrown = await new AiSdkChatModel({ model, maxRetries: 0 })
        .generate({ messages: [{ role: 'user', content: 'q' }] })
        .catch((error: unknown) => error);
      expect(thrown).toMatchObject({ name: 'RootweaverError', code, details: { status: statusCode } });
      expect(String((thrown as Error).message)).not.toContain('sk-secret');
    }
  });

  it('honours the signal even when the provider ignores it', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: () => new Promise(() => {}),
    });
    const controller = new AbortController();
    const pending = new AiSdkChatModel({ model }).generate({
      messages: [{ role: 'user', content: 'q' }],
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('user left')), 10);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    await expect(
      new AiSdkChatModel({ model }).generate({
        messages: [{ role: 'user', content: 'q' }],
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});
