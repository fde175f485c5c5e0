import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exitQuietlyOnClosedPipe } from './closed-pipe.js';

const built = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const hasBuild = existsSync(built);
if (!hasBuild)
  console.log(`skipping the closed-pipe test of the binary: ${built} is not built (run pnpm build).`);

/**
 * `rootweaver ARGS | head -c N`: reads the first bytes of stdout, closes the pipe (as `head` exits) and
 * returns how the process ended.
 */
async function readThenClose(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | null; signal: string | null; head: string; stderr: string }> {
  const child = spawn(process.execPath, [built, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ROOTWEAVER_CACHE_DIR: cwd },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const head = await new Promise<string>((resolve) => {
    child.stdout.once('data', (chunk: Buffer) => {
      // The reader goes away after its first chunk, as `| head -1` does.
      child.stdout.destroy();
      resolve(chunk.toString('utf8'));
    });
  });
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  return { code, signal, head, stderr };
}

describe('exitQuietlyOnClosedPipe', () => {
  it('exits 0 on EPIPE on stdout, ignores EPIPE on stderr and rethrows any other error', () => {
    const listeners: Record<'stdout' | 'stderr', ((error: NodeJS.ErrnoException) => void)[]> = {
      stdout: [],
      stderr: [],
    };
    const exits: number[] = [];
    exitQuietlyOnClosedPipe(
      { on: (_event, listener) => listeners.stdout.push(listener) },
      { on: (_event, listener) => listeners.stderr.push(listener) },
      (code) => exits.push(code),
    );
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    listeners.stderr[0]?.(epipe);
    expect(exits).toEqual([]);
    listeners.stdout[0]?.(epipe);
    expect(exits).toEqual([0]);
    const other = Object.assign(new Error('write EIO'), { code: 'EIO' });
    expect(() => listeners.stdout[0]?.(other)).toThrow('write EIO');
    expect(() => listeners.stderr[0]?.(other)).toThrow('write EIO');
  });
});

describe.skipIf(!hasBuild)('the built binary when the reader of its stdout goes away', () => {
  it('rootweaver demo | head: exit 0, no stack trace, no EPIPE', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'rw-epipe-'));
    const result = await readThenClose(['demo'], cwd);
    expect(result.head.length).toBeGreaterThan(0);
    expect(result.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(result).toMatchObject({ code: 0, signal: null });
  }, 120_000);

  it('rootweaver --help | head: exit 0, nothing on stderr', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'rw-epipe-'));
    const result = await readThenClose(['--help'], cwd);
    expect(result.head).toContain('rootweaver');
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });
});
