import { createServer } from 'node:net';
import { isRootweaverError, RootweaverError, type TokenCounter } from '@rootweaver/core';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenAICompatibleTestServer } from '../test/openai-compatible-test-server.js';
import { OpenAIChatModel } from './openai-chat-model.js';

const server = new OpenAICompatibleTestServer({ defaultChatReply: 'default answer' });

beforeAll(async () => {
  await server.start();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.reset();
});

function model(options: Partial<ConstructorParameters<typeof OpenAIChatModel>[0]> = {}): OpenAIChatModel {
  return new OpenAIChatModel({
    baseURL: server.url,
    apiKey: 'sk-test-secret-key-123456',
    maxRetries: 0,
    env: {},
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<RootweaverError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RootweaverError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('OpenAIChatModel', () => {
  it('sends messages, model and temperature 0 and returns text with reported usage', async () => {
    server.onChat('capital of France', 'Paris');
    const result = await model({ model: 'my-model' }).generate({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is the capital of France?' },
      ],
    });
    expect(result.text).toBe('Paris');
    expect(result.usageSource).toBe('reported');
    expect(result.usage).toEqual({ inputTokens: 8, outputTokens: 1 });
    expect(result.modelId).toBe('my-model');
    expect(result.finishReason).toBe('stop');
    const [request] = server.chatRequests;
    expect(request?.body?.model).toBe('my-model');
    expect(request?.body?.temperature).toBe(0);
    expect(request?.body?.response_format).toBeUndefined();
    expect(request?.headers.authorization).toBe('Bearer sk-test-secret-key-123456');
  });

  it('reads base URL, key and model from the environment', async () => {
    const fromEnv = new OpenAIChatModel({
      maxRetries: 0,
      env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'env-key', ROOTWEAVER_LLM_MODEL: 'env-model' },
    });
    await fromEnv.generate({ messages: [{ role: 'user', content: 'hi' }] });
    expect(fromEnv.modelId).toBe('env-model');
    expect(server.chatRequests[0]?.body?.model).toBe('env-model');
    expect(server.chatRequests[0]?.headers.authorization).toBe('Bearer env-key');
  });

  it('is not configured without a base URL or key', () => {
    expect(() => new OpenAIChatModel({ env: {} })).toThrowError(/OPENAI_API_KEY/);
  });

  it('passes an explicit temperature and max tokens, and a JSON schema as response_format', async () => {
    await model().generate({
      messages: [{ role: 'user', content: 'plan' }],
      temperature: 0.7,
      maxOutputTokens: 50,
      responseFormat: { type: 'json_schema', name: 'plan', schema: { type: 'object' } },
    });
    const body = server.chatRequests[0]?.body;
    expect(body?.temperature).toBe(0.7);
    expect(body?.max_tokens).toBe(50);
    expect(body?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'plan', schema: { type: 'object' } },
    });
  });

  it('falls back to a prompt instruction once a server rejects response_format, and remembers', async () => {
    const rejecting = new OpenAICompatibleTestServer({
      rejectResponseFormat: true,
      defaultChatReply: '{"a":1}',
    });
    await rejecting.start();
    try {
      const chat = new OpenAIChatModel({ baseURL: rejecting.url, maxRetries: 0, env: {} });
      const first = await chat.generate({
        messages: [{ role: 'user', content: 'json please' }],
        responseFormat: { type: 'json_object' },
      });
      expect(first.text).toBe('{"a":1}');
      expect(chat.supportsResponseFormat).toBe(false);
      await chat.generate({
        messages: [{ role: 'user', content: 'again' }],
        responseFormat: { type: 'json_object' },
      });
      const bodies = rejecting.chatRequests.map((request) => request.body);
      expect(bodies).toHaveLength(3);
      expect(bodies[0]?.response_format).toEqual({ type: 'json_object' });
      expect(bodies[1]?.response_format).toBeUndefined();
      expect(JSON.stringify(bodies[1]?.messages)).toContain('Reply with one JSON object only');
      expect(bodies[2]?.response_format).toBeUndefined();
    } finally {
      await rejecting.close();
    }
  });

  it('retries a 429 storm with backoff and then succeeds', async () => {
    server.onChat('retry me', 'finally');
    server.injectFault({ kind: 'rate-limit', retryAfterMs: 5 }, { times: 3, endpoint: 'chat' });
    const result = await model({ maxRetries: 3 }).generate({
      messages: [{ role: 'user', content: 'retry me' }],
    });
    expect(result.text).toBe('finally');
    expect(server.chatRequests).toHaveLength(4);
  });

  it('gives up after maxRetries 429s with llm-rate-limited and a fix-it message', async () => {
    server.injectFault({ kind: 'rate-limit', retryAfterMs: 5 }, { times: Infinity });
    const error = await failure(
      model({ maxRetries: 2 }).generate({ messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error.code).toBe('llm-rate-limited');
    expect(error.message).toMatch(/after 2 retries/);
    expect(error.message).toMatch(/retry later/);
    expect(server.chatRequests).toHaveLength(3);
  });

  it('retries a 500 and succeeds; exhausted 500s are llm-unavailable', async () => {
    server.injectFault({ kind: 'server-error' }, { times: 1 });
    server.injectFault({ kind: 'server-error', status: 503 }, { times: 1 });
    const chat = model({ maxRetries: 2 });
    // the SDK's default backoff is ~0.5-1 s per retry; two retries are enough here
    await expect(chat.generate({ messages: [{ role: 'user', content: 'x' }] })).resolves.toMatchObject({
      text: 'default answer',
    });
    server.injectFault({ kind: 'server-error' }, { times: Infinity });
    const error = await failure(
      model({ maxRetries: 0 }).generate({ messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error.code).toBe('llm-unavailable');
    expect(error.message).toMatch(/HTTP 500/);
  });

  it('maps connection refused to llm-unavailable naming the base URL but never the key', async () => {
    const port = await closedPort();
    const baseURL = `http://127.0.0.1:${port}/v1`;
    const error = await failure(
      model({ baseURL, apiKey: 'sk-very-secret-key-0000' }).generate({
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(error.code).toBe('llm-unavailable');
    expect(error.message).toContain(baseURL);
    expect(error.message).not.toContain('sk-very-secret-key-0000');
    expect(JSON.stringify(error.details)).not.toContain('sk-very-secret');
  });

  it('maps 401 to not-configured saying to set OPENAI_API_KEY', async () => {
    server.injectFault({ kind: 'unauthorized' });
    const error = await failure(model().generate({ messages: [{ role: 'user', content: 'x' }] }));
    expect(error.code).toBe('not-configured');
    expect(error.message).toMatch(/OPENAI_API_KEY/);
  });

  it('times out a slow server with llm-timeout', async () => {
    server.injectFault({ kind: 'slow', delayMs: 2_000 });
    const error = await failure(
      model({ timeoutMs: 100 }).generate({ messages: [{ role: 'user', content: 'slow' }] }),
    );
    expect(error.code).toBe('llm-timeout');
    expect(error.message).toMatch(/100 ms/);
  });

  it('cancels with an AbortSignal and the server sees the client go away', async () => {
    server.injectFault({ kind: 'slow', delayMs: 5_000 });
    const controller = new AbortController();
    const pending = model().generate({
      messages: [{ role: 'user', content: 'slow' }],
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.code).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.chatRequests[0]?.aborted).toBe(true);
  });

  it('refuses to start when the signal already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      model().generate({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal }),
    );
    expect(error.code).toBe('aborted');
    expect(server.chatRequests).toHaveLength(0);
  });

  it('counts tokens when the server reports no usage', async () => {
    server.onChat('count', 'three little words');
    server.injectFault({ kind: 'missing-usage' });
    const counter: TokenCounter = { family: 'chars', count: (text) => text.length };
    const result = await model({ tokenCounter: counter }).generate({
      messages: [{ role: 'user', content: 'count me' }],
    });
    expect(result.usageSource).toBe('counted');
    expect(result.usage).toEqual({
      inputTokens: 'count me'.length,
      outputTokens: 'three little words'.length,
    });
  });

  it('counts with the model family tokenizer by default', async () => {
    server.injectFault({ kind: 'missing-usage' });
    server.onChat('hello', 'hello world');
    const result = await model({ model: 'gpt-4o' }).generate({
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(result.usage).toEqual({ inputTokens: 1, outputTokens: 2 });
  });

  it('maps a truncated JSON body to llm-bad-response', async () => {
    server.injectFault({ kind: 'truncated-json' });
    const error = await failure(model().generate({ messages: [{ role: 'user', content: 'x' }] }));
    expect(error.code).toBe('llm-bad-response');
  });

  it('returns malformed JSON content as text for the caller to judge', async () => {
    server.injectFault({ kind: 'malformed-content' });
    const result = await model().generate({
      messages: [{ role: 'user', content: 'x' }],
      responseFormat: { type: 'json_object' },
    });
    expect(() => JSON.parse(result.text)).toThrow();
  });

  it('streams deltas with onDelta and takes usage from the last chunk', async () => {
    server.onChat('stream', 'one two three');
    const deltas: string[] = [];
    const result = await model().generate({
      messages: [{ role: 'user', content: 'stream please' }],
      onDelta: (delta) => deltas.push(delta),
    });
    expect(deltas).toEqual(['one ', 'two ', 'three']);
    expect(result.text).toBe('one two three');
    expect(result.usage).toEqual({ inputTokens: 2, outputTokens: 3 });
    expect(result.usageSource).toBe('reported');
    expect(server.chatRequests[0]?.body?.stream).toBe(true);
    expect(server.chatRequests[0]?.body?.stream_options).toEqual({ include_usage: true });
  });

  it('counts usage for a stream without a usage chunk', async () => {
    server.onChat('stream', 'a b');
    server.injectFault({ kind: 'missing-usage' });
    const result = await model({
      tokenCounter: { family: 'words', count: (text) => text.split(' ').length },
    }).generate({
      messages: [{ role: 'user', content: 'stream now' }],
      onDelta: () => {},
    });
    expect(result.usageSource).toBe('counted');
    expect(result.usage).toEqual({ inputTokens: 2, outputTokens: 2 });
  });

  it('uses an injected OpenAI client as is', async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: 'injected', maxRetries: 0 });
    const chat = new OpenAIChatModel({ client, env: {} });
    const result = await chat.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(result.text).toBe('default answer');
    expect(chat.baseURL).toBe(server.url);
    expect(server.chatRequests[0]?.headers.authorization).toBe('Bearer injected');
  });

  it('errors are RootweaverErrors', async () => {
    server.injectFault({ kind: 'unauthorized' });
    await expect(model().generate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toSatisfy(
      (error) => isRootweaverError(error),
    );
  });
});

describe('OpenAIChatModel deadlines and retries (issue 16)', () => {
  async function timed<T>(work: Promise<T>): Promise<{ error: RootweaverError; ms: number }> {
    const started = Date.now();
    const error = await failure(work);
    return { error, ms: Date.now() - started };
  }
  const question = { messages: [{ role: 'user' as const, content: 'x' }] };

  it('ends a call whose server sends headers and then nothing, at its total deadline', async () => {
    server.injectFault({ kind: 'hang-after-headers' }, { times: Infinity });
    const { error, ms } = await timed(model({ timeoutMs: 400, maxRetries: 2 }).generate(question));
    expect(error.code).toBe('llm-timeout');
    expect(error.message).toMatch(/within 400 ms/);
    expect(ms).toBeLessThan(1_500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.chatRequests.every((request) => request.aborted)).toBe(true);
  });

  it('ends a stalled body and a stalled stream by the idle clock, and retries them', async () => {
    server.injectFault({ kind: 'stall', keepBytes: 30 }, { times: Infinity });
    const body = await timed(model({ idleTimeoutMs: 150, maxRetries: 1 }).generate(question));
    expect(body.error.code).toBe('llm-timeout');
    expect(body.error.message).toMatch(/sent nothing for 150 ms/);
    expect(server.chatRequests).toHaveLength(2);
    expect(body.ms).toBeLessThan(2_500);
    server.reset();
    server.injectFault({ kind: 'stall', keepBytes: 200 }, { times: 1 });
    server.onChat('stream', 'one two three');
    const deltas: string[] = [];
    const recovered = await model({ idleTimeoutMs: 150, maxRetries: 1 }).generate({
      messages: [{ role: 'user', content: 'stream' }],
      onDelta: (delta) => deltas.push(delta),
    });
    expect(recovered.text).toBe('one two three');
    expect(server.chatRequests).toHaveLength(2);
  });

  it('ends a 1-byte drip at the total deadline though every byte restarts the idle clock', async () => {
    server.injectFault({ kind: 'drip', intervalMs: 20 }, { times: Infinity });
    const plain = await timed(model({ timeoutMs: 500, idleTimeoutMs: 200 }).generate(question));
    expect(plain.error.code).toBe('llm-timeout');
    expect(plain.ms).toBeLessThan(1_500);
    const streamed = await timed(
      model({ timeoutMs: 500, idleTimeoutMs: 200 }).generate({ ...question, onDelta: () => {} }),
    );
    expect(streamed.error.code).toBe('llm-timeout');
    expect(streamed.ms).toBeLessThan(1_500);
  });

  it('does not wait an hour for Retry-After: 3600; it fails at once naming the wait', async () => {
    server.injectFault({ kind: 'rate-limit', retryAfterMs: 3_600_000 }, { times: Infinity });
    const { error, ms } = await timed(model({ maxRetries: 3 }).generate(question));
    expect(error.code).toBe('llm-rate-limited');
    expect(error.message).toMatch(/retry after 3600 s/);
    expect(ms).toBeLessThan(1_000);
    expect(server.chatRequests).toHaveLength(1);
  });

  it('honours a Retry-After under the cap, and the wait ends the moment the signal fires', async () => {
    server.injectFault({ kind: 'rate-limit', retryAfterMs: 300 }, { times: 1 });
    const started = Date.now();
    await model({ maxRetries: 1 }).generate(question);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    server.injectFault({ kind: 'rate-limit', retryAfterMs: 5_000 }, { times: 1 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error, ms } = await timed(
      model({ maxRetries: 1 }).generate({ ...question, signal: controller.signal }),
    );
    expect(error.code).toBe('aborted');
    expect(ms).toBeLessThan(1_000);
  });

  it('never passes the upstream text or the configured key, whatever its shape', async () => {
    const key = 'plainkey42XY';
    const echoing = new OpenAICompatibleTestServer({ apiKey: key });
    await echoing.start();
    try {
      const chat = new OpenAIChatModel({ baseURL: echoing.url, apiKey: key, maxRetries: 0, env: {} });
      echoing.onChat('echo', `the key is ${key}, twice: ${key}`);
      const plain = await chat.generate({ messages: [{ role: 'user', content: 'echo' }] });
      expect(plain.text).toBe('the key is [redacted], twice: [redacted]');
      const deltas: string[] = [];
      const streamed = await chat.generate({
        messages: [{ role: 'user', content: 'echo' }],
        onDelta: (delta) => deltas.push(delta),
      });
      expect(deltas.join('')).toBe('the key is [redacted], twice: [redacted]');
      expect(streamed.text).not.toContain(key);
      echoing.injectFault({
        kind: 'raw',
        status: 400,
        body: JSON.stringify({ error: { message: `bad request from ${key}: UPSTREAM-TEXT`, type: 'x' } }),
      });
      const error = await failure(chat.generate({ messages: [{ role: 'user', content: 'x' }] }));
      expect(error.code).toBe('llm-rejected');
      expect(error.details).toMatchObject({ upstream: true, status: 400 });
      expect(error.message).not.toContain(key);
      expect(error.message).not.toContain('UPSTREAM-TEXT');
    } finally {
      await echoing.close();
    }
  });

  it('reads non-UTF-8 bytes, rejects a non-SSE stream and an oversized body with llm-bad-response', async () => {
    const completion = (content: string) =>
      `{"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"${content}"},"finish_reason":"stop"}]}`;
    const bytes = Buffer.concat([Buffer.from(completion('A').slice(0, -60)), Buffer.from([0xff, 0xfe])]);
    server.injectFault({
      kind: 'raw',
      body: Buffer.concat([bytes, Buffer.from(completion('A').slice(-60))]),
    });
    const odd = await failure(model().generate(question));
    expect(odd.code).toBe('llm-bad-response');
    server.injectFault({ kind: 'raw', contentType: 'application/json', body: completion('not a stream') });
    const notSse = await failure(model().generate({ ...question, onDelta: () => {} }));
    expect(notSse.code).toBe('llm-bad-response');
    expect(notSse.message).toMatch(/without a single event/);
    server.onChat('huge', 'a'.repeat(1_100_000));
    const huge = await failure(model().generate({ messages: [{ role: 'user', content: 'huge' }] }));
    expect(huge.code).toBe('llm-bad-response');
    expect(huge.message).toMatch(/larger than/);
  });
});
