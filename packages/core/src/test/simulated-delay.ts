import { RootweaverError } from '../errors.js';

/** Waits `milliseconds`, or rejects with `aborted` (naming `what`) as soon as the signal fires. */
export function simulatedDelay(
  milliseconds: number,
  signal: AbortSignal | undefined,
  what: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new RootweaverError('aborted', `The ${what} was cancelled by its AbortSignal.`));
      },
      { once: true },
    );
  });
}

/** The fakes' token count: white-space separated words. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}
