import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCorpus } from './read-corpus.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-corpus-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('readCorpus on JSONL', () => {
  it('reads good records and reports bad lines, missing fields, empty passages and repeated ids with file and line', async () => {
    const file = join(directory, 'corpus.jsonl');
    await writeFile(
      file,
      [
        JSON.stringify({ id: 'a', title: 'Alpha', text: 'Alpha is a river.' }),
        '{not json',
        JSON.stringify({ id: 'b', text: 'No title here.' }),
        '',
        JSON.stringify({ id: 'c', title: 'Gamma', text: '   ' }),
        JSON.stringify({ id: 'a', title: 'Alpha again', text: 'Duplicate.' }),
        JSON.stringify({ id: 7, title: 'Seven', text: 'Seven is a number.' }),
      ].join('\n'),
    );
    const { passages, problems } = await readCorpus({ path: file });
    expect(passages.map((passage) => passage.id)).toEqual(['a', '7']);
    expect(passages[0]).toMatchObject({
      title: 'Alpha',
      text: 'Alpha is a river.',
      source: { file, line: 1 },
    });
    expect(problems.map((problem) => [problem.file, problem.line])).toEqual([
      [file, 2],
      [file, 3],
      [file, 5],
      [file, 6],
    ]);
    expect(problems[0]?.message).toMatch(/not JSON/);
    expect(problems[1]?.message).toBe('missing field title');
    expect(problems[2]?.message).toMatch(/empty passage/);
    expect(problems[3]?.message).toMatch(/duplicate id a/);
  });

  it('fails with not-found for a missing path', async () => {
    await expect(readCorpus({ path: join(directory, 'nope.jsonl') })).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('readCorpus on a folder', () => {
  it('splits Markdown by heading and paragraph with stable ids, reads .txt, reports empty files', async () => {
    await mkdir(join(directory, 'people'));
    const markdown = [
      '# Christopher Nolan',
      '',
      'Christopher Nolan is a British-American film director.',
      'He was born in London.',
      '',
      '## Career',
      '',
      'He directed Inception in 2010.',
      '',
      'He directed Oppenheimer in 2023.',
    ].join('\n');
    await writeFile(join(directory, 'people', 'nolan.md'), markdown);
    await writeFile(
      join(directory, 'london.txt'),
      'London is the capital of England.\n\nIt lies on the Thames.\n',
    );
    await writeFile(join(directory, 'empty.md'), '\n\n# Only a heading\n');
    await writeFile(join(directory, 'ignored.json'), '{}');
    const { passages, problems } = await readCorpus({ path: directory });
    expect(passages.map((passage) => passage.id)).toEqual([
      'london.txt#/1',
      'london.txt#/2',
      'people/nolan.md#christopher-nolan/1',
      'people/nolan.md#career/1',
      'people/nolan.md#career/2',
    ]);
    const nolan = passages.filter((passage) => passage.id.startsWith('people/'));
    expect(nolan.every((passage) => passage.title === 'Christopher Nolan')).toBe(true);
    expect(nolan[0]?.text).toBe(
      'Christopher Nolan is a British-American film director. He was born in London.',
    );
    expect(nolan[1]).toMatchObject({ section: 'Career', source: { line: 8 } });
    expect(passages[0]?.title).toBe('london');
    expect(problems).toEqual([
      { file: join(directory, 'empty.md'), line: 1, message: 'empty document: no paragraph of text' },
    ]);

    // Editing one paragraph leaves every other id as it was.
    await writeFile(join(directory, 'people', 'nolan.md'), markdown.replace('Oppenheimer', 'Tenet'));
    const again = await readCorpus({ path: directory });
    expect(again.passages.map((passage) => passage.id)).toEqual(passages.map((passage) => passage.id));
  });
});
