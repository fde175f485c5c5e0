import { RootweaverError, throwIfAborted } from '../errors.js';
import type { ChatModel, GenerateOptions, GenerateResult } from '../spec/chat-model.js';
import { countWords, simulatedDelay } from './simulated-delay.js';

/** Decides whether a scripted reply applies to a request: a substring or regex of the last user message, or a predicate. */
export type ChatMatcher = string | RegExp | ((options: GenerateOptions) => boolean);

/** A scripted reply: fixed text, a function of the request, or an error to throw. */
export type ChatReply = string | ((options: GenerateOptions) => string) | { readonly error: Error };

export interface ChatScriptEntry {
  readonly match: ChatMatcher;
  readonly reply: ChatReply;
  /** How many times this entry may answer; unlimited when unset. */
  readonly times?: number;
  /** Simulated latency; honours the request's AbortSignal. */
  readonly delayMs?: number;
}

export interface FakeChatModelOptions {
  readonly script?: readonly ChatScriptEntry[];
  readonly modelId?: string;
  /** Reply used when no entry matches; when unset an unmatched request throws. */
  readonly fallbackReply?: string;
}

function lastUserMessage(options: GenerateOptions): string {
  for (let index = options.messages.length - 1; index >= 0; index -= 1) {
    const message = options.messages[index];
    if (message?.role === 'user') return message.content;
  }
  return '';
}

function matches(matcher: ChatMatcher, options: GenerateOptions): boolean {
  if (typeof matcher === 'function') return matcher(options);
  const prompt = options.messages.map((message) => message.content).join('\n');
  return typeof matcher === 'string' ? prompt.includes(matcher) : matcher.test(prompt);
}

/**
 * A scripted `ChatModel` that records every request. Entries are tried in order; the first that
 * matches (and has uses left) answers. Usage counts words, so tests can assert on budgets.
 */
export class FakeChatModel implements ChatModel {
  readonly modelId: string;
  readonly calls: GenerateOptions[] = [];
  private readonly script: { entry: ChatScriptEntry; used: number }[];
  private readonly fallbackReply: string | undefined;

  constructor(options: FakeChatModelOptions = {}) {
    this.modelId = options.modelId ?? 'fake-chat-model';
    this.script = (options.script ?? []).map((entry) => ({ entry, used: 0 }));
    this.fallbackReply = options.fallbackReply;
  }

  /** Adds an entry at the end of the script. */
  on(match: ChatMatcher, reply: ChatReply, options: { times?: number; delayMs?: number } = {}): this {
    this.script.push({ entry: { match, reply, ...options }, used: 0 });
    return this;
  }

  /** The last user message of each recorded call. */
  get prompts(): string[] {
    return this.calls.map(lastUserMessage);
  }

  async generate(options: GenerateOptions): Promise<GenerateResult> {
    this.calls.push(options);
    throwIfAborted(options.signal);
    const started = performance.now();
    const slot = this.script.find(
      ({ entry, used }) => (entry.times === undefined || used < entry.times) && matches(entry.match, options),
    );
    if (slot === undefined && this.fallbackReply === undefined) {
      throw new RootweaverError(
        'llm-bad-response',
        `FakeChatModel has no scripted reply for: ${lastUserMessage(options).slice(0, 200)}. Add one with .on(matcher, reply).`,
      );
    }
    if (slot !== undefined) slot.used += 1;
    if (slot?.entry.delayMs !== undefined)
      await simulatedDelay(slot.entry.delayMs, options.signal, 'LLM call');
    const reply = slot?.entry.reply ?? this.fallbackReply ?? '';
    if (typeof reply === 'object') throw reply.error;
    const text = typeof reply === 'function' ? reply(options) : reply;
    if (options.onDelta !== undefined) {
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) options.onDelta(piece);
    }
    const inputTokens = options.messages.reduce((sum, message) => sum + countWords(message.content), 0);
    return {
      text,
      usage: { inputTokens, outputTokens: countWords(text) },
      usageSource: 'reported',
      latencyMs: performance.now() - started,
      modelId: this.modelId,
      finishReason: 'stop',
    };
  }
}
