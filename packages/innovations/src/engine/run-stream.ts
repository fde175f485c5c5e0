import type { AskOptions, MultiHopAnswer, MultiHopEvent } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';

/**
 * A run's events as an async iterable; the run starts when the iteration does. `run` starts the run with the options it is given (the
 * caller's, with a signal of the stream's own and an `onEvent` that feeds the stream); events are
 * buffered until read. The iterable ends after `finished` and throws what the run throws (e.g.
 * `invalid-input`). Leaving the loop early (`break`, `return`, a throw in the loop body) aborts the
 * run through its signal — the same path as the caller's `AbortSignal` — and waits for it to stop.
 */
export async function* streamRun(
  run: (options: AskOptions) => Promise<MultiHopAnswer>,
  options: AskOptions,
): AsyncGenerator<MultiHopEvent, void, undefined> {
  const cancellation = new AbortController();
  const callerSignal = options.signal;
  const forwardAbort = (): void => cancellation.abort(callerSignal?.reason);
  if (callerSignal?.aborted === true) forwardAbort();
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  const buffered: MultiHopEvent[] = [];
  let wake: (() => void) | undefined;
  let outcome: { readonly failed: false } | { readonly failed: true; readonly error: unknown } | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const running = run({
    ...options,
    signal: cancellation.signal,
    onEvent: (event) => {
      options.onEvent?.(event);
      buffered.push(event);
      notify();
    },
  }).then(
    () => {
      outcome = { failed: false };
      notify();
    },
    (error: unknown) => {
      outcome = { failed: true, error };
      notify();
    },
  );

  try {
    for (;;) {
      const event = buffered.shift();
      if (event !== undefined) {
        yield event;
        continue;
      }
      if (outcome !== undefined) {
        if (outcome.failed) throw outcome.error;
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (outcome === undefined) {
      cancellation.abort(new RootweaverError('aborted', 'The stream was closed before the run finished.'));
    }
    callerSignal?.removeEventListener('abort', forwardAbort);
    await running;
  }
}
