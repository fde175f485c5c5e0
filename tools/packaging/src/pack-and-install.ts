import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packRelease } from '../../scripts/release-pack.mjs';

/**
 * An environment with nothing of the workspace in it: no NODE_PATH (pnpm's shims point it at the
 * workspace's store, which would hide a missing dependency), no npm_config_* of the pnpm run.
 */
export function cleanEnvironment(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TERM'];
  const env: Record<string, string> = {};
  for (const name of keep) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, NO_UPDATE_NOTIFIER: '1', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to completion; its output is returned, never printed. */
export function run(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: Record<string, string>; readonly timeoutMs?: number },
): Run {
  const result: SpawnSyncReturns<string> = spawnSync(command, [...args], {
    cwd: options.cwd,
    env: options.env ?? cleanEnvironment(),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Like `run`, but a non-zero exit is an error carrying the command's output. */
export function runOk(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: Record<string, string>; readonly timeoutMs?: number },
): Run {
  const result = run(command, args, options);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}\n--- stdout\n${result.stdout.slice(-4000)}\n--- stderr\n${result.stderr.slice(-4000)}`,
    );
  }
  return result;
}

/**
 * `pnpm release:pack`'s packing (tools/scripts/release-pack.mjs) into `destination`: every publishable
 * package, checked to hold no `workspace:` range; returns package name → tarball path.
 */
export function packAll(destination: string): Map<string, string> {
  const packed = packRelease(destination, { env: cleanEnvironment() });
  return new Map([...packed].map(([name, entry]) => [name, entry.tarball]));
}

/**
 * A project outside the workspace with the tarballs installed as the README says: one plain
 * `npm install TARBALL…` (from the npm cache when it can; the registry for what it lacks), nothing else
 * in its package.json. The optional peers are not installed.
 */
export function installTarballs(project: string, tarballs: ReadonlyMap<string, string>): Run {
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'rw-packaging-check', private: true, type: 'module' }, null, 2)}\n`,
  );
  return runOk(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs.values()],
    { cwd: project, timeoutMs: 15 * 60_000 },
  );
}

export interface RunningProcess {
  /** Resolves with the first match of `pattern` on stdout. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/** Starts a long-running command (e.g. `rootweaver serve`). */
export function start(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: Record<string, string> },
): RunningProcess {
  const child = spawn(command, [...args], { cwd: options.cwd, env: options.env ?? cleanEnvironment() });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    async waitFor(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(stdout);
        if (match !== null) return match;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`${command} ${args.join(' ')}: no ${pattern} on stdout\n${stdout}\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    output: () => ({ stdout, stderr }),
  };
}
