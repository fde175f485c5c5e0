import { abortError } from '@rootweaver/core';

/** The retry and deadline policy of one LLM call (ADR-0010). */
export interface CallPolicy {
  /** Total time for the call: every attempt (headers, body, stream) and every wait between them. */
  readonly timeoutMs: number;
  /** An attempt that receives no byte (non-streaming) or no event (streaming) for this long is abandoned. */
  readonly idleTimeoutMs: number;
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** The longest wait between attempts; a `Retry-After` beyond it ends the call at once. */
  readonly maxRetryDelayMs: number;
}

export const defaultCallPolicy: CallPolicy = {
  timeoutMs: 30_000,
  idleTimeoutMs: 15_000,
  maxRetries: 3,
  maxRetryDelayMs: 8_000,
};

/** Why an attempt's own signal fired. */
export type AttemptStop = 'deadline' | 'idle' | 'caller';

/**
 * The signal one attempt runs under: it fires when the caller's signal does, when the call's total
 * deadline passes, or when `touch` has not been called for `idleTimeoutMs`. `dispose` clears every
 * timer and listener.
 */
export class AttemptSignal {
  private readonly controller = new AbortController();
  private stopReason: AttemptStop | undefined;
  private readonly deadlineTimer: NodeJS.Timeout;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = (): void => this.stop('caller');

  constructor(
    private readonly caller: AbortSignal | undefined,
    deadlineAt: number,
    private readonly idleTimeoutMs: number,
  ) {
    this.deadlineTimer = setTimeout(() => this.stop('deadline'), Math.max(0, deadlineAt - Date.now()));
    if (caller?.aborted) this.stop('caller');
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the attempt was stopped, if it was. */
  get stopped(): AttemptStop | undefined {
    return this.stopReason;
  }

  /** Something arrived: restart the idle clock. */
  touch(): void {
    if (this.stopReason !== undefined) return;
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop('idle'), this.idleTimeoutMs);
  }

  dispose(): void {
    clearTimeout(this.deadlineTimer);
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }

  private stop(reason: AttemptStop): void {
    if (this.stopReason !== undefined) return;
    this.stopReason = reason;
    this.dispose();
    this.controller.abort(reason);
  }
}

/** Reads `retry-after-ms`, else `retry-after` (seconds or an HTTP date), in milliseconds. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retry number `retry` (0-based): the server's `Retry-After` when it gave
 * one, plus up to 10 % jitter; else exponential backoff from 500 ms with full jitter. Both capped at
 * `maxDelayMs`; a server that asks for more than the cap gets `undefined` (do not retry).
 */
export function retryDelayMs(options: {
  readonly retry: number;
  readonly serverAskedMs: number | undefined;
  readonly maxDelayMs: number;
  readonly random?: () => number;
}): number | undefined {
  const random = options.random ?? Math.random;
  if (options.serverAskedMs !== undefined) {
    if (options.serverAskedMs > options.maxDelayMs) return undefined;
    return Math.min(options.maxDelayMs, options.serverAskedMs * (1 + 0.1 * random()));
  }
  const ceiling = Math.min(options.maxDelayMs, 500 * 2 ** options.retry);
  return ceiling * (0.5 + 0.5 * random());
}

/** Waits `ms`, or rejects with `aborted` the moment the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
