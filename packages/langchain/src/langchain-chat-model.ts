import type { BaseChatModel, BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import {
  AIMessage,
  type AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  type UsageMetadata,
} from '@langchain/core/messages';
import {
  abortable,
  type ChatMessage,
  type ChatModel,
  chatModelFailure,
  countedUsage,
  type GenerateOptions,
  type GenerateResult,
  type ResponseFormat,
  type TokenCounter,
  throwIfAborted,
} from '@rootweaver/core';

export interface LangChainChatModelOptions {
  /** Any LangChain chat model: `ChatOpenAI`, `ChatAnthropic`, `ChatOllama`, a `FakeListChatModel` … */
  readonly model: BaseChatModel;
  /** Counts tokens when the model reports no `usage_metadata`; else about four characters a token. */
  readonly tokenCounter?: TokenCounter;
  /**
   * The call options that ask the model for JSON. LangChain has no provider-neutral JSON mode: the default
   * is the OpenAI-compatible `response_format` (ChatOpenAI and its compatibles read it); pass `() => ({})`
   * for a model that rejects unknown options: the engine's prompts ask for JSON and its parser repairs it.
   */
  readonly jsonModeCallOptions?: (
    format: Exclude<ResponseFormat, { type: 'text' }>,
  ) => Record<string, unknown>;
}

/**
 * rootweaver's `ChatModel` port on a LangChain chat model, so any LangChain provider can drive the planners
 * and the rewriter slot. `onDelta` streams (`model.stream`); usage is the model's `usage_metadata` when it has
 * one, else counted; `temperature` and `maxOutputTokens` are the model's own settings (LangChain fixes them at
 * construction), the signal is passed as the call's and also raced.
 */
export class LangChainChatModel implements ChatModel {
  readonly modelId: string;
  private readonly model: BaseChatModel;
  private readonly tokenCounter: TokenCounter | undefined;
  private readonly jsonModeCallOptions: NonNullable<LangChainChatModelOptions['jsonModeCallOptions']>;

  constructor(options: LangChainChatModelOptions) {
    this.model = options.model;
    this.modelId = `langchain/${options.model._llmType()}`;
    this.tokenCounter = options.tokenCounter;
    this.jsonModeCallOptions = options.jsonModeCallOptions ?? openAIResponseFormat;
  }

  async generate(options: GenerateOptions): Promise<GenerateResult> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const messages = options.messages.map(toLangChainMessage);
    const format = options.responseFormat;
    const callOptions = {
      ...(format === undefined || format.type === 'text' ? {} : this.jsonModeCallOptions(format)),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    } as BaseChatModelCallOptions;
    let message: AIMessage | AIMessageChunk;
    try {
      message = await abortable(
        options.onDelta === undefined
          ? this.model.invoke(messages, callOptions)
          : this.stream(messages, callOptions, options.onDelta),
        options.signal,
      );
    } catch (error) {
      throw chatModelFailure(error, {
        what: `The LangChain model ${this.modelId}`,
        status: statusOf(error),
        signal: options.signal,
      });
    }
    const text = message.text;
    const usage = message.usage_metadata as UsageMetadata | undefined;
    const finishReason = message.response_metadata?.finish_reason;
    return {
      text,
      usage:
        usage === undefined
          ? countedUsage(options.messages, text, this.tokenCounter)
          : { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens },
      usageSource: usage === undefined ? 'counted' : 'reported',
      latencyMs: performance.now() - started,
      modelId: this.modelId,
      ...(typeof finishReason === 'string' ? { finishReason } : {}),
    };
  }

  private async stream(
    messages: BaseMessage[],
    callOptions: BaseChatModelCallOptions,
    onDelta: (delta: string) => void,
  ): Promise<AIMessageChunk> {
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await this.model.stream(messages, callOptions)) {
      if (chunk.text !== '') onDelta(chunk.text);
      whole = whole === undefined ? chunk : whole.concat(chunk);
    }
    return whole ?? (new AIMessage('') as unknown as AIMessageChunk);
  }
}

function toLangChainMessage(message: ChatMessage): BaseMessage {
  if (message.role === 'system') return new SystemMessage(message.content);
  if (message.role === 'assistant') return new AIMessage(message.content);
  return new HumanMessage(message.content);
}

function openAIResponseFormat(format: Exclude<ResponseFormat, { type: 'text' }>): Record<string, unknown> {
  if (format.type === 'json_object') return { response_format: { type: 'json_object' } };
  return {
    response_format: { type: 'json_schema', json_schema: { name: format.name, schema: format.schema } },
  };
}

/** The HTTP status LangChain's provider errors carry (`status`, `statusCode` or `response.status`). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } };
  for (const value of [record.status, record.statusCode, record.response?.status]) {
    if (typeof value === 'number') return value;
  }
  return undefined;
}
