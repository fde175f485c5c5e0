import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortable, isAbort } from './abortable.js';
import { isRootweaverError } from './errors.js';

/** A promise settled from outside, standing for a port call in flight. */
function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
} {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((resolveWith, rejectWith) => {
    resolve = resolveWith;
    reject = rejectWith;
  });
  return { promise, resolve, reject };
}

const abortListeners = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;

describe('abortable', () => {
  it('holds one abort listener on a shared signal however many calls are in flight', async () => {
    const controller = new AbortController();
    const calls = Array.from({ length: 25 }, () => deferred<number>());
    const raced = calls.map((call) => abortable(call.promise, controller.signal));
    expect(abortListeners(controller.signal)).toBe(1);
    calls.forEach((call, index) => {
      call.resolve(index);
    });
    expect(await Promise.all(raced)).toEqual(calls.map((_call, index) => index));
    // Nothing in flight: nothing left on the signal.
    expect(abortListeners(controller.signal)).toBe(0);
  });

  it('rejects every call in flight with `aborted` the moment the signal fires', async () => {
    const controller = new AbortController();
    const calls = Array.from({ length: 12 }, () => deferred<string>());
    const raced = calls.map((call) => abortable(call.promise, controller.signal));
    controller.abort(new Error('user left'));
    const settled = await Promise.allSettled(raced);
    for (const outcome of settled) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(isRootweaverError(outcome.reason, 'aborted')).toBe(true);
    }
    expect(abortListeners(controller.signal)).toBe(0);
    // Work that settles after the abort changes nothing.
    calls[0]?.resolve('late');
    calls[1]?.reject(new Error('late failure'));
    expect(isAbort(new Error('x'), controller.signal)).toBe(true);
  });

  it('passes a port failure through and keeps the other calls racing', async () => {
    const controller = new AbortController();
    const failing = deferred<number>();
    const waiting = deferred<number>();
    const first = abortable(failing.promise, controller.signal);
    const second = abortable(waiting.promise, controller.signal);
    failing.reject(new Error('store down'));
    await expect(first).rejects.toThrow('store down');
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort();
    await expect(second).rejects.toSatisfy((error) => isRootweaverError(error, 'aborted'));
  });

  it('rejects at once on a signal that already fired, and returns the work itself with no signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(abortable(Promise.resolve(1), controller.signal)).rejects.toSatisfy((error) =>
      isRootweaverError(error, 'aborted'),
    );
    const work = Promise.resolve(2);
    expect(abortable(work, undefined)).toBe(work);
  });
});
