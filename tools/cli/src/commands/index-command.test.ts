import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readManifest } from '@rootweaver/offline';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRecordingIo } from '../test-io.js';
import { indexCommand } from './index-command.js';

let directory: string;
const signal = new AbortController().signal;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-index-cli-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const corpusLines = [
  {
    id: 'p1',
    title: 'Inception',
    text: 'Inception is a 2010 American film directed by Christopher Nolan. It stars Leonardo DiCaprio.',
  },
  {
    id: 'p2',
    title: 'Christopher Nolan',
    text: 'Christopher Nolan (born 30 July 1970) is a British film director. He was born in London.',
  },
];

async function writeCorpus(lines: readonly (object | string)[]): Promise<string> {
  const file = join(directory, 'corpus.jsonl');
  await writeFile(
    file,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'),
  );
  return file;
}

describe('rootweaver index', () => {
  it('builds, reports bad lines with file and line, updates incrementally and prints stats', async () => {
    const corpus = await writeCorpus([...corpusLines, '{oops']);
    const io = createRecordingIo({ cwd: directory });
    expect(await indexCommand.run(['build', '--corpus', 'corpus.jsonl', '--out', 'idx'], io, signal)).toBe(0);
    expect(io.out()).toMatch(/passages 2, pairs \d+/);
    expect(io.out()).toMatch(/rules@4/);
    expect(io.err()).toContain(`${corpus}:3: not JSON`);
    const progress = io
      .err()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event: string; stage: string; done?: number });
    expect(progress.find((line) => line.stage === 'generate')).toMatchObject({ event: 'stage', done: 2 });
    expect(progress.at(-1)).toMatchObject({ event: 'stage', stage: 'close' });
    const manifest = await readManifest(join(directory, 'idx'));
    expect(manifest?.counts.passages).toBe(2);

    await writeCorpus([
      corpusLines[0] ?? {},
      {
        ...corpusLines[1],
        text: 'Christopher Nolan is a British film director. He was born in Westminster.',
      },
    ]);
    const update = createRecordingIo({ cwd: directory });
    expect(
      await indexCommand.run(
        ['update', '--corpus', 'corpus.jsonl', '--out', 'idx', '--json'],
        update,
        signal,
      ),
    ).toBe(0);
    expect(JSON.parse(update.out())).toMatchObject({ changed: 1, unchanged: 1, added: 0, passages: 2 });

    const stats = createRecordingIo({ cwd: directory });
    expect(await indexCommand.run(['stats', 'idx', '--json'], stats, signal)).toBe(0);
    const parsed = JSON.parse(stats.out()) as { counts: { pairs: number }; store: { items: number } };
    expect(parsed.store.items).toBe(parsed.counts.pairs);
    const text = createRecordingIo({ cwd: directory });
    await indexCommand.run(['stats', 'idx'], text, signal);
    expect(text.out()).toMatch(/generator rules@4; embedder none \(lexical\)/);
  });

  it('imports a knowledge base and reports records missing a field', async () => {
    const kb = join(directory, 'kb.jsonl');
    await writeFile(
      kb,
      [
        JSON.stringify({
          title: 'Pieter Lanholm',
          passage: 'Pieter Lanholm is an American director.',
          qa: [{ question: 'What nationality is Pieter Lanholm?', answer: 'American' }],
        }),
        JSON.stringify({ title: 'No qa', passage: 'Text.' }),
      ].join('\n'),
    );
    const io = createRecordingIo({ cwd: directory });
    expect(await indexCommand.run(['import', '--kb', kb, '--out', 'kb-index'], io, signal)).toBe(0);
    expect(io.out()).toMatch(/passages 1, pairs 1/);
    expect(io.err()).toContain(`${kb}:2: missing field qa`);
  });

  it('fails with one clear error for missing flags, missing inputs and an unconfigured LLM', async () => {
    const corpus = await writeCorpus(corpusLines);
    const io = createRecordingIo({ cwd: directory });
    await expect(indexCommand.run(['build', '--corpus', corpus], io, signal)).rejects.toThrow(
      /--out DIR is required/,
    );
    await expect(
      indexCommand.run(['build', '--corpus', 'nope.jsonl', '--out', 'x'], io, signal),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      indexCommand.run(['update', '--corpus', corpus, '--out', 'never-built'], io, signal),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(
      indexCommand.run(['build', '--corpus', corpus, '--out', 'x', '--generator', 'llm'], io, signal),
    ).rejects.toMatchObject({
      code: 'not-configured',
    });
    await expect(
      indexCommand.run(['build', '--corpus', corpus, '--out', 'x', '--generator', 'gpt'], io, signal),
    ).rejects.toThrow(/--generator must be one of llm, rules/);
    await expect(indexCommand.run(['stats', join(directory, 'none')], io, signal)).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(indexCommand.run(['frobnicate'], io, signal)).rejects.toThrow(/unknown subcommand/);
  });

  it('writes no selector.json and has no train-selector: the learned selector is gone (ADR-0007)', async () => {
    const corpus = await writeCorpus(corpusLines);
    const out = join(directory, 'small-index');
    const io = createRecordingIo({ cwd: directory });
    expect(await indexCommand.run(['build', '--corpus', corpus, '--out', out], io, signal)).toBe(0);
    expect(existsSync(join(out, 'selector.json'))).toBe(false);
    expect(io.out()).not.toMatch(/selector/);
    await expect(indexCommand.run(['train-selector', out], io, signal)).rejects.toThrow(/unknown subcommand/);
    await expect(
      indexCommand.run(['build', '--corpus', corpus, '--out', out, '--no-selector'], io, signal),
    ).rejects.toThrow(/no-selector/);
  });

  it('embeds with --embedder openai and records the embedder in the manifest', async () => {
    const server = new OpenAICompatibleTestServer({ embeddingDimension: 16 });
    const baseURL = await server.start();
    try {
      const corpus = await writeCorpus(corpusLines);
      const env = {
        OPENAI_BASE_URL: baseURL,
        OPENAI_API_KEY: 'test',
        ROOTWEAVER_EMBEDDING_MODEL: 'embed-small',
      };
      const io = createRecordingIo({ cwd: directory, env });
      const args = [
        'build',
        '--corpus',
        corpus,
        '--out',
        'dense',
        '--generator',
        'rules',
        '--embedder',
        'openai',
        '--json',
      ];
      expect(await indexCommand.run(args, io, signal)).toBe(0);
      const manifest = await readManifest(join(directory, 'dense'));
      expect(manifest?.embedder).toEqual({ modelId: 'embed-small', dimension: 16 });
      expect(server.embeddingRequests.length).toBeGreaterThan(0);
      const stats = createRecordingIo({ cwd: directory, env });
      expect(await indexCommand.run(['stats', 'dense', '--json'], stats, signal)).toBe(0);
      const parsed = JSON.parse(stats.out()) as {
        counts: { pairs: number };
        store: { vectors: number; dimension: number };
      };
      expect(parsed.store).toMatchObject({ vectors: parsed.counts.pairs, dimension: 16 });
      await expect(
        indexCommand.run(['build', '--corpus', corpus, '--out', 'x', '--embedder', 'word2vec'], io, signal),
      ).rejects.toThrow(/--embedder must be wordvectors, onnx:DIR or openai/);
    } finally {
      await server.close();
    }
  });

  it('embeds with --embedder wordvectors (no server) and records its model id in the manifest', async () => {
    const corpus = await writeCorpus(corpusLines);
    // The flag alone chooses: an ONNX folder in the environment is not read.
    const io = createRecordingIo({ cwd: directory, env: { ROOTWEAVER_EMBEDDER_MODEL_DIR: '/nowhere' } });
    const args = ['build', '--corpus', corpus, '--out', 'wordvectors', '--embedder', 'wordvectors', '--json'];
    expect(await indexCommand.run(args, io, signal)).toBe(0);
    const manifest = await readManifest(join(directory, 'wordvectors'));
    expect(manifest?.embedder?.modelId).toMatch(/^wordvectors-sif:/u);
    expect(manifest?.embedder?.dimension).toBe(100);
  });

  it('uses the LLM generator when an OpenAI-compatible server is configured', async () => {
    const server = new OpenAICompatibleTestServer();
    const baseURL = await server.start();
    try {
      server.onChat(
        'Inception',
        JSON.stringify({ pairs: [{ question: 'Who directed Inception?', answer: 'Christopher Nolan' }] }),
      );
      server.onChat(
        'Christopher Nolan',
        JSON.stringify({ pairs: [{ question: 'Where was Christopher Nolan born?', answer: 'London' }] }),
      );
      const corpus = await writeCorpus(corpusLines);
      const io = createRecordingIo({
        cwd: directory,
        env: { OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'test', ROOTWEAVER_LLM_MODEL: 'qa-model' },
      });
      expect(
        await indexCommand.run(['build', '--corpus', corpus, '--out', 'llm-index', '--json'], io, signal),
      ).toBe(0);
      expect(JSON.parse(io.out())).toMatchObject({ generator: 'llm:qa-model@1', pairs: 2, llmCalls: 2 });
      expect(server.chatRequests).toHaveLength(2);

      // A passage whose replies stay unreadable fails the run's exit code, not the build.
      await writeCorpus([
        ...corpusLines,
        { id: 'p3', title: 'Paris', text: 'Paris is the capital of France.' },
      ]);
      server.onChat('Paris', 'no JSON here');
      const again = createRecordingIo({ cwd: directory, env: io.env });
      expect(
        await indexCommand.run(['update', '--corpus', corpus, '--out', 'llm-index'], again, signal),
      ).toBe(1);
      expect(again.out()).toMatch(/1 passages failed; run 'rootweaver index update' again/);
      expect((await readManifest(join(directory, 'llm-index')))?.counts.passages).toBe(2);
    } finally {
      await server.close();
    }
  });
});
