import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatModel } from '@rootweaver/core';
import { MultiHopRAG } from '@rootweaver/innovations';
import { buildIndex, RuleBasedGenerator } from '@rootweaver/offline';
import { EmbeddedStore } from '@rootweaver/providers';

/** The project's sample corpus (invented films, people and places). */
export const sampleCorpus = new URL('../../../examples/sample-corpus', import.meta.url).pathname;

/**
 * The real engine on the sample corpus (for the framework adapters' tests): built by the rule-based generator into an embedded store (SQLite
 * on disk, in a temporary folder), lexical retrieval, the heuristic extractor.
 */
export async function openSampleEngine(options: { chatModel?: ChatModel } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'rw-sample-engine-'));
  const store = await EmbeddedStore.open({ directory });
  await buildIndex({
    corpus: sampleCorpus,
    generator: new RuleBasedGenerator(),
    store,
  });
  const rag = new MultiHopRAG({
    store,
    ...(options.chatModel === undefined ? {} : { chatModel: options.chatModel }),
    config: { retrievalMode: 'lexical' },
  });
  return {
    rag,
    store,
    close: async () => {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
