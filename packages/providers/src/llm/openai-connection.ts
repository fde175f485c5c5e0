import { RootweaverError } from '@rootweaver/core';
import OpenAI from 'openai';
import { type CallPolicy, defaultCallPolicy } from './call-deadline.js';

/** Where the OpenAI-compatible server is and how to talk to it. */
export interface OpenAIConnectionOptions {
  /** Base URL including `/v1`. Default: `OPENAI_BASE_URL`, else the OpenAI API. */
  readonly baseURL?: string;
  /** Default: `OPENAI_API_KEY`; local servers that need no key get a placeholder. */
  readonly apiKey?: string;
  /**
   * Total time one call may take: every attempt's headers, body and stream, and the waits between
   * attempts. Default 30 000 ms.
   */
  readonly timeoutMs?: number;
  /** An attempt that receives nothing for this long is abandoned (and retried). Default 15 000 ms. */
  readonly idleTimeoutMs?: number;
  /**
   * Retries on 408, 409, 429, 5xx, idle attempts and connection errors, with jittered exponential
   * backoff or the server's `Retry-After`, inside `timeoutMs`. Default 3.
   */
  readonly maxRetries?: number;
  /** The longest wait between attempts; a `Retry-After` beyond it fails the call at once. Default 8 000 ms. */
  readonly maxRetryDelayMs?: number;
  /** An `OpenAI` client to use as is (baseURL, key, timeout and retries are then its own). */
  readonly client?: OpenAI;
  /** Environment to read `OPENAI_*` variables from. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export const defaultOpenAIBaseUrl = 'https://api.openai.com/v1';

export interface OpenAIConnection extends CallPolicy {
  readonly client: OpenAI;
  readonly baseURL: string;
  /** The configured API key (never the placeholder): removed from every text and error that passes. */
  readonly secret: string | undefined;
}

/** The shortest key removed from texts: shorter ones would erase ordinary words. */
const minimumRedactedKeyLength = 6;

/** Removes the configured key from a text, whatever its shape (ADR-0010). */
export function redactKey(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < minimumRedactedKeyLength) return text;
  return text.split(secret).join('[redacted]');
}

function callPolicy(options: OpenAIConnectionOptions): CallPolicy {
  return {
    timeoutMs: options.timeoutMs ?? defaultCallPolicy.timeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? defaultCallPolicy.idleTimeoutMs,
    maxRetries: options.maxRetries ?? defaultCallPolicy.maxRetries,
    maxRetryDelayMs: options.maxRetryDelayMs ?? defaultCallPolicy.maxRetryDelayMs,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Builds (or adopts) the SDK client from options, else the environment. */
export function connectOpenAI(options: OpenAIConnectionOptions): OpenAIConnection {
  const policy = callPolicy(options);
  if (options.client !== undefined) {
    const secret = nonEmpty(options.client.apiKey ?? undefined);
    return { client: options.client, baseURL: options.client.baseURL, secret, ...policy };
  }
  const env = options.env ?? process.env;
  const baseURL = nonEmpty(options.baseURL) ?? nonEmpty(env.OPENAI_BASE_URL);
  const apiKey = nonEmpty(options.apiKey) ?? nonEmpty(env.OPENAI_API_KEY);
  if (baseURL === undefined && apiKey === undefined) {
    throw new RootweaverError(
      'not-configured',
      'No LLM is configured: set OPENAI_API_KEY (for the OpenAI API) or OPENAI_BASE_URL (for a local OpenAI-compatible server such as vLLM, Ollama or llama.cpp).',
    );
  }
  const resolvedBaseUrl = baseURL ?? defaultOpenAIBaseUrl;
  const client = new OpenAI({
    baseURL: resolvedBaseUrl,
    // Local servers usually need no key, but the SDK insists on one.
    apiKey: apiKey ?? 'no-key-needed',
    timeout: policy.timeoutMs,
    // Retries are the adapters' own (bounded by the call's deadline, abortable waits).
    maxRetries: 0,
  });
  return { client, baseURL: resolvedBaseUrl, secret: apiKey, ...policy };
}

/** What an error message may say about the call that failed. */
export interface CallFailureContext {
  readonly what: string;
  readonly baseURL: string;
  readonly model: string;
  /** Retries made before giving up. */
  readonly retries: number;
  readonly timeoutMs: number;
}

/** The upstream's HTTP status, as details every caller (e.g. the HTTP status mapping) can read. */
function upstream(status: number | undefined): Record<string, unknown> {
  return status === undefined ? { upstream: true } : { upstream: true, status };
}

/**
 * Translates an SDK error into a `RootweaverError` whose message names the fix. The upstream's own
 * text never enters the message (it may echo the request or the key): only its status does.
 */
export function mapOpenAIError(
  error: unknown,
  context: CallFailureContext,
  signal?: AbortSignal,
): RootweaverError {
  if (error instanceof RootweaverError) return error;
  const where = `${context.what} at ${context.baseURL} (model ${context.model})`;
  const after = context.retries === 1 ? 'after 1 retry' : `after ${context.retries} retries`;
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted === true) {
    return new RootweaverError('aborted', `The ${context.what} was cancelled by its AbortSignal.`, {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new RootweaverError(
      'llm-timeout',
      `The ${where} did not answer within ${context.timeoutMs} ms (${after}). Raise timeoutMs or check that the server is not overloaded.`,
      { cause: error, details: { ...upstream(undefined), baseURL: context.baseURL } },
    );
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new RootweaverError(
      'llm-unavailable',
      `Cannot reach the ${context.what} server at ${context.baseURL} (${after}). Start the server or set OPENAI_BASE_URL to one that is running.`,
      { cause: error, details: { ...upstream(undefined), baseURL: context.baseURL } },
    );
  }
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
    return new RootweaverError(
      'not-configured',
      `The ${where} refused the API key (HTTP ${error.status}). Set OPENAI_API_KEY to a valid key for this server.`,
      { cause: error, details: upstream(error.status) },
    );
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new RootweaverError(
      'llm-rate-limited',
      `The ${where} kept answering 429 (rate limited) ${after} with backoff. Lower the request rate or concurrency, raise maxRetries, or retry later.`,
      { cause: error, details: upstream(429) },
    );
  }
  if (error instanceof OpenAI.NotFoundError) {
    return new RootweaverError(
      'not-configured',
      `The ${where} answered 404. Check the model name (ROOTWEAVER_LLM_MODEL) and that OPENAI_BASE_URL ends in /v1.`,
      { cause: error, details: upstream(404) },
    );
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined && error.status >= 500) {
    return new RootweaverError(
      'llm-unavailable',
      `The ${where} failed with HTTP ${error.status} ${after}. Check the server's logs or retry later.`,
      { cause: error, details: upstream(error.status) },
    );
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return new RootweaverError(
      'llm-rejected',
      `The ${where} rejected the request with HTTP ${error.status}. Check the model's limits (context length, parameters) in the server's logs.`,
      { cause: error, details: upstream(error.status) },
    );
  }
  return new RootweaverError(
    'llm-bad-response',
    `The ${where} sent a response that could not be read (${describeUnreadable(error)}). Check that the server is OpenAI-compatible.`,
    { cause: error, details: upstream(undefined) },
  );
}

/** A short, upstream-free description of why a response could not be read. */
function describeUnreadable(error: unknown): string {
  if (error instanceof SyntaxError) return 'not valid JSON';
  const message = error instanceof Error ? error.message : String(error);
  // Our own messages are short and fixed; anything longer may quote the response.
  return message.length <= 120 ? message : `${message.slice(0, 117)}...`;
}
