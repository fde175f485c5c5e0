import type { ChatMessage, TokenUsage } from './spec/chat-model.js';
import type { TokenCounter } from './spec/token-counter.js';

/**
 * The usage of a chat call whose framework reported none: the messages' and the reply's tokens counted
 * with `counter`, else about four characters a token (the engine's own rough count).
 */
export function countedUsage(
  messages: readonly ChatMessage[],
  text: string,
  counter: TokenCounter | undefined,
): TokenUsage {
  const count = (value: string): number => counter?.count(value) ?? Math.ceil(value.length / 4);
  return {
    inputTokens: messages.reduce((sum, message) => sum + count(message.content), 0),
    outputTokens: count(text),
  };
}
