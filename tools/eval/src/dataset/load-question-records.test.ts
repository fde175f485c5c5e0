import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { loadQuestionRecords, locateSharedDatasets } from './load-question-records.js';

const fixture = new URL('../test-fixtures/questions.tiny.jsonl', import.meta.url).pathname;

describe('loadQuestionRecords', () => {
  it('reads records, plans, planRaw, reference and baselines, skipping blank lines', async () => {
    const records = await loadQuestionRecords({ file: fixture });
    expect(records.map((record) => record.id)).toEqual(['tiny-0001', 'tiny-0002', 'tiny-0003']);
    const [first, second, third] = records;
    expect(first?.dataset).toBe('tiny');
    expect(second?.plan).toEqual([
      { index: 0, question: 'Who directed The Glass Orchard?', refs: [] },
      { index: 1, question: 'Where did [director] study?', refs: [0] },
    ]);
    expect(third?.plan).toBeNull();
    expect(third?.planRaw).toEqual(['index', 'q', 'When was A made?', 'ref', 'None']);
    expect(first?.reference?.tokens.total).toBe(1350);
    expect(first?.reference?.tokens.decompose).toEqual({ input: 500, output: 100 });
    expect(third?.reference?.tokens.decompose).toBeUndefined();
    expect(first?.baselines.ircot?.tokens).toBeNull();
    expect(first?.baselines.selfask?.exactMatch).toBe(false);
  });

  it('honours --limit', async () => {
    expect(await loadQuestionRecords({ file: fixture, limit: 2 })).toHaveLength(2);
  });

  it('fails with not-found for a missing file and names the bad line of a malformed one', async () => {
    await expect(loadQuestionRecords({ file: '/nonexistent/q.jsonl' })).rejects.toSatisfy((error) =>
      isRootweaverError(error, 'not-found'),
    );
    const directory = await mkdtemp(join(tmpdir(), 'rw-eval-'));
    const bad = join(directory, 'bad.jsonl');
    await writeFile(bad, '{"id":"x-1","question":"q","answer":"a"}\n{"id": 3}\n');
    await expect(loadQuestionRecords({ file: bad })).rejects.toThrow(/Line 2/);
  });

  it('locates the shared datasets only when they exist', () => {
    expect(locateSharedDatasets('/nonexistent/checkout')).toBeUndefined();
  });
});
