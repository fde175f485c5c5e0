import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRootweaverError, redactSecrets } from '@rootweaver/core';
import type { CapabilityEvent, CapabilityResult } from '../capability/capability-types.js';
import { type AskStreamEvent, toAskStreamEvent } from './ask-response-schema.js';

/** Whether the client asked for Server-Sent Events: `Accept: text/event-stream`, or `"stream": true`. */
export function wantsEventStream(request: IncomingMessage, streamField: boolean): boolean {
  return streamField || /(?:^|,)\s*text\/event-stream\b/i.test(request.headers.accept ?? '');
}

export interface SendEventStreamOptions {
  /** Put the hop trace, plan and usage into the `finished` event (`"trace": true`). */
  readonly trace: boolean;
  /** A comment line is sent this often while the run is quiet, so proxies keep the connection. Default 15 s. */
  readonly heartbeatMs?: number;
  /** Called with an error that ended the run after the stream began (before that, the error is thrown). */
  readonly onError?: (error: unknown) => void;
}

/** How a streamed run ended: its result, or why not. */
export type EventStreamOutcome =
  | { readonly kind: 'finished'; readonly result: CapabilityResult }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'disconnected' };

/**
 * Streams a run as Server-Sent Events: `id:` a sequence number, `event:` the type, `data:` one JSON line
 * (`AskStreamEvent`). The status and headers are sent with the first event, so a run that fails before it
 * has anything to say (bad input) is thrown to the caller, which answers with a status code as for JSON; a
 * failure after that becomes an `error` event. Writes wait for the socket to drain. When the client goes
 * away the iteration is left, which cancels the run.
 */
export async function sendEventStream(
  response: ServerResponse,
  events: AsyncIterable<CapabilityEvent>,
  options: SendEventStreamOptions,
): Promise<EventStreamOutcome> {
  const iterator = events[Symbol.asyncIterator]();
  const first = await iterator.next();
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  let sequence = 0;
  const write = async (text: string): Promise<boolean> => {
    if (response.destroyed || response.writableEnded) return false;
    if (!response.write(text)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done);
        response.on('close', done);
      });
    }
    return !response.destroyed;
  };
  const send = (event: AskStreamEvent): Promise<boolean> => {
    sequence += 1;
    return write(`id: ${sequence}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const heartbeat = setInterval(() => {
    if (!response.destroyed && !response.writableEnded) response.write(': keep-alive\n\n');
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();
  try {
    let result: CapabilityResult | undefined;
    for (let step = first; step.done !== true; step = await iterator.next()) {
      const event = step.value;
      if (event.type === 'finished') result = event.result;
      if (!(await send(toAskStreamEvent(event, options.trace)))) {
        // A client that went away may have half-closed the socket: release it rather than wait for a timeout.
        response.destroy();
        await iterator.return?.();
        return { kind: 'disconnected' };
      }
    }
    response.end();
    return result === undefined ? { kind: 'disconnected' } : { kind: 'finished', result };
  } catch (error) {
    options.onError?.(error);
    const code = isRootweaverError(error) ? error.code : 'internal';
    const message = isRootweaverError(error) ? error.message : 'Unexpected server error.';
    await send({ type: 'error', error: { code, message: redactSecrets(message) } });
    response.end();
    return { kind: 'failed', error };
  } finally {
    clearInterval(heartbeat);
  }
}
