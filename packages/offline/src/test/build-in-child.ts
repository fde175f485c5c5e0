import { join } from 'node:path';
import type { KnowledgeStore } from '@rootweaver/core';
import { EmbeddedStore } from '@rootweaver/providers';
import type { QaGenerator } from '../generation/qa-generator.js';
import { RuleBasedGenerator } from '../generation/rule-based-generator.js';
import { buildIndex } from '../index/build-index.js';
import { JsonlFileStore } from './jsonl-file-store.js';

/**
 * What the `kill -9` test runs in a child process: a rule-based build, slowed down per passage so
 * the parent can kill it midway, into a store that survives the kill (`JsonlFileStore`, or the
 * real `EmbeddedStore`).
 */
export async function runSlowBuild(options: {
  corpus: string;
  directory: string;
  delayMs: number;
  store?: 'jsonl' | 'embedded';
}): Promise<void> {
  const rules = new RuleBasedGenerator();
  const slow: QaGenerator = {
    id: rules.id,
    annotationMode: rules.annotationMode,
    generate: async (generateOptions) => {
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return rules.generate(generateOptions);
    },
  };
  const store: KnowledgeStore =
    options.store === 'embedded'
      ? await EmbeddedStore.open({ directory: options.directory })
      : new JsonlFileStore(join(options.directory, 'store.jsonl'));
  await buildIndex({
    corpus: options.corpus,
    generator: slow,
    store,
    checkpointDirectory: options.directory,
    batchSize: 4,
    concurrency: 2,
  });
  await store.close();
}
