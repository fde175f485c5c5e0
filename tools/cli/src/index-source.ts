import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { AnswerExtractor, ChatModel, KnowledgeStore, TokenCounter } from '@rootweaver/innovations';
import { RootweaverError } from '@rootweaver/innovations';
import { InMemoryStore } from '@rootweaver/innovations/test';
import { buildIndex, importKnowledgeBase, RuleBasedGenerator } from '@rootweaver/offline';
import { createTokenCounter } from '@rootweaver/providers';
import { CliUsageError } from './cli-usage-error.js';
import { combineHashes, hashDirectory, hashPath } from './content-hash.js';
import type { ParsedArguments } from './parse-arguments.js';

/** Where an evaluation or a question gets its index. */
export type IndexSource =
  | { readonly kind: 'index'; readonly path: string }
  | { readonly kind: 'kb'; readonly path: string }
  | { readonly kind: 'corpus'; readonly path: string };

/** Exactly one of --kb, --corpus, --index; anything else is a usage error. */
export function resolveIndexSource(
  command: string,
  values: ParsedArguments['values'],
  cwd: string,
): IndexSource {
  const given = (['kb', 'corpus', 'index'] as const).flatMap((kind) => {
    const value = values[kind];
    return typeof value === 'string' ? [{ kind, path: resolve(cwd, value) }] : [];
  });
  if (given.length !== 1) {
    throw new CliUsageError(`${command}: give exactly one of --kb FILE, --corpus FILE or --index DIR.`);
  }
  return given[0] as IndexSource;
}

export interface OpenIndexOptions {
  readonly source: IndexSource;
  readonly repoRoot: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly rebuild: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
}

/** What the commands need from an opened index (the shape of providers' `createProviderSet`). */
export interface OpenedProviders {
  readonly store: KnowledgeStore;
  readonly chatModel?: ChatModel;
  readonly extractor?: AnswerExtractor;
  readonly tokenCounter: TokenCounter;
  close(): Promise<void>;
}

export interface OpenedIndex {
  readonly providers: OpenedProviders;
  readonly directory: string;
  readonly description: string;
}

/**
 * INTERIM until providers' EmbeddedStore lands: builds a `--kb` / `--corpus` index in memory for
 * this run (BM25 lexical search), with no LLM.
 */
async function buildInMemory(
  options: OpenIndexOptions & { source: { kind: 'kb' | 'corpus'; path: string } },
): Promise<OpenedProviders> {
  const { source } = options;
  if (!existsSync(source.path)) {
    throw new RootweaverError(
      'not-found',
      `${source.kind === 'kb' ? 'Knowledge base' : 'Corpus'} ${source.path} does not exist; check the path.`,
    );
  }
  const store = new InMemoryStore();
  const started = performance.now();
  options.onProgress?.(
    `${source.kind === 'kb' ? 'importing' : 'building'} ${basename(source.path)} in memory …`,
  );
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  if (source.kind === 'kb') await importKnowledgeBase({ path: source.path, store, ...signal });
  else await buildIndex({ corpus: source.path, store, generator: new RuleBasedGenerator(), ...signal });
  const stats = await store.stats();
  options.onProgress?.(
    `index ready: ${stats.items} items from ${stats.documents} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { store, tokenCounter: createTokenCounter('llama3'), close: async () => store.close() };
}

/**
 * Opens the index a command asked for: an existing directory, or a `--kb` / `--corpus` index built
 * for the run. The providers come from the environment (LLM when OPENAI_BASE_URL / OPENAI_API_KEY are set).
 */
export async function openIndex(options: OpenIndexOptions): Promise<OpenedIndex> {
  const { source } = options;
  if (source.kind === 'index') {
    if (!existsSync(source.path)) {
      throw new RootweaverError(
        'not-found',
        `Index ${source.path} does not exist; build one with 'rootweaver index build --corpus DIR --out ${source.path}'.`,
      );
    }
    throw new RootweaverError(
      'not-configured',
      'Opening an index directory needs the embedded store, which is not wired yet; use --kb or --corpus.',
    );
  }
  const providers = await buildInMemory({ ...options, source });
  return {
    providers,
    directory: '',
    description: `${source.kind === 'kb' ? 'knowledge base' : 'rule-built index of'} ${source.path} (in memory)`,
  };
}
