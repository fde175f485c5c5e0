import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnowledgeItem } from '@rootweaver/core';
import { MultiHopRAG } from '@rootweaver/innovations';
import { EmbeddedStore } from '@rootweaver/providers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCorpus } from '../corpus/read-corpus.js';
import { RuleBasedGenerator } from '../generation/rule-based-generator.js';
import { buildIndex, updateIndex } from './build-index.js';

// What a new user does in their first hour: point `index build` at a docs folder, then ask.
const server = `---
title: Tidewater
product: tidewater
version: 3
---

# Tidewater

[![CI](https://ci.example.org/tidewater.svg)](https://ci.example.org/tidewater)

Tidewater is a message queue written in Go. It was started in 2019 by the Estuary Labs team. Read the [quick start](https://docs.example.org/quick-start) before you deploy it.

<!-- Internal: the staging cluster password is kelp-7781. -->

## Installation

\`\`\`bash
# Install the server
go install example.org/tidewater@latest
\`\`\`

## Configuration

| Setting | Default | Meaning |
| ------- | ------- | ------- |
| \`queue_limit\` | 5000 | Messages kept per queue. |
| \`listen_port\` | 4222 | The TCP port clients connect to. |

## Design

${Array.from(
  { length: 24 },
  (_, index) =>
    `Tidewater stores segment ${index + 1} on disk before it acknowledges the write, so a crash loses nothing of segment ${index + 1}.`,
).join(' ')}
`;

const client = `---
title: Tidewater Client
product: tidewater-client
version: 1
---

# Tidewater Client

The Tidewater Client is a library for Node.js. It was written by Ines Varga.
`;

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-first-hour-'));
  await mkdir(join(directory, 'docs', 'server'), { recursive: true });
  await mkdir(join(directory, 'docs', 'client'), { recursive: true });
  await writeFile(join(directory, 'docs', 'server', 'README.md'), server);
  await writeFile(join(directory, 'docs', 'client', 'README.md'), client);
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('the first hour with a docs folder', () => {
  it('indexes what a reader reads: no comment, no syntax in questions, code kept whole, table rows answerable, metadata filterable', async () => {
    const corpus = join(directory, 'docs');
    const { passages } = await readCorpus({ path: corpus });
    const texts = passages.map((passage) => passage.text).join('\n');
    expect(texts).not.toContain('kelp-7781');
    expect(texts).not.toContain('staging cluster');
    expect(passages.find((passage) => passage.kind === 'code')?.text).toBe(
      '# Install the server\ngo install example.org/tidewater@latest',
    );
    // The long Design paragraph is cut, each piece under its section.
    const design = passages.filter((passage) => passage.sectionPath?.includes('Design'));
    expect(design.length).toBeGreaterThan(1);
    expect(design.every((passage) => passage.text.length <= 1200)).toBe(true);

    const indexDirectory = join(directory, 'index');
    const store = await EmbeddedStore.open({ directory: indexDirectory });
    try {
      const summary = await buildIndex({
        corpus,
        store,
        generator: new RuleBasedGenerator(),
        checkpointDirectory: indexDirectory,
      });
      expect(summary.problems).toEqual([]);
      const items = await store.listItems();
      const pairs = items.filter((item) => item.kind === 'qa');
      const everything = items.map((item) => `${item.text}\n${item.passage}`).join('\n');
      expect(everything).not.toContain('kelp-7781');
      for (const pair of pairs) {
        // No Markdown, HTML, link or code syntax in any question.
        expect(pair.question).not.toMatch(/\]\(|!\[|<!--|<\/?\w+>|`|\|\s|^#|\{\{|```/);
        expect(pair.question).not.toContain('go install');
      }
      // The code block is one passage item, not questions.
      const code = items.filter((item) => item.kind === 'passage');
      expect(code).toHaveLength(1);
      expect(code[0]?.metadata).toMatchObject({ code_language: 'bash', source: 'server/README.md' });
      expect(pairs.some((pair) => pair.question?.includes('go install'))).toBe(false);
      // Every pair carries its document's front matter, source and section.
      const port = pairs.find((pair) => pair.answer === '4222') as KnowledgeItem;
      expect(port.question).toBe('What is the default of listen_port?');
      expect(port.metadata).toMatchObject({
        product: 'tidewater',
        version: 3,
        source: 'server/README.md',
        section: 'Configuration',
        rule: 'table-row',
      });
      expect(pairs.every((pair) => typeof pair.metadata?.source === 'string')).toBe(true);

      const rag = new MultiHopRAG({ store });
      // The row's pair is what the question retrieves first (which span the extractor then picks from
      // the evidence is the extractor's business, measured by the golden set's answer-contains).
      const answer = await rag.askSinglePass('What is the default listen_port of Tidewater?');
      expect(answer.pool[0]?.answer).toBe('4222');
      expect(answer.pool[0]?.metadata?.section).toBe('Configuration');
      const filtered = await rag.ask('Who wrote the Tidewater Client?', {
        filter: { metadata: { product: { in: ['tidewater-client'] } } },
      });
      expect(filtered.pool.length).toBeGreaterThan(0);
      expect(filtered.pool.every((item) => item.metadata?.product === 'tidewater-client')).toBe(true);
      expect(filtered.answer).toContain('Ines Varga');
      const folder = await rag.ask('Who wrote the Tidewater Client?', { filter: { sourcePrefix: 'server' } });
      expect(folder.pool.every((item) => item.metadata?.source === 'server/README.md')).toBe(true);
      await expect(rag.ask('Who wrote it?', { filter: { metadata: { produt: 'x' } } })).rejects.toThrow(
        /Unknown filter key `produt`.*did you mean `product`\?/,
      );

      // A front matter edit replaces that document's pairs (and only its), on `index update`.
      await writeFile(join(corpus, 'client', 'README.md'), client.replace('version: 1', 'version: 2'));
      const updated = await updateIndex({
        corpus,
        store,
        generator: new RuleBasedGenerator(),
        checkpointDirectory: indexDirectory,
      });
      expect(updated.changed).toBe(1);
      expect(updated.unchanged).toBe(summary.passages - 1);
      const after = await store.listItems({ kind: 'qa' });
      const clientPairs = after.filter((item) => item.metadata?.product === 'tidewater-client');
      expect(clientPairs.length).toBeGreaterThan(0);
      expect(clientPairs.every((item) => item.metadata?.version === 2)).toBe(true);
      expect(after).toHaveLength(pairs.length);
    } finally {
      await store.close();
    }
  });
});
