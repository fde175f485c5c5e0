import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';

/** The lock file a build, update or import holds in its index directory while it writes. */
export const indexLockFileName = 'build.lock';

interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
}

/** True when a process with this pid runs on this machine (signal 0 probes without signalling). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '') };
  } catch {
    return undefined;
  }
}

/**
 * Takes the index directory's write lock: `build.lock`, created exclusively, holding this process's
 * pid, host and start time. A lock whose holder no longer runs on this host (a build killed with
 * `kill -9`) is taken over; a live holder is an `index-build-failed` error naming its pid and the fix.
 * A lock this process already holds is granted again with a release that leaves it to the first
 * holder. Returns the release function (idempotent).
 */
export async function acquireIndexLock(directory: string): Promise<() => void> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, indexLockFileName);
  const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let descriptor: number;
    try {
      descriptor = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(path);
      // Re-entrant within a process: the CLI takes the lock before it opens the store, then the build
      // takes it again. The outer holder releases it.
      if (current !== undefined && current.pid === process.pid && current.host === holder.host)
        return () => {};
      const alive =
        current !== undefined &&
        current.host === holder.host &&
        current.pid !== process.pid &&
        isRunning(current.pid);
      const elsewhere = current !== undefined && current.host !== holder.host;
      if (alive || elsewhere) {
        throw new RootweaverError(
          'index-build-failed',
          `Another build (pid ${current?.pid} on ${current?.host}, started ${current?.startedAt}) is writing the index in ${directory}. Wait for it to finish; if that process is gone, remove ${path} and run again.`,
          { details: { lock: path, pid: current?.pid, host: current?.host } },
        );
      }
      // The holder is gone (killed), or the lock is unreadable: take it over.
      rmSync(path, { force: true });
      continue;
    }
    try {
      writeSync(descriptor, `${JSON.stringify(holder)}\n`);
    } finally {
      closeSync(descriptor);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
    };
  }
  throw new RootweaverError(
    'index-build-failed',
    `Cannot take the lock ${path}: another process keeps creating it. Stop the other builds into ${directory} and run again.`,
  );
}
