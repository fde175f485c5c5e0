import {
  abortable,
  type ChatModel,
  chatModelFailure,
  countedUsage,
  type GenerateOptions,
  type GenerateResult,
  type ResponseFormat,
  type TokenCounter,
  type TokenUsage,
  throwIfAborted,
} from '@rootweaver/core';
import {
  generateText,
  jsonSchema,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
  streamText,
} from 'ai';

export interface AiSdkChatModelOptions {
  /** Any AI SDK language model: `openai('gpt-4o')`, `anthropic(…)`, a gateway id string, a `MockLanguageModelV3`. */
  readonly model: LanguageModel;
  /** Counts tokens when the provider reports no usage; else about four characters a token. */
  readonly tokenCounter?: TokenCounter;
  /** The AI SDK's own retries of a failed call (its `maxRetries`, default 2). */
  readonly maxRetries?: number;
}

/**
 * rootweaver's `ChatModel` port on an AI SDK language model, so every AI SDK provider can drive the
 * planners (decomposition, decide, synthesis) and the rewriter slot. `onDelta` streams with `streamText`;
 * `responseFormat` becomes the SDK's JSON output (`Output.json()`, or `Output.object` with the schema), whose
 * raw text is returned even when it does not parse: the engine repairs and validates plans itself.
 * Usage is the provider's when it reports it (`usageSource: 'reported'`), else counted. The signal is
 * passed to the provider and also raced, so a provider that ignores it cannot hold a run.
 */
export class AiSdkChatModel implements ChatModel {
  readonly modelId: string;
  private readonly model: LanguageModel;
  private readonly tokenCounter: TokenCounter | undefined;
  private readonly maxRetries: number | undefined;

  constructor(options: AiSdkChatModelOptions) {
    this.model = options.model;
    this.modelId =
      typeof options.model === 'string'
        ? options.model
        : `${options.model.provider}/${options.model.modelId}`;
    this.tokenCounter = options.tokenCounter;
    this.maxRetries = options.maxRetries;
  }

  async generate(options: GenerateOptions): Promise<GenerateResult> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const call = {
      model: this.model,
      messages: options.messages.map(
        (message): ModelMessage => ({ role: message.role, content: message.content }),
      ),
      temperature: options.temperature ?? 0,
      ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
      ...(options.signal === undefined ? {} : { abortSignal: options.signal }),
      ...(this.maxRetries === undefined ? {} : { maxRetries: this.maxRetries }),
      ...outputFor(options.responseFormat),
    };
    let reply: { text: string; usage: LanguageModelUsage | undefined; finishReason: string | undefined };
    try {
      reply = await abortable(
        options.onDelta === undefined ? this.complete(call) : this.stream(call, options.onDelta),
        options.signal,
      );
    } catch (error) {
      throw chatModelFailure(error, {
        what: `The AI SDK model ${this.modelId}`,
        status: statusOf(error),
        signal: options.signal,
      });
    }
    const reported = reportedUsage(reply.usage);
    return {
      text: reply.text,
      usage: reported ?? countedUsage(options.messages, reply.text, this.tokenCounter),
      usageSource: reported === undefined ? 'counted' : 'reported',
      latencyMs: performance.now() - started,
      modelId: this.modelId,
      ...(reply.finishReason === undefined ? {} : { finishReason: reply.finishReason }),
    };
  }

  private async complete(call: Parameters<typeof generateText>[0]) {
    try {
      const result = await generateText(call);
      return { text: result.text, usage: result.usage, finishReason: result.finishReason };
    } catch (error) {
      // JSON that does not parse is still the model's answer: the engine's parser repairs or refuses it.
      if (NoObjectGeneratedError.isInstance(error) && error.text !== undefined) {
        return { text: error.text, usage: error.usage, finishReason: error.finishReason };
      }
      throw error;
    }
  }

  private async stream(call: Parameters<typeof streamText>[0], onDelta: (delta: string) => void) {
    let failure: unknown;
    const result = streamText({
      ...call,
      onError: ({ error }) => {
        failure = error;
      },
    });
    let text = '';
    for await (const delta of result.textStream) {
      text += delta;
      onDelta(delta);
    }
    if (failure !== undefined) throw failure;
    return { text, usage: await result.usage, finishReason: await result.finishReason };
  }
}

/** The SDK's output setting for a response format: JSON mode, with the schema when there is one. */
function outputFor(format: ResponseFormat | undefined) {
  if (format === undefined || format.type === 'text') return {};
  if (format.type === 'json_object') return { output: Output.json() };
  return { output: Output.object({ schema: jsonSchema(format.schema as never), name: format.name }) };
}

function reportedUsage(usage: LanguageModelUsage | undefined): TokenUsage | undefined {
  if (usage?.inputTokens === undefined || usage.outputTokens === undefined) return undefined;
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
}

/** The HTTP status of an AI SDK error (`APICallError.statusCode`, also inside a `RetryError`'s last error). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { statusCode?: unknown; lastError?: unknown };
  if (typeof record.statusCode === 'number') return record.statusCode;
  return record.lastError === undefined ? undefined : statusOf(record.lastError);
}
