import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCommands } from './all-commands.js';
import { openIndex } from './index-source.js';
import { runCli } from './run-cli.js';
import { ensureSampleIndex } from './sample-index.js';
import { createRecordingIo } from './test-io.js';

const signal = new AbortController().signal;
let scratch: string;
let index: string;
let legacy: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'rw-index-source-'));
  index = (await ensureSampleIndex({ cacheDirectory: scratch, env: {} })).directory;
  // An index built by an older rootweaver: the same folder with the learned selector's file in it
  // (ADR-0007, removed), here truncated — the old reader refused to open such an index.
  legacy = join(scratch, 'legacy-index');
  await cp(index, legacy, { recursive: true });
  await writeFile(
    join(legacy, 'selector.json'),
    '{"format": "rootweaver-answer-selector", "formatVersion": 3,',
  );
}, 240_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function ask(directory: string): Promise<{ readonly code: number; readonly answer: unknown }> {
  const io = createRecordingIo({ env: {} });
  const code = await runCli(
    ['ask', 'Who directed The Glass Orchard?', '--index', directory, '--json'],
    io,
    allCommands,
    signal,
  );
  return { code, answer: code === 0 ? JSON.parse(io.out()).answer : io.err() };
}

describe('an index an older rootweaver left a selector.json in', () => {
  it('answers as the same index without it: the file is never read', async () => {
    const before = await ask(index);
    expect(before.code).toBe(0);
    expect(await ask(legacy)).toEqual(before);
  });

  it('says once, in the extractor line, that the file is ignored', async () => {
    for (const [directory, ignored] of [
      [index, false],
      [legacy, true],
    ] as const) {
      const opened = await openIndex({
        source: { kind: 'index', path: directory },
        cacheDirectory: scratch,
        env: {},
        rebuild: false,
      });
      try {
        expect(opened.extractorDescription.startsWith('extractor: heuristic')).toBe(true);
        expect(opened.extractorDescription.includes('selector.json')).toBe(ignored);
      } finally {
        await opened.providers.close();
      }
    }
  });
});
