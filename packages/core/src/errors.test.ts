import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { isRootweaverError, RootweaverError, type RootweaverErrorCode } from './errors.js';

/** A second module instance of errors.ts: what an application gets with two installed copies of core. */
async function secondCopy(): Promise<typeof import('./errors.js')> {
  vi.resetModules();
  return import('./errors.js');
}

describe('RootweaverError across two copies of @rootweaver/core', () => {
  it('the second copy is another class, so a bare prototype check would miss its errors', async () => {
    const other = await secondCopy();
    expect(other.RootweaverError).not.toBe(RootweaverError);
    const foreign = new other.RootweaverError('store-unavailable', 'The store is down.');
    expect(Object.getPrototypeOf(foreign)).not.toBe(RootweaverError.prototype);
  });

  it('recognises an error of the other copy by its marker: isInstance, isRootweaverError and instanceof', async () => {
    const other = await secondCopy();
    const foreign = new other.RootweaverError('llm-timeout', 'The LLM did not answer in 30 s.');
    expect(RootweaverError.isInstance(foreign)).toBe(true);
    expect(isRootweaverError(foreign)).toBe(true);
    expect(isRootweaverError(foreign, 'llm-timeout')).toBe(true);
    expect(isRootweaverError(foreign, 'aborted')).toBe(false);
    expect(foreign instanceof RootweaverError).toBe(true);
    // and the other way round
    const local = new RootweaverError('aborted', 'Cancelled.');
    expect(other.RootweaverError.isInstance(local)).toBe(true);
    expect(other.isRootweaverError(local, 'aborted')).toBe(true);
  });

  it('does not take look-alikes: a plain Error with a code, a marker that is not true, non-objects', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'RootweaverError', code: 'aborted' });
    expect(RootweaverError.isInstance(lookAlike)).toBe(false);
    expect(lookAlike instanceof RootweaverError).toBe(false);
    expect(RootweaverError.isInstance({ [Symbol.for('rootweaver.error')]: 'yes' })).toBe(false);
    for (const value of [undefined, null, 'RootweaverError', 42]) {
      expect(RootweaverError.isInstance(value)).toBe(false);
      expect(isRootweaverError(value)).toBe(false);
    }
  });

  it('a subclass still checks its own prototype chain', () => {
    class NarrowError extends RootweaverError {}
    expect(new NarrowError('not-found', 'x') instanceof NarrowError).toBe(true);
    expect(new RootweaverError('not-found', 'x') instanceof NarrowError).toBe(false);
    expect(new NarrowError('not-found', 'x') instanceof RootweaverError).toBe(true);
  });
});

describe('the closed code union', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const sources = (directory: string): string[] =>
    readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory())
        return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
      return /\.ts$/.test(entry.name) && !/\.(test|bench)\.ts$/.test(entry.name) ? [full] : [];
    });

  it('every code is thrown somewhere: none is only declared (errors.ts) and mapped (error-status.ts)', () => {
    const declaration = readFileSync(path.join(root, 'packages/core/src/errors.ts'), 'utf8');
    const union = /export type RootweaverErrorCode =([^;]+);/.exec(declaration)?.[1] ?? '';
    const codes = [...union.matchAll(/'([a-z-]+)'/g)].map((match) => match[1] as RootweaverErrorCode);
    expect(codes.length).toBeGreaterThan(10);
    const text = ['packages', 'tools']
      .flatMap((group) =>
        readdirSync(path.join(root, group)).map((name) => path.join(root, group, name, 'src')),
      )
      .filter((directory) => {
        try {
          return readdirSync(directory).length > 0;
        } catch {
          return false;
        }
      })
      .flatMap(sources)
      .filter((file) => !file.endsWith('core/src/errors.ts') && !file.endsWith('http/error-status.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const neverUsed = codes.filter((code) => !text.includes(`'${code}'`));
    expect(neverUsed).toEqual([]);
  });
});
