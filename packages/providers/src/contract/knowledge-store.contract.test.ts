import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryStore } from '@rootweaver/innovations/test';
import { afterAll } from 'vitest';
import { EmbeddedStore } from '../store/embedded-store.js';
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
