import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAICompatibleTestServer } from '../test/openai-compatible-test-server.js';
import { createRewriterChatModel } from './rewriter-chat-model.js';

const server = new OpenAICompatibleTestServer({ apiKey: 'sk-shared-server-key-1' });
let url = '';
beforeAll(async () => {
  url = await server.start();
});
afterAll(() => server.close());

describe('createRewriterChatModel', () => {
  it('says where to name the model when none is given', () => {
    expect(() => createRewriterChatModel({ timeoutMs: 100, env: {} })).toThrow(
      expect.objectContaining({ code: 'invalid-config', message: expect.stringContaining('rewriter.model') }),
    );
  });

  it('says where to name a server when neither it nor the main LLM has one', () => {
    expect(() => createRewriterChatModel({ model: 'tiny', timeoutMs: 100, env: {} })).toThrow(
      expect.objectContaining({
        code: 'not-configured',
        message: expect.stringContaining('rewriter.base_url'),
      }),
    );
  });

  it("shares the main LLM's server and key when it has no server of its own", async () => {
    const model = createRewriterChatModel({
      timeoutMs: 2_000,
      env: {
        ROOTWEAVER_REWRITER_MODEL: 'tiny',
        OPENAI_BASE_URL: url,
        OPENAI_API_KEY: 'sk-shared-server-key-1',
      },
    });
    const result = await model.generate({ messages: [{ role: 'user', content: 'hello' }] });
    expect(result.modelId).toBe('tiny');
    expect(server.chatRequests.at(-1)?.headers.authorization).toBe('Bearer sk-shared-server-key-1');
    expect(model.baseURL).toBe(url);
  });

  it('keeps the main key when its own server is the same one, written with a trailing slash', () => {
    const model = createRewriterChatModel({
      model: 'tiny',
      baseURL: `${url}/`,
      timeoutMs: 2_000,
      env: { OPENAI_BASE_URL: url, OPENAI_API_KEY: 'sk-shared-server-key-1' },
    });
    return expect(model.generate({ messages: [{ role: 'user', content: 'hello' }] })).resolves.toMatchObject({
      text: 'OK',
    });
  });
});
