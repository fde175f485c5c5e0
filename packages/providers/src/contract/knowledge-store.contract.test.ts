import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryStore } from '@rootweaver/core/test';
import { afterAll, describe, it } from 'vitest';
import { EmbeddedStore } from '../store/embedded-store.js';
import { QdrantStore } from '../store/qdrant-store.js';
import { describeKnowledgeStoreContract } from './knowledge-store.contract.js';

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

const qdrantUrl = process.env.QDRANT_URL;
if (qdrantUrl === undefined || qdrantUrl.trim() === '') {
  console.log(
    'QdrantStore contract skipped: set QDRANT_URL (e.g. http://127.0.0.1:6333) to run it against a server.',
  );
  describe.skip('KnowledgeStore contract: QdrantStore (set QDRANT_URL to run)', () => {
    it('needs a Qdrant server', () => {});
  });
} else {
  const run = `${process.pid}-${Date.now()}`;
  describeKnowledgeStoreContract('QdrantStore', async ({ embedder }) => {
    counter += 1;
    const store = new QdrantStore({
      url: qdrantUrl,
      collection: `rootweaver-contract-${run}-${counter}`,
      ...(embedder === undefined ? {} : { embedder }),
    });
    // The contract closes every store it opens; drop the collection then.
    store.close = async () => {
      await store.drop();
    };
    return store;
  });
}
