import { RootweaverError } from './errors.js';

/** The error every cancelled step throws inside the engine; `ask` turns it into refusal `aborted`. */
export function abortError(signal: AbortSignal | undefined): RootweaverError {
  return new RootweaverError('aborted', 'The operation was cancelled by its AbortSignal.', {
    cause: signal?.reason,
  });
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
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** True for the engine's own cancellation and for errors raised by a port after the signal fired. */
export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (error instanceof RootweaverError && error.code === 'aborted') || signal?.aborted === true;
}
