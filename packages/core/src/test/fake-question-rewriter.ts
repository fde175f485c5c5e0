import { throwIfAborted } from '../errors.js';
import type { QuestionRewriter, RewriteOptions, RewriteResult } from '../spec/question-rewriter.js';
import { countWords, simulatedDelay } from './simulated-delay.js';

/** A scripted rewrite: fixed text, a function of the request, or an error to throw. */
export type FakeRewrite = string | ((options: RewriteOptions) => string) | { readonly error: Error };

export interface FakeQuestionRewriterOptions {
  /** What every call returns; default: the question unchanged. */
  readonly reply?: FakeRewrite;
  /** Simulated latency; honours the request's AbortSignal (a rewriter that hangs: a large value). */
  readonly delayMs?: number;
  readonly id?: string;
}

/**
 * A scripted `QuestionRewriter` that records every request. Usage counts words (question and parents in,
 * rewrite out), so tests can assert on the rewriter's own account.
 */
export class FakeQuestionRewriter implements QuestionRewriter {
  readonly id: string;
  readonly calls: RewriteOptions[] = [];
  private readonly reply: FakeRewrite;
  private readonly delayMs: number | undefined;

  constructor(options: FakeQuestionRewriterOptions = {}) {
    this.id = options.id ?? 'fake-rewriter';
    this.reply = options.reply ?? ((request) => request.question);
    this.delayMs = options.delayMs;
  }

  async rewrite(options: RewriteOptions): Promise<RewriteResult> {
    this.calls.push(options);
    throwIfAborted(options.signal);
    const started = performance.now();
    if (this.delayMs !== undefined) await simulatedDelay(this.delayMs, options.signal, 'rewrite');
    if (typeof this.reply === 'object') throw this.reply.error;
    const text = typeof this.reply === 'function' ? this.reply(options) : this.reply;
    const input = [
      options.question,
      ...options.parents.flatMap((parent) => [parent.question, parent.answer]),
    ];
    return {
      text,
      usage: { inputTokens: countWords(input.join(' ')), outputTokens: countWords(text) },
      latencyMs: performance.now() - started,
      modelId: this.id,
    };
  }
}
