import { abortError } from './abortable.js';
import { isRootweaverError, RootweaverError } from './errors.js';

export interface ChatModelFailureContext {
  /** The call, named for the message: e.g. `the AI SDK model openai/gpt-4o`. */
  readonly what: string;
  /** The upstream's HTTP status, when the framework's error carries one. */
  readonly status: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * A framework's failed chat call (the AI SDK's, LangChain's …) as a `RootweaverError` whose code says
 * what kind of failure it is: 429 rate limited, 401/403/404 not configured, 408/504 a timeout, another 4xx
 * rejected, 5xx or no status unavailable. The upstream's own text never enters the message (it may echo
 * the request or a key): only its status and the error's name do; the error itself is the cause.
 */
export function chatModelFailure(error: unknown, context: ChatModelFailureContext): RootweaverError {
  if (isRootweaverError(error)) return error;
  if (context.signal?.aborted === true) return abortError(context.signal);
  const { status, what } = context;
  const details = status === undefined ? { upstream: true } : { upstream: true, status };
  const options = { cause: error, details };
  if (status === 429) {
    return new RootweaverError(
      'llm-rate-limited',
      `${what} answered 429 (rate limited). Lower the request rate or retry later.`,
      options,
    );
  }
  if (status === 401 || status === 403) {
    return new RootweaverError(
      'not-configured',
      `${what} refused the credentials (HTTP ${status}). Give the provider a valid API key.`,
      options,
    );
  }
  if (status === 404) {
    return new RootweaverError(
      'not-configured',
      `${what} answered 404. Check the model name and the provider's base URL.`,
      options,
    );
  }
  if (status === 408 || status === 504) {
    return new RootweaverError(
      'llm-timeout',
      `${what} timed out (HTTP ${status}). Retry, or check that the server is not overloaded.`,
      options,
    );
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return new RootweaverError(
      'llm-rejected',
      `${what} rejected the request with HTTP ${status}. Check the model's limits (context length, parameters).`,
      options,
    );
  }
  const name = error instanceof Error ? error.name : typeof error;
  return new RootweaverError(
    'llm-unavailable',
    status === undefined
      ? `${what} failed (${name}). Check that the provider is reachable and configured.`
      : `${what} failed with HTTP ${status}. Check the provider's status or retry later.`,
    options,
  );
}
