import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import type { MultiHopEvent } from '@rootweaver/core';
import { MultiHopRAG } from '@rootweaver/innovations';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LangChainChatModel } from './langchain-chat-model.js';

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

/** A LangChain chat model (the peer's own base class) whose provider fails with an HTTP status. */
class FailingChatModel extends BaseChatModel {
  constructor(private readonly status: number) {
    super({ maxRetries: 0 });
  }
  _llmType(): string {
    return 'failing';
  }
  async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    throw Object.assign(new Error('upstream echo sk-secret1234567'), { status: this.status });
  }
}

describe('LangChainChatModel driving the planners', () => {
  it('decomposes with a LangChain chat model and counts the usage it does not report', async () => {
    const model = new FakeListChatModel({ responses: [plan] });
    const rag = new MultiHopRAG({
      store: engine.store,
      chatModel: new LangChainChatModel({ model }),
      config: { retrievalMode: 'lexical' },
    });
    const answer = await rag.ask(question, { synthesis: 'extractive' });
    expect(answer.plan?.source).toBe('llm');
    expect(answer.plan?.nodes.map((node) => node.question)).toEqual([
      'Who directed The Copper Tide?',
      'What is the nationality of [director]?',
    ]);
    expect(answer.usage.byStage.decompose?.calls).toBe(1);
    expect(answer.usage.byStage.decompose?.outputTokens).toBe(Math.ceil(plan.length / 4));
  });

  it('streams the synthesis call: each chunk is an answer delta', async () => {
    const model = new FakeListChatModel({ responses: [plan, 'Norwegian [1]'] });
    const rag = new MultiHopRAG({
      store: engine.store,
      chatModel: new LangChainChatModel({ model }),
      config: { retrievalMode: 'lexical' },
    });
    const deltas: string[] = [];
    const answer = await rag.ask(question, {
      synthesis: 'llm',
      onEvent: (event: MultiHopEvent) => {
        if (event.type === 'answer-delta') deltas.push(event.delta);
      },
    });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Norwegian [1]');
    expect(answer.synthesis.mode).toBe('llm');
  });

  it('reports the usage_metadata a model gives', async () => {
    class ReportingModel extends FakeListChatModel {
      override async _generate(
        messages: BaseMessage[],
        options?: this['ParsedCallOptions'],
      ): Promise<ChatResult> {
        const result = await super._generate(messages, options);
        const [generation] = result.generations;
        if (generation !== undefined)
          Object.assign(generation.message, {
            usage_metadata: { input_tokens: 9, output_tokens: 4, total_tokens: 13 },
          });
        return result;
      }
    }
    const reported = await new LangChainChatModel({
      model: new ReportingModel({ responses: ['{}'] }),
    }).generate({
      messages: [{ role: 'user', content: 'x' }],
      responseFormat: { type: 'json_object' },
    });
    expect(reported).toMatchObject({ usage: { inputTokens: 9, outputTokens: 4 }, usageSource: 'reported' });
  });

  it('maps provider failures to RootweaverError codes without the upstream text', async () => {
    for (const [status, code] of [
      [429, 'llm-rate-limited'],
      [403, 'not-configured'],
      [500, 'llm-unavailable'],
    ] as const) {
      const thrown = await new LangChainChatModel({ model: new FailingChatModel(status) })
        .generate({ messages: [{ role: 'user', content: 'q' }] })
        .catch((error: unknown) => error);
      expect(thrown).toMatchObject({ name: 'RootweaverError', code, details: { status } });
      expect((thrown as Error).message).not.toContain('sk-secret');
    }
  });

  it('honours the signal: a slow model is left at once', async () => {
    const model = new FakeListChatModel({ responses: ['late'], sleep: 5_000 });
    const controller = new AbortController();
    const pending = new LangChainChatModel({ model }).generate({
      messages: [{ role: 'user', content: 'q' }],
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 10);
    const started = performance.now();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
