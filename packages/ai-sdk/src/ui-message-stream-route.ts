import type { ServerResponse } from 'node:http';
import type { ChatMessage } from '@rootweaver/core';
import { pipeUIMessageStreamToResponse, safeValidateUIMessages, type UIMessage } from 'ai';
import { type RunEvent, type ToUIMessageStreamOptions, toUIMessageStream } from './to-ui-message-stream.js';

/** What a chat route makes of a request body: the question, the earlier turns and the user. */
export interface ChatRouteRequest {
  readonly query: string;
  readonly history?: readonly ChatMessage[];
  readonly user?: { readonly id?: string; readonly tenant?: string };
}

export interface UIMessageStreamRouteOptions extends Omit<ToUIMessageStreamOptions, 'messageId'> {
  /** Default `/v1/chat`. */
  readonly path?: string;
}

/**
 * A route for `createHttpServer({ answerRoutes })` of `@rootweaver/capabilities` (what `rootweaver serve
 * --ui-message-stream` adds): `POST /v1/chat` takes the body `useChat`'s `DefaultChatTransport` sends
 * (`{ messages: UIMessage[], … }`, validated by the AI SDK's own `safeValidateUIMessages`; an optional
 * `user: { id?, tenant? }` for the flags), asks the last user message's text with the earlier turns as
 * history, and answers in the UI message stream protocol (`toUIMessageStream`, piped by the SDK's
 * `pipeUIMessageStreamToResponse`). The first event is awaited before the headers, so a question the engine
 * rejects gets its status code as on `/v1/ask`.
 */
export function uiMessageStreamRoute(options: UIMessageStreamRouteOptions = {}) {
  const { path = '/v1/chat', ...streamOptions } = options;
  return {
    path,
    async parse(
      body: unknown,
    ): Promise<
      | { readonly ok: true; readonly request: ChatRouteRequest }
      | { readonly ok: false; readonly message: string }
    > {
      if (typeof body !== 'object' || body === null || !('messages' in body)) {
        return { ok: false, message: 'the body must be a JSON object with `messages`, as useChat sends it' };
      }
      const validated = await safeValidateUIMessages({ messages: body.messages });
      if (!validated.success)
        return { ok: false, message: `\`messages\` are not UI messages: ${validated.error.message}` };
      const turns = validated.data.map((message) => ({ role: message.role, content: textOf(message) }));
      const last = turns.at(-1);
      if (last === undefined || last.role !== 'user' || last.content.trim() === '') {
        return { ok: false, message: '`messages` must end with a user message that has text' };
      }
      const user = userOf(body);
      if (typeof user === 'string') return { ok: false, message: user };
      const history = turns.slice(0, -1).filter((turn) => turn.content !== '');
      return {
        ok: true,
        request: {
          query: last.content,
          ...(history.length === 0 ? {} : { history }),
          ...(user === undefined ? {} : { user }),
        },
      };
    },
    async respond(response: ServerResponse, events: AsyncIterable<RunEvent>): Promise<void> {
      const iterator = events[Symbol.asyncIterator]();
      const first = await iterator.next();
      const replayed: AsyncIterable<RunEvent> = {
        async *[Symbol.asyncIterator]() {
          try {
            if (first.done === true) return;
            yield first.value;
            for (let step = await iterator.next(); step.done !== true; step = await iterator.next())
              yield step.value;
          } finally {
            await iterator.return?.();
          }
        },
      };
      pipeUIMessageStreamToResponse({ response, stream: toUIMessageStream(replayed, streamOptions) });
      await new Promise<void>((resolve) => {
        if (response.writableEnded || response.destroyed) resolve();
        else response.once('close', resolve);
      });
    },
  };
}

function textOf(message: UIMessage): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('')
    .trim();
}

/** The optional `user` of the body; a message when it is malformed. */
function userOf(body: object): ChatRouteRequest['user'] | string {
  if (!('user' in body) || body.user === undefined) return undefined;
  const { user } = body;
  if (typeof user !== 'object' || user === null) return '`user` must be an object {id?, tenant?}';
  const result: { id?: string; tenant?: string } = {};
  for (const key of ['id', 'tenant'] as const) {
    const value = (user as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '' || value.length > 256) {
      return `\`user.${key}\` must be a non-empty string of at most 256 characters`;
    }
    result[key] = value;
  }
  return result;
}
