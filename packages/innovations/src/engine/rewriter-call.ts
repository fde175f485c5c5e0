import type { QuestionRewriter, RewriteParent, TokenUsage } from '@rootweaver/core';
import { abortable, abortError, isRootweaverError, RootweaverError } from '@rootweaver/core';

/** One rewriter call's outcome: the rewritten question, or why there is none (declined, timed out, failed). */
export type Rewritten =
  | {
      readonly text: string;
      readonly latencyMs: number;
      readonly tokens: TokenUsage | undefined;
      readonly modelId: string;
    }
  | { readonly failure: string; readonly latencyMs: number; readonly modelId: string };

/** The abort reason of a rewrite that ran out of time (told apart from the run's own cancellation). */
const rewriteTimeout = Symbol('rewrite-timeout');

export interface CallRewriterOptions {
  readonly rewriter: QuestionRewriter;
  readonly question: string;
  readonly parents: readonly RewriteParent[];
  /** The limit on the rewriter's reply when `timed`. */
  readonly timeoutMs: number;
  readonly timed: boolean;
  /** The run's signal: its abort cancels the call and is thrown, not returned. */
  readonly signal: AbortSignal | undefined;
  /** Books the call to the rewriter's own account (`usage.rewrite`), success or not. */
  readonly recordUsage: (usage: TokenUsage & { readonly latencyMs: number }) => void;
}

/**
 * One call of the rewriter slot, limited to `timeoutMs` when `timed` and cancelled with the run. A
 * decline, a failure or a timeout is returned, not thrown; only the run's own cancellation throws.
 */
export async function callRewriter(options: CallRewriterOptions): Promise<Rewritten> {
  const { rewriter, question, parents, timeoutMs, signal } = options;
  const call = new AbortController();
  const timer = options.timed ? setTimeout(() => call.abort(rewriteTimeout), timeoutMs) : undefined;
  const forwardAbort = (): void => call.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const started = performance.now();
  try {
    const result = await abortable(rewriter.rewrite({ question, parents, signal: call.signal }), call.signal);
    const latencyMs = result.latencyMs > 0 ? result.latencyMs : performance.now() - started;
    options.recordUsage({ ...(result.usage ?? { inputTokens: 0, outputTokens: 0 }), latencyMs });
    if (result.declined !== undefined)
      return { failure: `declined (${result.declined})`, latencyMs, modelId: result.modelId };
    return { text: result.text, latencyMs, tokens: result.usage, modelId: result.modelId };
  } catch (error) {
    if (signal?.aborted === true) throw abortError(signal);
    const latencyMs = performance.now() - started;
    options.recordUsage({ inputTokens: 0, outputTokens: 0, latencyMs });
    // The engine's timer or the adapter's own timeout (an SDK set to the same limit), whichever fired first.
    const timedOut = call.signal.reason === rewriteTimeout || isRootweaverError(error, 'llm-timeout');
    const failure = timedOut
      ? `timeout (${timeoutMs} ms)`
      : `error (${error instanceof RootweaverError ? error.code : error instanceof Error ? error.name : 'unknown'})`;
    return { failure, latencyMs, modelId: rewriter.id };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
