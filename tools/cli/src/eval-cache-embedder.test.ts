import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from './index-source.js';

let scratch: string;
let kb: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'rw-eval-cache-embedder-'));
  kb = join(scratch, 'kb.jsonl');
  const entry = {
    title: 'Harbour Lights',
    passage: 'Harbour Lights is a film directed by Ada Brann.',
    qa: [{ question: 'Who directed Harbour Lights?', answer: 'Ada Brann' }],
  };
  await writeFile(kb, `${JSON.stringify(entry)}\n`);
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function open(env: Readonly<Record<string, string | undefined>>) {
  const opened = await openIndex({
    source: { kind: 'kb', path: kb },
    cacheDirectory: scratch,
    env,
    rebuild: false,
    extractor: 'heuristic',
  });
  const stats = await opened.providers.store.stats();
  await opened.providers.close();
  return { directory: opened.directory, description: opened.description, vectors: stats.vectors };
}

describe('cached --kb / --corpus indexes and the embedder', () => {
  it('keeps one cached index per embedder, side by side, each reused', async () => {
    const lexical = await open({});
    const dense = await open({ ROOTWEAVER_EMBEDDER: 'wordvectors' });
    expect(dense.directory).not.toBe(lexical.directory);
    expect(lexical.vectors).toBe(0);
    expect(dense.vectors).toBeGreaterThan(0);
    const lexicalAgain = await open({});
    expect(lexicalAgain.directory).toBe(lexical.directory);
    expect(lexicalAgain.description).toContain('(cached)');
    expect((await open({ ROOTWEAVER_EMBEDDER: 'wordvectors' })).description).toContain('(cached)');
  }, 60_000);
});
