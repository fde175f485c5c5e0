import type { ChatMessage, ChatModel, GenerateOptions, GenerateResult, TokenCounter } from '@rootweaver/core';

/** One call that reached the model and returned, with tokens counted by the harness's tokenizer. */
export interface CountedCall {
  readonly messages: readonly ChatMessage[];
  readonly output: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly latencyMs: number;
}

/** Counts a prompt as the sum of its message contents (chat-template tokens are not added). */
export function countPromptTokens(messages: readonly ChatMessage[], counter: TokenCounter): number {
  return messages.reduce((sum, message) => sum + counter.count(message.content), 0);
}

/**
 * Wraps a `ChatModel` and records every successful call with input and output tokens counted by
 * `counter` (the Llama-3 tokenizer in the eval), so all systems are counted the same way.
 */
export class CountingChatModel implements ChatModel {
  readonly modelId: string;
  readonly calls: CountedCall[] = [];
  private readonly inner: ChatModel;
  private readonly counter: TokenCounter;

  constructor(options: { inner: ChatModel; counter: TokenCounter }) {
    this.inner = options.inner;
    this.counter = options.counter;
    this.modelId = options.inner.modelId;
  }

  async generate(options: GenerateOptions): Promise<GenerateResult> {
    const result = await this.inner.generate(options);
    this.calls.push({
      messages: options.messages,
      output: result.text,
      inputTokens: countPromptTokens(options.messages, this.counter),
      outputTokens: this.counter.count(result.text),
      latencyMs: result.latencyMs,
    });
    return result;
  }
}
