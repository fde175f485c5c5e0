import type { ServerResponse } from 'node:http';
import type { CapabilityEvent, CapabilityRequest } from '../capability/capability-types.js';

/**
 * Another protocol to answer questions in, on a `POST` route of its own: the server reads the JSON body
 * (size limit, media type, auth, CORS as for `/v1/ask`), admits the run, cancels it when the client goes
 * away or the server shuts down, and answers a failure before the first event with its status; the route
 * reads its body and writes the run. `@rootweaver/ai-sdk`'s `uiMessageStreamRoute()` is one: the AI SDK's UI
 * message stream for `useChat`.
 */
export interface AnswerRoute {
  /** The path, e.g. `/v1/chat`. */
  readonly path: string;
  /** The question (and history, user) of a parsed JSON body, or a message naming what is wrong (422). */
  parse(body: unknown): AnswerRouteRequest | Promise<AnswerRouteRequest>;
  /** Writes the run's events to the response and ends it; resolves when it has. */
  respond(response: ServerResponse, events: AsyncIterable<CapabilityEvent>): Promise<void>;
}

export type AnswerRouteRequest =
  | { readonly ok: true; readonly request: CapabilityRequest }
  | { readonly ok: false; readonly message: string };
