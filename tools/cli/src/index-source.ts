import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { AnswerExtractor, ChatModel, KnowledgeStore, TokenCounter } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { createProviderSet, type ProviderSet } from '@rootweaver/providers';
import { CliUsageError } from './cli-usage-error.js';
import { combineHashes, hashDirectory, hashPath } from './content-hash.js';
import { assertIndexComplete, assertStoreReadable } from './index-integrity.js';
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

/**
 * Hash of the builder this CLI runs — the built `@rootweaver/offline`, `@rootweaver/innovations`'
 * extraction and `@rootweaver/language-en`, in a checkout or installed — so a changed generator or word
 * list invalidates cached indexes.
 */
async function builderHash(): Promise<string> {
  const resolveFromHere = createRequire(import.meta.url);
  const offline = dirname(resolveFromHere.resolve('@rootweaver/offline'));
  const innovationsEntry = resolveFromHere.resolve('@rootweaver/innovations');
  const innovations = dirname(innovationsEntry);
  // The English language pack (lexicon, stemmer, sentence splitter) is what both of them read text with.
  const language = dirname(createRequire(innovationsEntry).resolve('@rootweaver/language-en'));
  const code = (path: string) => path.endsWith('.js');
  return combineHashes(
    ...(await Promise.all(
      [offline, join(innovations, 'extraction'), language].map((directory) => hashDirectory(directory, code)),
    )),
  );
}

interface CacheStamp {
  readonly key: string;
  readonly source: string;
  readonly builtAt: string;
}

export interface CachedBuildOptions {
  readonly source: { readonly kind: 'kb' | 'corpus'; readonly path: string };
  readonly directory: string;
  /** Records what the directory was built from; written last, so a half-built index is never reused. */
  readonly stampFile: string;
  readonly rebuild: boolean;
  /** Read for the embedder (ROOTWEAVER_EMBEDDER_MODEL_DIR, or ROOTWEAVER_EMBEDDING_MODEL with an LLM server). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
}

export interface CachedBuild {
  readonly directory: string;
  readonly reused: boolean;
  readonly buildMs: number;
}

/**
 * Builds (rule-based generator, no LLM) or imports an index into `directory`, unless `stampFile`
 * records the same source content and the same builder sources; otherwise starts from scratch.
 */
export async function buildCachedIndex(options: CachedBuildOptions): Promise<CachedBuild> {
  const { source, directory } = options;
  if (!existsSync(source.path)) {
    throw new RootweaverError(
      'not-found',
      `${source.kind === 'kb' ? 'Knowledge base' : 'Corpus'} ${source.path} does not exist; check the path.`,
    );
  }
  const embedderSetting = embedderSettingOf(options.env);
  const key = combineHashes(source.kind, await hashPath(source.path), await builderHash(), embedderSetting);
  if (!options.rebuild && existsSync(options.stampFile) && existsSync(directory)) {
    try {
      const stamp = JSON.parse(await readFile(options.stampFile, 'utf8')) as CacheStamp;
      if (stamp.key === key) return { directory, reused: true, buildMs: 0 };
    } catch {
      // An unreadable stamp means a rebuild.
    }
  }
  await rm(options.stampFile, { force: true });
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const started = performance.now();
  const progress = (message: string) => options.onProgress?.(message);
  progress(
    `${source.kind === 'kb' ? 'importing' : 'building (rule-based)'} ${basename(source.path)} into ${directory} …`,
  );
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  // Loaded only when building: the offline package (with its NLP library) takes a second to load.
  const { buildIndex, importKnowledgeBase, RuleBasedGenerator } = await import('@rootweaver/offline');
  // The store embeds items itself when an embedder is configured; otherwise the index stays lexical.
  const providers = await createProviderSet({ indexDirectory: directory, env: options.env, create: true });
  const { store } = providers;
  try {
    if (source.kind === 'kb') {
      const summary = await importKnowledgeBase({ path: source.path, store, directory, ...signal });
      progress(`imported ${summary.pairs} pairs from ${summary.passages} passages`);
    } else {
      let lastReport = 0;
      const summary = await buildIndex({
        corpus: source.path,
        store,
        generator: new RuleBasedGenerator(),
        checkpointDirectory: directory,
        ...signal,
        onProgress: (step) => {
          if (step.elapsedMs - lastReport < 5000) return;
          lastReport = step.elapsedMs;
          progress(`  ${step.done}/${step.total} passages, ${step.pairs} pairs`);
        },
      });
      progress(`built ${summary.pairs} pairs from ${summary.passages} passages`);
    }
  } finally {
    await providers.close();
  }
  const buildMs = performance.now() - started;
  const stamp: CacheStamp = { key, source: source.path, builtAt: new Date().toISOString() };
  await writeFile(options.stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
  progress(`index ready in ${(buildMs / 1000).toFixed(1)} s`);
  return { directory, reused: false, buildMs };
}

/** What the commands need from an opened index (the shape of providers' `createProviderSet`). */
export interface OpenedProviders {
  readonly store: KnowledgeStore;
  readonly chatModel?: ChatModel;
  readonly extractor?: AnswerExtractor;
  readonly tokenCounter: TokenCounter;
  /** The word vectors the trained reader loaded (shared with the trained rewriter). */
  readonly wordVectors?: ProviderSet['wordVectors'];
  /** The name-kind model the engine's heuristic weighs names by (loaded with the trained reader). */
  readonly nameKinds?: NonNullable<ProviderSet['nameKinds']>;
  close(): Promise<void>;
}

export interface OpenIndexOptions {
  readonly source: IndexSource;
  /** Where `--kb` / `--corpus` indexes are built (`cacheDirectoryFor`). */
  readonly cacheDirectory: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly rebuild: boolean;
  /** `multi_hop.yaml`'s `providers.extractor`: the trained reader or the heuristic. */
  readonly extractor?: 'trained' | 'heuristic';
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
}

export interface OpenedIndex {
  readonly providers: OpenedProviders;
  readonly directory: string;
  readonly description: string;
  /** Which extractor answers: the configured one (the trained reader) or the heuristic. */
  readonly extractorDescription: string;
}

/** True when OPENAI_BASE_URL or OPENAI_API_KEY is set: the commands then use the LLM. */
export function llmConfigured(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env.OPENAI_BASE_URL ?? '').trim() !== '' || (env.OPENAI_API_KEY ?? '').trim() !== '';
}

/** What an older rootweaver trained into every index (ADR-0007, superseded): left alone, never read. */
const legacySelectorFile = 'selector.json';

/**
 * Opens an index directory read-only, with an LLM when OPENAI_BASE_URL / OPENAI_API_KEY are set, and
 * the configured extractor (`providers.extractor: trained`: the trained reader), else the heuristic.
 * A `selector.json` an older rootweaver trained into the index (ADR-0007, superseded) is not read; the
 * description says so.
 */
export async function openProviders(options: {
  readonly directory: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly extractor?: 'trained' | 'heuristic';
}): Promise<OpenedProviders & { readonly extractorDescription: string }> {
  const providers = await createProviderSet({
    indexDirectory: options.directory,
    env: options.env,
    readonly: true,
    ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
  });
  const described = `extractor: ${providers.extractor?.id ?? 'heuristic'}`;
  const legacy = existsSync(join(options.directory, legacySelectorFile))
    ? ` (the index's ${legacySelectorFile}, from an older rootweaver's learned selector, is ignored)`
    : '';
  return { ...providers, extractorDescription: `${described}${legacy}` };
}

/**
 * What decides a cached index's embedder (`createProviderSet` reads the same variables): `|` for none;
 * `ROOTWEAVER_EMBEDDER` is appended only when set, so the indexes cached before it existed stay valid.
 */
function embedderSettingOf(env: Readonly<Record<string, string | undefined>>): string {
  const named = env.ROOTWEAVER_EMBEDDER?.trim() ?? '';
  return [
    env.ROOTWEAVER_EMBEDDER_MODEL_DIR ?? '',
    llmConfigured(env) ? (env.ROOTWEAVER_EMBEDDING_MODEL ?? '') : '',
    ...(named === '' ? [] : [named]),
  ].join('|');
}

/**
 * Opens the index a command asked for: an existing directory, or a `--kb` / `--corpus` index built
 * once into `.rootweaver/eval-cache/<hash>/` and reused while its source and the builder are unchanged.
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
    // Never a half-built or damaged index: a clear error naming the fix instead (issue 16).
    assertIndexComplete(source.path);
    const providers = await openProviders({
      directory: source.path,
      env: options.env,
      ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
    });
    try {
      await assertStoreReadable(providers.store, source.path);
    } catch (error) {
      await providers.close();
      throw error;
    }
    return {
      providers,
      directory: source.path,
      description: `index ${source.path}`,
      extractorDescription: providers.extractorDescription,
    };
  }
  // One cache folder per embedder: indexes built with different embedders live side by side (a
  // lexical one keeps the folder it always had), so switching `--embedder` never rebuilds over another.
  const embedder = embedderSettingOf(options.env);
  const cacheKey = (
    embedder === '|'
      ? combineHashes(source.kind, source.path)
      : combineHashes(source.kind, source.path, embedder)
  ).slice(0, 16);
  const cacheRoot = join(options.cacheDirectory, 'eval-cache');
  const built = await buildCachedIndex({
    source,
    directory: join(cacheRoot, cacheKey),
    stampFile: join(cacheRoot, `${cacheKey}.stamp.json`),
    rebuild: options.rebuild,
    env: options.env,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  const providers = await openProviders({
    directory: built.directory,
    env: options.env,
    ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
  });
  const origin = source.kind === 'kb' ? 'knowledge base' : 'rule-built index of';
  return {
    providers,
    directory: built.directory,
    description: `${origin} ${source.path}${built.reused ? ' (cached)' : ''}`,
    extractorDescription: providers.extractorDescription,
  };
}
