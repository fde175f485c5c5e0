import { RootweaverError } from './errors.js';

/** The error every cancelled step throws inside the engine; `ask` turns it into refusal `aborted`. */
export function abortError(signal: AbortSignal | undefined): RootweaverError {
  return new RootweaverError('aborted', 'The operation was cancelled by its AbortSignal.', {
    cause: signal?.reason,
  });
}

/**
 * The calls in flight on each signal. A signal carries ONE abort listener, whatever the number of
 * calls raced against it (a run shares its signal between every port call, many at a time): the
 * listener is added with the first call in flight and removed with the last.
 */
const inFlight = new WeakMap<AbortSignal, Set<() => void>>();

function watch(signal: AbortSignal, cancel: () => void): void {
  const cancels = inFlight.get(signal);
  if (cancels !== undefined) {
    cancels.add(cancel);
    return;
  }
  const started = new Set([cancel]);
  inFlight.set(signal, started);
  signal.addEventListener('abort', cancelAll, { once: true });
}

function unwatch(signal: AbortSignal, cancel: () => void): void {
  const cancels = inFlight.get(signal);
  if (cancels === undefined) return;
  cancels.delete(cancel);
  if (cancels.size === 0) {
    inFlight.delete(signal);
    signal.removeEventListener('abort', cancelAll);
  }
}

function cancelAll(this: AbortSignal): void {
  const cancels = inFlight.get(this);
  inFlight.delete(this);
  for (const cancel of cancels ?? []) cancel();
}

/**
 * Settles with `work`, or rejects with `aborted` the moment the signal fires, even when the port
 * behind `work` ignores the signal: cancellation is immediate.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const cancel = (): void => reject(abortError(signal));
    watch(signal, cancel);
    work.then(
      (value) => {
        unwatch(signal, cancel);
        resolve(value);
      },
      (error: unknown) => {
        unwatch(signal, cancel);
        reject(error);
      },
    );
  });
}

/** True for the engine's own cancellation and for errors raised by a port after the signal fired. */
export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (error instanceof RootweaverError && error.code === 'aborted') || signal?.aborted === true;
}
