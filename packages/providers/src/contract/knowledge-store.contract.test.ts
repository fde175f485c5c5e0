import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryStore } from '@rootweaver/core/test';
import { afterAll, beforeAll, expect } from 'vitest';
import { EmbeddedStore } from '../store/embedded-store.js';
import { QdrantStore } from '../store/qdrant-store.js';
import {
  describeKnowledgeStoreContract,
  type KnowledgeStoreFactoryOptions,
} from './knowledge-store.contract.js';
import { QdrantStandIn } from './qdrant/qdrant-stand-in.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-store-contract-'));
let counter = 0;

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describeKnowledgeStoreContract(
  'InMemoryStore',
  async ({ embedder }) => new InMemoryStore(embedder === undefined ? {} : { embedder }),
);

describeKnowledgeStoreContract('EmbeddedStore', async ({ embedder }) => {
  counter += 1;
  return EmbeddedStore.open({
    directory: join(root, `store-${counter}`),
    ...(embedder === undefined ? {} : { embedder }),
  });
});

// QdrantStore against the local stand-in of Qdrant's REST API (every request and response validated
// against Qdrant's OpenAPI schema; qdrant/qdrant-stand-in.ts says what it cannot prove), always.
const standIn = new QdrantStandIn();
beforeAll(() => standIn.start());
afterAll(async () => {
  await standIn.close();
  expect(standIn.violations).toEqual([]);
});
const qdrantStore =
  (url: string, run: string) =>
  async ({ embedder }: KnowledgeStoreFactoryOptions) => {
    counter += 1;
    const store = new QdrantStore({
      url,
      collection: `rootweaver-contract-${run}-${counter}`,
      ...(embedder === undefined ? {} : { embedder }),
    });
    // The contract closes every store it opens; drop the collection then.
    store.close = async () => {
      await store.drop();
    };
    return store;
  };
describeKnowledgeStoreContract('QdrantStore (stand-in)', async (options) =>
  qdrantStore(standIn.url, `${process.pid}`)(options),
);

// And against a real Qdrant server where QDRANT_URL names one.
const qdrantUrl = process.env.QDRANT_URL;
if (qdrantUrl === undefined || qdrantUrl.trim() === '')
  console.log(
    'QdrantStore against a live server: set QDRANT_URL (e.g. http://127.0.0.1:6333) to run it too.',
  );
else
  describeKnowledgeStoreContract(
    'QdrantStore (live)',
    qdrantStore(qdrantUrl, `${process.pid}-${Date.now()}`),
  );
