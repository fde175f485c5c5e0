import type {
  ChatMessage,
  ChatModel,
  GenerateOptions,
  GenerateResult,
  ResponseFormat,
  TokenCounter,
  TokenUsage,
} from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { createTokenCounter, tokenizerFamilyForModel } from '../tokens/token-counter.js';
import { AttemptSignal, retryAfterMs, retryDelayMs, sleep } from './call-deadline.js';
import {
  connectOpenAI,
  mapOpenAIError,
  type OpenAIConnection,
  type OpenAIConnectionOptions,
  redactKey,
} from './openai-connection.js';
import { readCapped, SecretFilter } from './read-response.js';

/** The largest response (bytes of a body, characters of a stream) read from the server. */
export const maxResponseBytes = 1_000_000;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Failures worth another attempt: connection errors, idle attempts, 408, 409, 429 and 5xx. */
function isRetryable(error: unknown): boolean {
  if (error instanceof RootweaverError) return error.code === 'llm-timeout';
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return false;
}

/** The model used when neither `model` nor `ROOTWEAVER_LLM_MODEL` is set. */
export const defaultChatModelName = 'gpt-4o-mini';

export interface OpenAIChatModelOptions extends OpenAIConnectionOptions {
  /** Default: `ROOTWEAVER_LLM_MODEL`, else `gpt-4o-mini`. */
  readonly model?: string;
  /** Counts tokens when the server reports no usage. Default: the model family's tokenizer. */
  readonly tokenCounter?: TokenCounter;
}

type RequestBody = Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>;

function jsonInstruction(format: ResponseFormat): string {
  if (format.type === 'json_schema') {
    return `Reply with one JSON object only, no prose and no code fences, that follows this JSON schema (${format.name}): ${JSON.stringify(format.schema)}`;
  }
  return 'Reply with one JSON object only, no prose and no code fences.';
}

function toResponseFormat(format: ResponseFormat): NonNullable<RequestBody['response_format']> {
  if (format.type === 'json_schema') {
    return { type: 'json_schema', json_schema: { name: format.name, schema: { ...format.schema } } };
  }
  return { type: format.type };
}

/**
 * `ChatModel` over any OpenAI-compatible server (OpenAI, vLLM, Ollama, llama.cpp server) through
 * the `openai` SDK: temperature 0 by default, JSON mode with a clean fallback for servers that
 * reject `response_format` (remembered after the first 400), one deadline for the whole call (headers,
 * body, stream and the waits between attempts), an idle clock per attempt, bounded retries with
 * jitter honouring a capped `Retry-After` (ADR-0010), AbortSignal, usage from the server or counted,
 * streaming with `onDelta`, and the configured key removed from every text it returns.
 */
export class OpenAIChatModel implements ChatModel {
  readonly modelId: string;
  private readonly connection: OpenAIConnection;
  private readonly tokenCounterOption: TokenCounter | undefined;
  private countedTokenCounter: TokenCounter | undefined;
  private responseFormatSupported = true;

  constructor(options: OpenAIChatModelOptions = {}) {
    const env = options.env ?? process.env;
    this.modelId = options.model ?? (env.ROOTWEAVER_LLM_MODEL?.trim() || defaultChatModelName);
    this.connection = connectOpenAI(options);
    this.tokenCounterOption = options.tokenCounter;
  }

  /** The server's base URL (never the key). */
  get baseURL(): string {
    return this.connection.baseURL;
  }

  /** False once the server has rejected `response_format`; JSON is then asked for in the prompt. */
  get supportsResponseFormat(): boolean {
    return this.responseFormatSupported;
  }

  async generate(options: GenerateOptions): Promise<GenerateResult> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const connection = this.connection;
    const deadlineAt = Date.now() + connection.timeoutMs;
    const wantsJson = options.responseFormat !== undefined && options.responseFormat.type !== 'text';
    let useResponseFormat = wantsJson && this.responseFormatSupported;
    let retries = 0;
    for (;;) {
      const attempt = new AttemptSignal(options.signal, deadlineAt, connection.idleTimeoutMs);
      let failure: unknown;
      try {
        return await this.request(options, useResponseFormat, started, attempt);
      } catch (error) {
        failure = error;
      } finally {
        attempt.dispose();
      }
      const stop = attempt.stopped ?? (Date.now() >= deadlineAt ? 'deadline' : undefined);
      if (stop === 'caller' || options.signal?.aborted === true)
        throw this.failed(failure, retries, options.signal);
      if (stop === undefined && useResponseFormat && failure instanceof OpenAI.BadRequestError) {
        // Some servers answer 400 to `response_format`: ask for JSON in the prompt from now on.
        this.responseFormatSupported = false;
        useResponseFormat = false;
        continue;
      }
      const error = stop === undefined ? failure : this.stoppedError(stop, retries, failure);
      if (stop === 'deadline' || retries >= connection.maxRetries || !isRetryable(error)) {
        throw this.failed(error, retries, options.signal);
      }
      const headers = error instanceof OpenAI.APIError ? error.headers : undefined;
      const serverAskedMs = retryAfterMs(headers);
      const delay = retryDelayMs({ retry: retries, serverAskedMs, maxDelayMs: connection.maxRetryDelayMs });
      if (delay === undefined || Date.now() + delay >= deadlineAt) {
        throw this.retryRefused(error, retries, serverAskedMs, delay === undefined);
      }
      try {
        await sleep(delay, options.signal);
      } catch (abort) {
        throw this.failed(abort, retries, options.signal);
      }
      retries += 1;
    }
  }

  private failed(error: unknown, retries: number, signal: AbortSignal | undefined): RootweaverError {
    const mapped = mapOpenAIError(
      error,
      {
        what: 'LLM',
        baseURL: this.connection.baseURL,
        model: this.modelId,
        retries,
        timeoutMs: this.connection.timeoutMs,
      },
      signal,
    );
    const message = redactKey(mapped.message, this.connection.secret);
    if (message === mapped.message) return mapped;
    return new RootweaverError(mapped.code, message, { cause: mapped.cause, details: mapped.details });
  }

  /** The error an attempt stopped by its own deadline or idle clock ends in. */
  private stoppedError(stop: 'deadline' | 'idle', retries: number, cause: unknown): RootweaverError {
    const where = `LLM at ${this.connection.baseURL} (model ${this.modelId})`;
    const message =
      stop === 'deadline'
        ? `The ${where} did not finish within ${this.connection.timeoutMs} ms (headers, body and stream, ${retries} retries). Raise timeoutMs or check that the server is not overloaded.`
        : `The ${where} sent nothing for ${this.connection.idleTimeoutMs} ms in the middle of a response. Check the server's logs; raise idleTimeoutMs for a slow model.`;
    return new RootweaverError('llm-timeout', message, {
      cause,
      details: { upstream: true, stop, baseURL: this.connection.baseURL },
    });
  }

  /** The error when the next retry cannot happen: the server asked for too long a wait, or the deadline is near. */
  private retryRefused(
    error: unknown,
    retries: number,
    serverAskedMs: number | undefined,
    overCap: boolean,
  ): RootweaverError {
    const mapped = this.failed(error, retries, undefined);
    const why =
      overCap && serverAskedMs !== undefined
        ? `the server asked to retry after ${Math.round(serverAskedMs / 1000)} s, more than maxRetryDelayMs (${this.connection.maxRetryDelayMs} ms)`
        : `the next retry would end after the call's ${this.connection.timeoutMs} ms deadline`;
    return new RootweaverError(mapped.code, `${mapped.message} Gave up early: ${why}.`, {
      cause: mapped.cause,
      details: { ...mapped.details, ...(serverAskedMs === undefined ? {} : { retryAfterMs: serverAskedMs }) },
    });
  }

  private body(options: GenerateOptions, useResponseFormat: boolean): RequestBody {
    const messages: ChatCompletionMessageParam[] = options.messages.map((message: ChatMessage) => ({
      role: message.role,
      content: message.content,
    }));
    const format = options.responseFormat;
    if (format !== undefined && format.type !== 'text' && !useResponseFormat) {
      messages.push({ role: 'system', content: jsonInstruction(format) });
    }
    const body: RequestBody = { model: this.modelId, messages, temperature: options.temperature ?? 0 };
    if (options.maxOutputTokens !== undefined) body.max_tokens = options.maxOutputTokens;
    if (useResponseFormat && format !== undefined) body.response_format = toResponseFormat(format);
    return body;
  }

  private requestOptions(attempt: AttemptSignal): OpenAI.RequestOptions {
    // The attempt's signal carries the call's deadline and idle clock; the SDK's own timeout only
    // covers the headers, so it is a backstop here.
    return { timeout: this.connection.timeoutMs, maxRetries: 0, signal: attempt.signal };
  }

  private async request(
    options: GenerateOptions,
    useResponseFormat: boolean,
    started: number,
    attempt: AttemptSignal,
  ): Promise<GenerateResult> {
    const body = this.body(options, useResponseFormat);
    if (options.onDelta !== undefined) return this.stream(options, body, options.onDelta, started, attempt);
    // The raw response, read here chunk by chunk: the idle clock and the size cap see every byte.
    const response = await this.connection.client.chat.completions
      .create(body, this.requestOptions(attempt))
      .asResponse();
    attempt.touch();
    const raw = await readCapped(response, attempt, maxResponseBytes);
    const completion = JSON.parse(raw) as ChatCompletion;
    const choice = completion.choices?.[0];
    const text = choice?.message?.content;
    if (choice === undefined || typeof text !== 'string') {
      throw new Error('the response has no message content');
    }
    const reported = completion.usage;
    const usage = reported
      ? { inputTokens: reported.prompt_tokens, outputTokens: reported.completion_tokens }
      : undefined;
    return this.result(
      options,
      redactKey(text, this.connection.secret),
      usage,
      started,
      choice.finish_reason ?? undefined,
    );
  }

  private async stream(
    options: GenerateOptions,
    requestBody: RequestBody,
    onDelta: (delta: string) => void,
    started: number,
    attempt: AttemptSignal,
  ): Promise<GenerateResult> {
    const body: ChatCompletionCreateParamsStreaming = {
      ...requestBody,
      stream: true,
      stream_options: { include_usage: true },
    };
    const stream = await this.connection.client.chat.completions.create(body, this.requestOptions(attempt));
    attempt.touch();
    const filter = new SecretFilter(this.connection.secret);
    let text = '';
    let events = 0;
    let usage: TokenUsage | undefined;
    let finishReason: string | undefined;
    for await (const chunk of stream) {
      attempt.touch();
      events += 1;
      // Events already buffered resolve as microtasks: yield now and then, so a flood of tiny events
      // (90,000 one-word deltas) cannot hold the event loop, and the deadline can fire in between.
      if (events % 256 === 0) {
        await yieldToEventLoop();
        if (attempt.signal.aborted) throw new Error('the attempt was stopped');
      }
      const choice = chunk.choices?.[0];
      const delta = choice?.delta?.content;
      if (typeof delta === 'string' && delta !== '') {
        text += delta;
        if (text.length > maxResponseBytes) {
          throw new Error(`the streamed answer is longer than ${maxResponseBytes} characters`);
        }
        const safe = filter.push(delta);
        if (safe !== '') onDelta(safe);
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (chunk.usage) {
        usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
    }
    if (events === 0) throw new Error('the stream ended without a single event (not an SSE stream?)');
    const rest = filter.flush();
    if (rest !== '') onDelta(rest);
    return this.result(options, redactKey(text, this.connection.secret), usage, started, finishReason);
  }

  private result(
    options: GenerateOptions,
    text: string,
    usage: TokenUsage | undefined,
    started: number,
    finishReason: string | undefined,
  ): GenerateResult {
    const base = {
      text,
      latencyMs: performance.now() - started,
      modelId: this.modelId,
      ...(finishReason === undefined ? {} : { finishReason }),
    };
    if (usage !== undefined) return { ...base, usage, usageSource: 'reported' };
    const counter = this.tokenCounter();
    const inputTokens = options.messages.reduce((sum, message) => sum + counter.count(message.content), 0);
    return { ...base, usage: { inputTokens, outputTokens: counter.count(text) }, usageSource: 'counted' };
  }

  private tokenCounter(): TokenCounter {
    if (this.tokenCounterOption !== undefined) return this.tokenCounterOption;
    this.countedTokenCounter ??= createTokenCounter(tokenizerFamilyForModel(this.modelId));
    return this.countedTokenCounter;
  }
}
