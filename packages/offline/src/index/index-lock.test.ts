import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireIndexLock, indexLockFileName } from './index-lock.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-index-lock-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const lockPath = () => join(directory, indexLockFileName);
const holderOf = () => JSON.parse(readFileSync(lockPath(), 'utf8')) as { pid: number; host: string };
const writeHolder = (pid: number, host = hostname()) =>
  writeFileSync(lockPath(), `${JSON.stringify({ pid, host, startedAt: '2026-01-01T00:00:00.000Z' })}\n`);

describe('acquireIndexLock', () => {
  it('holds build.lock with this pid until released', async () => {
    const release = await acquireIndexLock(directory);
    expect(holderOf()).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(lockPath())).toBe(false);
    release();
  });

  it('is re-entrant within a process: the inner release leaves the lock to the outer holder', async () => {
    const outer = await acquireIndexLock(directory);
    const inner = await acquireIndexLock(directory);
    inner();
    expect(holderOf().pid).toBe(process.pid);
    outer();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('takes over the lock of a process that no longer runs', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeHolder(gone);
    const release = await acquireIndexLock(directory);
    expect(holderOf().pid).toBe(process.pid);
    release();
  });

  it('refuses a lock a live process holds, or one from another host, naming the holder and the fix', async () => {
    writeHolder(process.ppid);
    await expect(acquireIndexLock(directory)).rejects.toMatchObject({
      code: 'index-build-failed',
      message: expect.stringContaining(`Another build (pid ${process.ppid} on ${hostname()}`),
    });
    writeHolder(process.pid, 'some-other-host');
    await expect(acquireIndexLock(directory)).rejects.toThrow(/on some-other-host.*remove .*build\.lock/);
  });
});
