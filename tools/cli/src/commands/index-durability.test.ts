import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireIndexLock } from '@rootweaver/offline';
import { EmbeddedStore } from '@rootweaver/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexFileNames } from '../index-integrity.js';
import { buildCli, buildCliTimeoutMs, builtCliPath } from '../test/built-cli.js';

// Issue 16 part 5: `index build` and `index update` killed with SIGKILL at five points, damaged
// index files, two builds into one --out. Each ends in the index an uninterrupted build makes, or a
// clear one-line error naming the fix; `ask` and `serve` never load a half-built or damaged index.
const built = builtCliPath;
// Built from the sources before any test here runs (once per vitest run): never a stale dist/.
beforeAll(buildCli, buildCliTimeoutMs);
let workspace: string;
let corpus: string;
let changedCorpus: string;
let reference: string;
let updatedReference: string;

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function start(args: readonly string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [built, ...args], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<Run>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

function rootweaver(...args: string[]): Promise<Run> {
  return start(args).done;
}

function passages(count: number, edit: (index: number) => string | undefined): string {
  const lines: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const text = edit(index);
    if (text !== undefined)
      lines.push(JSON.stringify({ id: `p-${index}`, title: `Orlen Vast${index}`, text }));
  }
  return `${lines.join('\n')}\n`;
}

const original = (index: number): string =>
  `Orlen Vast${index} (born 3 March ${1800 + (index % 200)}) is a Corvish painter. He was born in Tallow${index}, Mirenland. He married Ilse Brand${index}.`;

/** Everything the index holds, comparable across directories: items, and the manifest's documents and counts. */
async function snapshot(
  directory: string,
): Promise<{ items: string[]; documents: unknown; counts: unknown }> {
  const store = await EmbeddedStore.open({ directory, readonly: true });
  try {
    const items = (await store.listItems()).map((item) => JSON.stringify(item)).sort();
    const manifest = JSON.parse(readFileSync(join(directory, indexFileNames.manifest), 'utf8'));
    return { items, documents: manifest.documents, counts: manifest.counts };
  } finally {
    await store.close();
  }
}

function lines(path: string): number {
  if (!existsSync(path)) return 0;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length;
}

/** Runs `args`, kills it with SIGKILL once `ready()` holds; true when the kill landed mid-run. */
async function killWhen(args: readonly string[], ready: () => boolean): Promise<boolean> {
  const { child, done } = start(args);
  let exited = false;
  void done.then(() => {
    exited = true;
  });
  while (!exited && !ready()) await new Promise((resolve) => setTimeout(resolve, 5));
  if (exited) return false;
  child.kill('SIGKILL');
  const run = await done;
  return run.signal === 'SIGKILL';
}

/** `ask` refuses the index with one line naming the fix, exit 1, no stack trace. */
async function expectRefused(directory: string, pattern: RegExp): Promise<void> {
  const run = await rootweaver('ask', 'Where was Orlen Vast7 born?', '--index', directory);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'rw-durability-'));
  corpus = join(workspace, 'corpus.jsonl');
  changedCorpus = join(workspace, 'corpus-changed.jsonl');
  const count = 1_600;
  await writeFile(corpus, passages(count, original));
  // The update: a tenth changed, a tenth removed, 100 new.
  await writeFile(
    changedCorpus,
    passages(count + 100, (index) =>
      index % 10 === 3
        ? undefined
        : index % 10 === 5
          ? `${original(index)} He died in Tallow${index + 1}.`
          : original(index),
    ),
  );
  reference = join(workspace, 'reference');
  updatedReference = join(workspace, 'reference-updated');
  expect((await rootweaver('index', 'build', '--corpus', corpus, '--out', reference)).code).toBe(0);
  await cp(reference, updatedReference, { recursive: true });
  expect(
    (await rootweaver('index', 'update', '--corpus', changedCorpus, '--out', updatedReference)).code,
  ).toBe(0);
}, 180_000);
afterAll(async () => {
  if (workspace !== undefined) await rm(workspace, { recursive: true, force: true });
});

describe('index durability under abuse', () => {
  it('kill -9 at five points of index build and index update: ask refuses, a rerun ends in the uninterrupted index', async () => {
    const buildDirectory = join(workspace, 'killed-build');
    const log = join(buildDirectory, indexFileNames.checkpoint);
    const build = ['index', 'build', '--corpus', corpus, '--out', buildDirectory];
    // 1: the store exists, nothing logged yet; 2: a third logged; 3: most logged.
    const points = [
      () => existsSync(join(buildDirectory, 'store.sqlite')),
      () => lines(log) >= 500,
      () => lines(log) >= 1_300,
    ];
    let landed = 0;
    for (const [index, point] of points.entries()) {
      if (await killWhen(build, point)) {
        landed += 1;
        if (index < 2) await expectRefused(buildDirectory, /half-built|never finished/);
      }
    }
    expect(landed).toBeGreaterThanOrEqual(2);
    // The stale lock of the killed build is taken over: the rerun finishes.
    expect((await rootweaver(...build)).code).toBe(0);
    expect(await snapshot(buildDirectory)).toEqual(await snapshot(reference));

    const updateDirectory = join(workspace, 'killed-update');
    await cp(reference, updateDirectory, { recursive: true });
    const updateLog = join(updateDirectory, indexFileNames.checkpoint);
    const update = ['index', 'update', '--corpus', changedCorpus, '--out', updateDirectory];
    let updateLanded = 0;
    for (const point of [() => lines(updateLog) >= 1, () => lines(updateLog) >= 200]) {
      if (await killWhen(update, point)) {
        updateLanded += 1;
        await expectRefused(updateDirectory, /half-built/);
      }
    }
    expect(updateLanded).toBeGreaterThanOrEqual(1);
    expect((await rootweaver(...update)).code).toBe(0);
    expect(await snapshot(updateDirectory)).toEqual(await snapshot(updatedReference));
  }, 240_000);

  it('two builds into one --out: one fails naming the holder pid and the lock, the index is the uninterrupted one', async () => {
    const directory = join(workspace, 'twice');
    const args = ['index', 'build', '--corpus', corpus, '--out', directory];
    const [first, second] = await Promise.all([rootweaver(...args), rootweaver(...args)]);
    const runs = [first, second];
    const failed = runs.filter((run) => run.code !== 0);
    // Both may succeed only when one finished before the other took the lock (the second is then a no-op).
    for (const run of failed) {
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Another build \(pid \d+ on .*\) is writing the index/);
      expect(run.stderr).toContain(join(directory, indexFileNames.lock));
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(runs.some((run) => run.code === 0)).toBe(true);
    expect(existsSync(join(directory, indexFileNames.lock))).toBe(false);
    expect(await snapshot(directory)).toEqual(await snapshot(reference));

    // Deterministically: while a live process (this one) holds the lock, a build fails naming it.
    const held = join(workspace, 'held');
    const release = await acquireIndexLock(held);
    const blocked = await rootweaver('index', 'build', '--corpus', corpus, '--out', held);
    release();
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`Another build (pid ${process.pid} on`);
    expect(blocked.stderr).toContain(`remove ${join(held, indexFileNames.lock)} and run again`);
    expect(existsSync(join(held, indexFileNames.manifest))).toBe(false);
  }, 120_000);

  it('a truncated or garbage-filled store and a damaged manifest: ask and serve exit 1 with one line, no stack trace', async () => {
    const damage: [string, (directory: string) => void, RegExp][] = [
      [
        'truncated store',
        (directory) => truncateSync(join(directory, 'store.sqlite'), 8_192),
        /cannot be read|not a rootweaver store|cannot be opened|malformed/,
      ],
      [
        'garbage store',
        (directory) => writeFileSync(join(directory, 'store.sqlite'), Buffer.alloc(65_536, 0x5a)),
        /not a rootweaver store|cannot be opened|cannot be read/,
      ],
      [
        'damaged manifest',
        (directory) => writeFileSync(join(directory, 'manifest.json'), '{"sch'),
        /is damaged/,
      ],
    ];
    for (const [name, harm, pattern] of damage) {
      const directory = join(workspace, `damaged-${name.replace(/ /g, '-')}`);
      await cp(reference, directory, { recursive: true });
      expect((await stat(join(directory, 'store.sqlite'))).size).toBeGreaterThan(8_192);
      harm(directory);
      await expectRefused(directory, pattern);
      if (name !== 'truncated store') continue;
      const served = await rootweaver('serve', '--index', directory, '--port', '0');
      expect(served.code).toBe(1);
      expect(served.stderr).toMatch(pattern);
      expect(served.stdout).not.toMatch(/serving on/);
      expect(served.stderr).not.toMatch(/\n\s+at /);
    }
  }, 120_000);

  it('an empty, binary, UTF-16 or all-bad corpus is an error, not a 0-passage index', async () => {
    const corpora: [string, Buffer][] = [
      ['empty.jsonl', Buffer.alloc(0)],
      ['binary.jsonl', Buffer.from(Array.from({ length: 4_096 }, (_, index) => (index * 37) % 256))],
      [
        'utf16.jsonl',
        Buffer.from(`\uFEFF${JSON.stringify({ id: 'a', title: 'T', text: 'Some text.' })}\n`, 'utf16le'),
      ],
      ['bad.jsonl', Buffer.from('{"id": 1}\n{"title": "x"}\nnot json\n')],
    ];
    for (const [name, bytes] of corpora) {
      const path = join(workspace, name);
      await writeFile(path, bytes);
      const out = join(workspace, `out-${name}`);
      const run = await rootweaver('index', 'build', '--corpus', path, '--out', out);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/has no readable passage/);
      expect(existsSync(join(out, indexFileNames.manifest))).toBe(false);
    }
  }, 120_000);
});
