import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryStore } from '@rootweaver/core/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readManifest } from '../index/manifest.js';
import { importKnowledgeBase, knowledgeBaseDocumentId } from './import-knowledge-base.js';

let directory: string;
let kb: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-kb-'));
  kb = join(directory, 'kb.jsonl');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const levin = {
  title: 'Pieter Lanholm',
  passage: 'Pieter Lanholm is an American director of film, television and theatre.',
  qa: [
    {
      question: 'Who is Pieter Lanholm?',
      answer: 'Pieter Lanholm is an American director of film, television and theatre.',
    },
    { question: 'What nationality is Pieter Lanholm?', answer: 'Pieter Lanholm is American.' },
    { question: 'What nationality is Pieter Lanholm?', answer: 'Pieter Lanholm is American.' },
  ],
};
const govan = {
  title: 'Corin Halloway',
  passage: 'Corin Halloway( born 1963) is the director of the Eastmere County Museum of Art since 2006.',
  qa: [
    { question: 'When was Corin Halloway born?', answer: 'Corin Halloway was born in 1963.' },
    { question: 'Where?' },
  ],
};

describe('importKnowledgeBase', () => {
  it('imports pairs as they are, reports bad lines and missing fields with file and line, and writes a manifest', async () => {
    await writeFile(
      kb,
      [
        JSON.stringify(levin),
        '{"title": "broken"',
        JSON.stringify({ title: 'No passage', qa: [] }),
        JSON.stringify(govan),
        JSON.stringify({ title: 'Kanwarlal', passage: 'Kanwarlal is a 1988 film.', qa: null }),
      ].join('\n'),
    );
    const store = new InMemoryStore();
    const summary = await importKnowledgeBase({ path: kb, store, directory: join(directory, 'index') });
    expect(summary).toMatchObject({ passages: 2, pairs: 3, rejected: { duplicate: 1 } });
    expect(summary.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [2, expect.stringMatching(/not JSON/)],
      [3, 'missing field passage'],
      [4, 'qa[1] is missing question or answer'],
      [5, 'qa is null, not a list of {question, answer}'],
    ]);
    expect(summary.problems.every((problem) => problem.file === kb)).toBe(true);
    const items = store.all();
    expect(items).toHaveLength(3);
    const born = items.find((item) => item.question === 'When was Corin Halloway born?');
    expect(born).toMatchObject({
      kind: 'qa',
      answer: 'Corin Halloway was born in 1963.',
      text: 'Corin Halloway: When was Corin Halloway born? Corin Halloway was born in 1963.',
      title: 'Corin Halloway',
      passage: govan.passage,
      documentId: knowledgeBaseDocumentId('Corin Halloway', govan.passage),
    });
    const manifest = await readManifest(join(directory, 'index'));
    expect(manifest).toMatchObject({ generator: 'import', counts: { passages: 2, pairs: 3, problems: 4 } });
  });

  it('re-importing is idempotent and deletes passages that left the knowledge base', async () => {
    await writeFile(kb, [JSON.stringify(levin), JSON.stringify(govan)].join('\n'));
    const store = new InMemoryStore();
    const index = join(directory, 'index');
    await importKnowledgeBase({ path: kb, store, directory: index });
    const first = store
      .all()
      .map((item) => item.id)
      .sort();
    await importKnowledgeBase({ path: kb, store, directory: index });
    expect(
      store
        .all()
        .map((item) => item.id)
        .sort(),
    ).toEqual(first);

    await writeFile(kb, JSON.stringify(levin));
    const summary = await importKnowledgeBase({ path: kb, store, directory: index });
    expect(summary.removed).toBe(1);
    expect(store.all().every((item) => item.title === 'Pieter Lanholm')).toBe(true);
  });
});
