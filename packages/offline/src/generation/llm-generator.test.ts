import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatModel, GenerateOptions, GenerateResult } from '@rootweaver/core';
import { FakeChatModel, InMemoryStore } from '@rootweaver/core/test';
import { OpenAIChatModel } from '@rootweaver/providers';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { annotateEntities } from '../annotation/annotate-entities.js';
import type { Passage } from '../corpus/document.js';
import { buildIndex } from '../index/build-index.js';
import { LlmGenerator } from './llm-generator.js';

const inception: Passage = {
  id: 'p1',
  title: 'Inception',
  text: 'Inception is a 2010 film directed by Christopher Nolan. It was shot in Paris.',
  source: { file: 'memory', line: 1 },
};
const london: Passage = {
  id: 'p2',
  title: 'London',
  text: 'London is the capital of England.',
  source: { file: 'memory', line: 2 },
};
const inceptionReply = JSON.stringify({
  pairs: [
    { question: 'Who directed Inception?', answer: 'Christopher Nolan' },
    { question: 'Where was Inception shot?', answer: 'Paris' },
    { question: 'Who produced Inception?', answer: 'Emma Thomas' },
  ],
});

let server: OpenAICompatibleTestServer;
let chatModel: OpenAIChatModel;
beforeAll(async () => {
  server = new OpenAICompatibleTestServer();
  const baseURL = await server.start();
  chatModel = new OpenAIChatModel({ baseURL, apiKey: 'test-key', model: 'qa-model', maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

describe('LlmGenerator against an OpenAI-compatible server', () => {
  it('asks at temperature 0 for JSON, lists the entities, and returns the pairs', async () => {
    server.onChat('PASSAGE', inceptionReply);
    const generator = new LlmGenerator({ chatModel });
    const result = await generator.generate({
      passage: inception,
      annotation: annotateEntities(inception.text, { mode: 'full' }),
    });
    expect(result.pairs.map((pair) => [pair.question, pair.answer])).toEqual([
      ['Who directed Inception?', 'Christopher Nolan'],
      ['Where was Inception shot?', 'Paris'],
      ['Who produced Inception?', 'Emma Thomas'],
    ]);
    expect(result.calls).toBe(1);
    expect(generator.id).toBe('llm:qa-model@1');
    const [request] = server.chatRequests;
    expect(request?.body?.temperature).toBe(0);
    expect(request?.body?.response_format).toEqual({ type: 'json_object' });
    expect(request?.lastUserMessage).toContain('ENTITIES: ');
    expect(request?.lastUserMessage).toContain('Christopher Nolan (');
    expect(request?.lastUserMessage).toContain('Paris (');
    expect(request?.lastUserMessage).toContain(inception.text);
    const system = JSON.stringify(request?.body?.messages);
    expect(system).toMatch(/never use pronouns/);
    expect(system).toMatch(/verbatim/);
  });

  it('retries a malformed JSON reply and succeeds on the next attempt', async () => {
    server.onChat('PASSAGE', inceptionReply);
    server.injectFault({ kind: 'malformed-content' }, { endpoint: 'chat', times: 1 });
    const result = await new LlmGenerator({ chatModel }).generate({
      passage: inception,
      annotation: annotateEntities(inception.text),
    });
    expect(result.calls).toBe(2);
    expect(result.pairs).toHaveLength(3);
    expect(server.chatRequests).toHaveLength(2);
  });

  it('gives up after its retries with llm-bad-response', async () => {
    server.onChat('PASSAGE', 'Sure! Here are some questions about the passage.');
    await expect(
      new LlmGenerator({ chatModel, retries: 1 }).generate({
        passage: inception,
        annotation: annotateEntities(inception.text),
      }),
    ).rejects.toMatchObject({ code: 'llm-bad-response' });
    expect(server.chatRequests).toHaveLength(2);
  });

  it('in a build: a passage whose replies stay malformed is recorded as failed, the rest is indexed; the next run retries it', async () => {
    server.onChat('Inception', inceptionReply);
    server.onChat('London', '{"pairs": [{"question": "What is London the capital of?", "answer": "England"');
    const store = new InMemoryStore();
    const directory = await mkdtemp(join(tmpdir(), 'rootweaver-llm-'));
    onTestFinished(() => rm(directory, { recursive: true, force: true }));
    const generator = new LlmGenerator({ chatModel, retries: 1 });
    const first = await buildIndex({
      corpus: [inception, london],
      generator,
      store,
      checkpointDirectory: directory,
    });
    expect(first.failed.map((entry) => entry.id)).toEqual(['p2']);
    // "Emma Thomas" is not in the passage: validation drops it.
    expect(
      store
        .all()
        .map((item) => item.answer)
        .sort(),
    ).toEqual(['Christopher Nolan', 'Paris']);
    expect(first.rejected['answer-not-in-passage']).toBe(1);
    expect(first.llmCalls).toBe(3);

    server.reset();
    server.onChat('London', JSON.stringify([{ q: 'What is London the capital of?', a: 'England' }]));
    const second = await buildIndex({
      corpus: [inception, london],
      generator,
      store,
      checkpointDirectory: directory,
    });
    expect(second).toMatchObject({ added: 1, unchanged: 1, failed: [] });
    expect(server.chatRequests).toHaveLength(1);
    expect(store.all().find((item) => item.documentId === 'p2')?.answer).toBe('England');
  });
});

describe('LlmGenerator concurrency', () => {
  it('never has more than `concurrency` calls in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const fake = new FakeChatModel({ fallbackReply: '{"pairs": []}' });
    const counting: ChatModel = {
      modelId: 'counting',
      generate: async (options: GenerateOptions): Promise<GenerateResult> => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        try {
          return await fake.generate(options);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const passages = Array.from({ length: 12 }, (_, index) => ({ ...london, id: `p${index}` }));
    await buildIndex({
      corpus: passages,
      generator: new LlmGenerator({ chatModel: counting }),
      store: new InMemoryStore(),
      concurrency: 3,
    });
    expect(fake.calls).toHaveLength(12);
    expect(peak).toBe(3);
  });
});
