import { RootweaverError } from '@rootweaver/core';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashedEmbedding, OpenAICompatibleTestServer } from '../test/openai-compatible-test-server.js';
import { OpenAIEmbedder } from './openai-embedder.js';

const server = new OpenAICompatibleTestServer({ embeddingDimension: 8 });

beforeAll(async () => {
  await server.start();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.reset();
  server.onEmbeddings((input) => hashedEmbedding(input, 8));
});

async function failure(promise: Promise<unknown>): Promise<RootweaverError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RootweaverError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('OpenAIEmbedder', () => {
  it('embeds in batches, in input order, and learns the dimension', async () => {
    const embedder = new OpenAIEmbedder({
      baseURL: server.url,
      batchSize: 2,
      maxRetries: 0,
      model: 'emb',
      env: {},
    });
    expect(embedder.dimension).toBeUndefined();
    const values = ['alpha beta', 'gamma', 'delta epsilon', 'zeta', 'eta'];
    const result = await embedder.embed({ values });
    expect(server.embeddingRequests.map((request) => request.body?.input)).toEqual([
      ['alpha beta', 'gamma'],
      ['delta epsilon', 'zeta'],
      ['eta'],
    ]);
    expect(server.embeddingRequests[0]?.body?.model).toBe('emb');
    expect(result.vectors).toHaveLength(5);
    expect(result.dimension).toBe(8);
    expect(embedder.dimension).toBe(8);
    expect(Array.from(result.vectors[2] ?? [])).toEqual(
      hashedEmbedding('delta epsilon', 8).map((value) => Math.fround(value)),
    );
    expect(result.usage).toEqual({ inputTokens: 7 });
  });

  it('returns nothing and calls nothing for no values', async () => {
    const embedder = new OpenAIEmbedder({ baseURL: server.url, maxRetries: 0, env: {} });
    const result = await embedder.embed({ values: [] });
    expect(result.vectors).toEqual([]);
    expect(server.embeddingRequests).toHaveLength(0);
  });

  it('rejects a dimension that differs from the expected one', async () => {
    const embedder = new OpenAIEmbedder({ baseURL: server.url, dimension: 384, maxRetries: 0, env: {} });
    const error = await failure(embedder.embed({ values: ['x'] }));
    expect(error.code).toBe('dimension-mismatch');
    expect(error.message).toMatch(/384/);
    expect(error.message).toMatch(/rootweaver index build/);
  });

  it('rejects a dimension that changes between batches', async () => {
    let calls = 0;
    server.onEmbeddings(() => {
      calls += 1;
      return calls === 1 ? [1, 0, 0] : [1, 0];
    });
    const embedder = new OpenAIEmbedder({ baseURL: server.url, batchSize: 1, maxRetries: 0, env: {} });
    const error = await failure(embedder.embed({ values: ['a', 'b'] }));
    expect(error.code).toBe('dimension-mismatch');
  });

  it('retries 429s and 500s, then succeeds', async () => {
    server.injectFault({ kind: 'rate-limit', retryAfterMs: 5 }, { times: 2, endpoint: 'embeddings' });
    const embedder = new OpenAIEmbedder({ baseURL: server.url, maxRetries: 3, env: {} });
    const result = await embedder.embed({ values: ['a'] });
    expect(result.vectors).toHaveLength(1);
    expect(server.embeddingRequests).toHaveLength(3);
  });

  it('gives up on a 429 storm with llm-rate-limited', async () => {
    server.injectFault({ kind: 'rate-limit', retryAfterMs: 5 }, { times: Infinity });
    const embedder = new OpenAIEmbedder({ baseURL: server.url, maxRetries: 1, env: {} });
    const error = await failure(embedder.embed({ values: ['a'] }));
    expect(error.code).toBe('llm-rate-limited');
  });

  it('maps a truncated body to embedding-failed', async () => {
    server.injectFault({ kind: 'truncated-json' });
    const embedder = new OpenAIEmbedder({ baseURL: server.url, maxRetries: 0, env: {} });
    const error = await failure(embedder.embed({ values: ['a'] }));
    expect(error.code).toBe('embedding-failed');
  });

  it('decodes the SDK default base64 encoding served by the test server', async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: 'k', maxRetries: 0 });
    const response = await client.embeddings.create({ model: 'm', input: ['hello world'] });
    expect(server.embeddingRequests[0]?.body?.encoding_format).toBe('base64');
    expect(response.data[0]?.embedding).toEqual(
      hashedEmbedding('hello world', 8).map((value) => Math.fround(value)),
    );
  });
});
