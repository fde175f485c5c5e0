import { join } from 'node:path';
import { buildCachedIndex } from './index-source.js';
import { cacheDirectoryFor, sampleCorpusPath } from './repo-root.js';

export interface EnsureSampleIndexOptions {
  /** Where `sample-index/` goes (`cacheDirectoryFor`). */
  readonly cacheDirectory: string;
  /** The corpus to index; default the sample corpus (the checkout's, else the one the package ships). */
  readonly corpus?: string;
  readonly rebuild?: boolean;
  /** Read for an optional embedder; default `process.env`. The build itself never calls an LLM. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
}

export interface SampleIndex {
  readonly directory: string;
  readonly corpus: string;
  readonly reused: boolean;
  readonly buildMs: number;
}

/**
 * The demo's index: the sample corpus built with the rule-based generator (no LLM, no network) into
 * `<cache>/sample-index/`, reused while the corpus and the builder are unchanged. `serve` reuses it when no
 * index is given.
 */
export async function ensureSampleIndex(options: EnsureSampleIndexOptions): Promise<SampleIndex> {
  const corpus = options.corpus ?? sampleCorpusPath;
  const cache = options.cacheDirectory;
  const built = await buildCachedIndex({
    source: { kind: 'corpus', path: corpus },
    directory: join(cache, 'sample-index'),
    stampFile: join(cache, 'sample-index.stamp.json'),
    rebuild: options.rebuild ?? false,
    env: options.env ?? process.env,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  return { directory: built.directory, corpus, reused: built.reused, buildMs: built.buildMs };
}

/** The sample index as a command's index source, built into the command's cache on first use. */
export async function sampleIndexSource(options: {
  readonly io: { readonly env: Readonly<Record<string, string | undefined>>; readonly cwd: string };
  readonly signal: AbortSignal;
  readonly onProgress: (message: string) => void;
}): Promise<{ readonly kind: 'index'; readonly path: string }> {
  const { directory } = await ensureSampleIndex({
    cacheDirectory: cacheDirectoryFor(options.io),
    env: options.io.env,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  return { kind: 'index', path: directory };
}
