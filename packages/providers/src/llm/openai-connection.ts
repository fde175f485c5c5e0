import { RootweaverError } from '@rootweaver/core';
import OpenAI from 'openai';

/** Where the OpenAI-compatible server is and how to talk to it. */
export interface OpenAIConnectionOptions {
  /** Base URL including `/v1`. Default: `OPENAI_BASE_URL`, else the OpenAI API. */
  readonly baseURL?: string;
  /** Default: `OPENAI_API_KEY`; local servers that need no key get a placeholder. */
  readonly apiKey?: string;
  /** Per-attempt timeout. Default 60 000 ms. */
  readonly timeoutMs?: number;
  /** Retries on 429, 5xx, timeouts and connection errors, with exponential backoff (honouring `retry-after`). Default 3. */
  readonly maxRetries?: number;
  /** An `OpenAI` client to use as is (baseURL, key, timeout and retries are then its own). */
  readonly client?: OpenAI;
  /** Environment to read `OPENAI_*` variables from. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export const defaultOpenAIBaseUrl = 'https://api.openai.com/v1';

export interface OpenAIConnection {
  readonly client: OpenAI;
  readonly baseURL: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Builds (or adopts) the SDK client from options, else the environment. */
export function connectOpenAI(options: OpenAIConnectionOptions): OpenAIConnection {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 3;
  if (options.client !== undefined) {
    return { client: options.client, baseURL: options.client.baseURL, timeoutMs, maxRetries };
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
    timeout: timeoutMs,
    maxRetries,
  });
  return { client, baseURL: resolvedBaseUrl, timeoutMs, maxRetries };
}

/** Translates an SDK error into a `RootweaverError` whose message names the fix. */
export function mapOpenAIError(
  error: unknown,
  context: {
    readonly what: string;
    readonly baseURL: string;
    readonly model: string;
    readonly maxRetries: number;
    readonly timeoutMs: number;
  },
  signal?: AbortSignal,
): RootweaverError {
  if (error instanceof RootweaverError) return error;
  const where = `${context.what} at ${context.baseURL} (model ${context.model})`;
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted === true) {
    return new RootweaverError('aborted', `The ${context.what} was cancelled by its AbortSignal.`, {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new RootweaverError(
      'llm-timeout',
      `The ${where} did not answer within ${context.timeoutMs} ms (after ${context.maxRetries} retries). Raise timeoutMs or check that the server is not overloaded.`,
      { cause: error, details: { baseURL: context.baseURL } },
    );
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new RootweaverError(
      'llm-unavailable',
      `Cannot reach the ${context.what} server at ${context.baseURL}: ${error.message}. Start the server or set OPENAI_BASE_URL to one that is running.`,
      { cause: error, details: { baseURL: context.baseURL } },
    );
  }
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
    return new RootweaverError(
      'not-configured',
      `The ${where} refused the API key (HTTP ${error.status}). Set OPENAI_API_KEY to a valid key for this server.`,
      { cause: error, details: { status: error.status } },
    );
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new RootweaverError(
      'llm-rate-limited',
      `The ${where} kept answering 429 (rate limited) after ${context.maxRetries} retries with backoff. Lower the request rate or concurrency, raise maxRetries, or retry later.`,
      { cause: error, details: { status: 429 } },
    );
  }
  if (error instanceof OpenAI.NotFoundError) {
    return new RootweaverError(
      'not-configured',
      `The ${where} answered 404: ${error.message}. Check the model name (ROOTWEAVER_LLM_MODEL) and that OPENAI_BASE_URL ends in /v1.`,
      { cause: error, details: { status: 404 } },
    );
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined && error.status >= 500) {
    return new RootweaverError(
      'llm-unavailable',
      `The ${where} failed with HTTP ${error.status} after ${context.maxRetries} retries: ${error.message}. Check the server's logs or retry later.`,
      { cause: error, details: { status: error.status } },
    );
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return new RootweaverError(
      'invalid-input',
      `The ${where} rejected the request with HTTP ${error.status}: ${error.message}. Check the model's limits (context length, parameters).`,
      { cause: error, details: { status: error.status } },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RootweaverError(
    'llm-bad-response',
    `The ${where} sent a response that could not be read (${message}). Check that the server is OpenAI-compatible.`,
    { cause: error },
  );
}
