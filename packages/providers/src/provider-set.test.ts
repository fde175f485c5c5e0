import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shippedReaderPath } from '@rootweaver/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderSet } from './provider-set.js';
import { OpenAICompatibleTestServer } from './test/openai-compatible-test-server.js';
import { writeTinyEncoder, writeTinySpanModel } from './test/tiny-onnx-models.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-provider-set-'));
const server = new OpenAICompatibleTestServer({ defaultChatReply: 'hello from the test server' });

beforeAll(async () => {
  await server.start();
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('createProviderSet', () => {
  it.runIf(existsSync(shippedReaderPath))(
    'answers with the trained span reader, over the shipped word vectors',
    async () => {
      const providers = await createProviderSet({
        indexDirectory: join(root, 'default'),
        create: true,
        env: {},
        extractor: 'trained',
      });
      expect(providers.extractor?.id).toMatch(/^trained-reader:/u);
      expect(providers.wordVectors?.count).toBe(200_000);
      expect(providers.describe()).toMatch(/extractor: trained-reader:/u);
      expect(providers.nameKinds?.id).toMatch(/^name-kind:/u);
      expect(providers.describe()).toMatch(/names weighed by name-kind:/u);
      await providers.close();
    },
  );

  it('works with no LLM and no model: the embedded store and a token counter', async () => {
    const providers = await createProviderSet({
      indexDirectory: join(root, 'plain'),
      create: true,
      env: {},
      extractor: 'heuristic',
    });
    expect(providers.chatModel).toBeUndefined();
    expect(providers.embedder).toBeUndefined();
    expect(providers.extractor).toBeUndefined();
    expect(providers.wordVectors).toBeUndefined();
    expect(providers.nameKinds).toBeUndefined();
    expect(providers.tokenCounter.family).toBe('o200k');
    await providers.store.upsert({
      items: [
        {
          id: 'a',
          documentId: 'd',
          kind: 'qa',
          text: 'Who wrote Dune? Frank Herbert',
          title: 'Dune',
          passage: 'p',
        },
      ],
    });
    expect((await providers.store.search({ query: 'Dune author', topK: 1 })).hits[0]?.id).toBe('a');
    expect(providers.describe()).toMatch(/llm: none/);
    await providers.close();
  });

  it('builds the LLM from OPENAI_BASE_URL without a key, and never describes a key', async () => {
    const providers = await createProviderSet({
      indexDirectory: join(root, 'llm'),
      create: true,
      env: { OPENAI_BASE_URL: server.url, ROOTWEAVER_LLM_MODEL: 'llama-3-8b-instruct' },
    });
    expect(providers.chatModel?.modelId).toBe('llama-3-8b-instruct');
    expect(providers.tokenCounter.family).toBe('llama3');
    const result = await providers.chatModel?.generate({ messages: [{ role: 'user', content: 'hi' }] });
    expect(result?.text).toBe('hello from the test server');
    expect(providers.describe()).toContain(server.url);
    await providers.close();
  });

  it('settings.llm wins over the environment and the key stays out of describe()', async () => {
    const providers = await createProviderSet({
      indexDirectory: join(root, 'settings'),
      create: true,
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
      llm: { baseURL: server.url, apiKey: 'sk-settings-secret-123456', model: 'gpt-4o' },
    });
    await providers.chatModel?.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(server.chatRequests.at(-1)?.headers.authorization).toBe('Bearer sk-settings-secret-123456');
    expect(providers.describe()).not.toContain('sk-settings-secret');
    await providers.close();
  });

  it('loads ONNX embedder and extractor folders and makes the store hybrid', async () => {
    const pieces = ['who', 'wrote', 'dune', 'frank', 'herbert', '?'];
    const embedderDirectory = join(root, 'models', 'encoder');
    const extractorDirectory = join(root, 'models', 'reader');
    writeTinyEncoder({ directory: embedderDirectory, pieces, dimension: 8 });
    writeTinySpanModel({
      directory: extractorDirectory,
      pieces,
      startScores: { frank: 5 },
      endScores: { herbert: 5 },
    });
    const providers = await createProviderSet({
      indexDirectory: join(root, 'onnx'),
      create: true,
      env: { ROOTWEAVER_EMBEDDER_MODEL_DIR: embedderDirectory },
      extractorModelDirectory: extractorDirectory,
    });
    expect(providers.embedder?.dimension).toBe(8);
    await providers.store.upsert({
      items: [
        {
          id: 'a',
          documentId: 'd',
          kind: 'qa',
          text: 'Who wrote Dune? Frank Herbert',
          title: 'Dune',
          passage: 'p',
        },
      ],
    });
    const search = await providers.store.search({ query: 'who wrote dune', topK: 1 });
    expect(search.mode).toBe('hybrid');
    const extraction = await providers.extractor?.extract({
      question: 'Who wrote Dune?',
      evidence: search.hits,
    });
    expect(extraction?.answer).toBe('Frank Herbert');
    await providers.close();
  });

  it('refuses a directory that is missing, a file, or holds no manifest, naming it and the build command', async () => {
    const missing = join(root, 'mistyped-index');
    const error = await createProviderSet({ indexDirectory: missing, env: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'not-found' });
    expect((error as Error).message).toContain(`No index at ${missing}: the directory does not exist`);
    expect((error as Error).message).toContain(`rootweaver index build --corpus DOCS --out ${missing}`);
    expect(existsSync(missing)).toBe(false);

    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    await expect(createProviderSet({ indexDirectory: file, env: {} })).rejects.toThrowError(
      /is a file, not an index/,
    );

    const empty = join(root, 'docs-folder');
    mkdirSync(empty);
    await expect(createProviderSet({ indexDirectory: empty, env: {} })).rejects.toThrowError(
      /holds no rootweaver index \(no manifest\.json/,
    );
    expect(readdirSync(empty)).toEqual([]);

    writeFileSync(join(empty, 'manifest.json'), '{}');
    const providers = await createProviderSet({ indexDirectory: empty, env: {} });
    expect((await providers.store.stats()).items).toBe(0);
    await providers.close();
  });

  it('ROOTWEAVER_EMBEDDER=wordvectors embeds with the shipped word vectors and makes the store hybrid', async () => {
    const providers = await createProviderSet({
      indexDirectory: join(root, 'wordvectors'),
      create: true,
      env: { ROOTWEAVER_EMBEDDER: 'wordvectors' },
      extractor: 'trained',
    });
    expect(providers.embedder?.dimension).toBe(providers.wordVectors?.dimension);
    expect(providers.embedder?.modelId).toMatch(/^wordvectors-sif:/u);
    expect(providers.describe()).toMatch(/embedder: wordvectors-sif:/u);
    await providers.store.upsert({
      items: [
        {
          id: 'a',
          documentId: 'd',
          kind: 'qa',
          text: 'Who wrote the novel? A sailor',
          title: 'N',
          passage: 'p',
        },
        {
          id: 'b',
          documentId: 'e',
          kind: 'qa',
          text: 'Where is the harbour? In the south',
          title: 'H',
          passage: 'p',
        },
      ],
    });
    const search = await providers.store.search({ query: 'the author of the book', topK: 2 });
    expect(search.mode).toBe('hybrid');
    expect(search.hits[0]?.id).toBe('a');
    await providers.close();
  });

  it('rejects an unknown ROOTWEAVER_EMBEDDER, listing the allowed values', async () => {
    await expect(
      createProviderSet({
        indexDirectory: join(root, 'bad-embedder'),
        create: true,
        env: { ROOTWEAVER_EMBEDDER: 'glove' },
      }),
    ).rejects.toThrowError(/ROOTWEAVER_EMBEDDER is 'glove'; use one of: wordvectors, none/u);
  });

  it('rejects an unknown tokenizer family', async () => {
    await expect(
      createProviderSet({
        indexDirectory: join(root, 'bad'),
        create: true,
        env: { ROOTWEAVER_TOKENIZER: 'gpt2' },
      }),
    ).rejects.toThrowError(/ROOTWEAVER_TOKENIZER/);
  });
});
