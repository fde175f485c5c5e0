import type {
  ChatMessage,
  ChatModel,
  GenerateOptions,
  GenerateResult,
  ResponseFormat,
  TokenCounter,
  TokenUsage,
} from '@rootweaver/core';
import { throwIfAborted } from '@rootweaver/core';
import OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { createTokenCounter, tokenizerFamilyForModel } from '../tokens/token-counter.js';
import {
  connectOpenAI,
  mapOpenAIError,
  type OpenAIConnection,
  type OpenAIConnectionOptions,
} from './openai-connection.js';

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
 * reject `response_format` (remembered after the first 400), per-attempt timeouts, retries with
 * backoff on 429/5xx, AbortSignal, usage from the server or counted, streaming with `onDelta`.
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
    const wantsJson = options.responseFormat !== undefined && options.responseFormat.type !== 'text';
    const useResponseFormat = wantsJson && this.responseFormatSupported;
    try {
      try {
        return await this.request(options, useResponseFormat, started);
      } catch (error) {
        if (useResponseFormat && error instanceof OpenAI.BadRequestError) {
          // Some servers answer 400 to `response_format`: ask for JSON in the prompt from now on.
          this.responseFormatSupported = false;
          return await this.request(options, false, started);
        }
        throw error;
      }
    } catch (error) {
      throw mapOpenAIError(
        error,
        {
          what: 'LLM',
          baseURL: this.connection.baseURL,
          model: this.modelId,
          maxRetries: this.connection.maxRetries,
          timeoutMs: this.connection.timeoutMs,
        },
        options.signal,
      );
    }
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

  private requestOptions(signal: AbortSignal | undefined): OpenAI.RequestOptions {
    const requestOptions: OpenAI.RequestOptions = {
      timeout: this.connection.timeoutMs,
      maxRetries: this.connection.maxRetries,
    };
    if (signal !== undefined) requestOptions.signal = signal;
    return requestOptions;
  }

  private async request(
    options: GenerateOptions,
    useResponseFormat: boolean,
    started: number,
  ): Promise<GenerateResult> {
    const body = this.body(options, useResponseFormat);
    if (options.onDelta !== undefined) return this.stream(options, body, options.onDelta, started);
    const completion = await this.connection.client.chat.completions.create(
      body,
      this.requestOptions(options.signal),
    );
    const choice = completion.choices?.[0];
    const text = choice?.message?.content;
    if (choice === undefined || typeof text !== 'string') {
      throw new Error('the response has no message content');
    }
    const reported = completion.usage;
    const usage = reported
      ? { inputTokens: reported.prompt_tokens, outputTokens: reported.completion_tokens }
      : undefined;
    return this.result(options, text, usage, started, choice.finish_reason ?? undefined);
  }

  private async stream(
    options: GenerateOptions,
    requestBody: RequestBody,
    onDelta: (delta: string) => void,
    started: number,
  ): Promise<GenerateResult> {
    const body: ChatCompletionCreateParamsStreaming = {
      ...requestBody,
      stream: true,
      stream_options: { include_usage: true },
    };
    const stream = await this.connection.client.chat.completions.create(
      body,
      this.requestOptions(options.signal),
    );
    let text = '';
    let usage: TokenUsage | undefined;
    let finishReason: string | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices?.[0];
      const delta = choice?.delta?.content;
      if (typeof delta === 'string' && delta !== '') {
        text += delta;
        onDelta(delta);
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (chunk.usage) {
        usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
    }
    return this.result(options, text, usage, started, finishReason);
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
