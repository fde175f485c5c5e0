import {
  createHttpServer,
  MultiHopCapability,
  multiHopFlagNames,
  type RootweaverHttpServer,
} from '@rootweaver/capabilities';
import { FakeFlagSource } from '@rootweaver/capabilities/test';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uiMessageStreamRoute } from './ui-message-stream-route.js';

const question = 'What is the nationality of the director of The Copper Tide?';
let engine: Awaited<ReturnType<typeof openSampleEngine>>;
let capability: MultiHopCapability;
let server: RootweaverHttpServer;
let base: string;

beforeAll(async () => {
  engine = await openSampleEngine();
  capability = await MultiHopCapability.create({
    config: { retrievalMode: 'lexical' },
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: { store: engine.store },
  });
  server = createHttpServer({ capability, answerRoutes: [uiMessageStreamRoute()], onError: () => {} });
  base = `http://127.0.0.1:${(await server.listen({ port: 0 })).port}`;
});
afterAll(async () => {
  await server.close({ timeoutMs: 1_000 });
  await capability.close();
  await engine.close();
});

function userMessage(text: string, id = 'u1'): UIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

describe('POST /v1/chat (uiMessageStreamRoute)', () => {
  it("answers useChat's transport in the UI message stream protocol, read by the AI SDK's own client", async () => {
    const transport = new DefaultChatTransport<UIMessage>({ api: `${base}/v1/chat` });
    const stream = await transport.sendMessages({
      trigger: 'submit-message',
      chatId: 'chat-1',
      messageId: undefined,
      messages: [userMessage(question)],
      abortSignal: undefined,
    });
    let message: UIMessage | undefined;
    for await (const state of readUIMessageStream({ stream, terminateOnError: true })) message = state;
    const expected = await capability.execute({ query: question });
    const text = message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    expect(text).toEqual([expected.answer]);
    expect(message?.parts.some((part) => part.type === 'reasoning')).toBe(true);
    expect(message?.parts.filter((part) => part.type === 'source-document')).toHaveLength(
      expected.citations.length,
    );
  });

  it('sends the UI message stream headers, and the earlier turns as history', async () => {
    const response = await fetch(`${base}/v1/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: 'chat-2',
        messages: [
          userMessage('Who directed The Copper Tide?', 'a'),
          { id: 'b', role: 'assistant', parts: [{ type: 'text', text: 'Tomas Eriksen.' }] },
          userMessage('What is his nationality?', 'c'),
        ],
        trigger: 'submit-message',
        user: { id: 'u7' },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text();
    expect(body).toContain('"type":"finish"');
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('refuses a body that is not a chat with a 422 naming what is wrong, and the engine is not run', async () => {
    const post = (body: unknown) =>
      fetch(`${base}/v1/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const [body, message] of [
      [{ query: question }, 'with `messages`'],
      [{ messages: [{ id: 'x', role: 'robot', parts: [] }] }, 'are not UI messages'],
      [
        { messages: [{ id: 'b', role: 'assistant', parts: [{ type: 'text', text: 'hi' }] }] },
        'must end with a user message',
      ],
      [{ messages: [userMessage(question)], user: { id: 7 } }, '`user.id` must be'],
    ] as const) {
      const response = await post(body);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    const tooLong = await post({ messages: [userMessage('why '.repeat(600))] });
    expect(tooLong.status).toBe(422);
    expect(await tooLong.text()).toContain('the limit is 2000');
  });
});
