import { join } from 'node:path';
import { buildCachedIndex, cacheDirectoryFor } from './index-source.js';

export interface EnsureSampleIndexOptions {
  /** The rootweaver checkout (holds examples/sample-corpus). */
  readonly repoRoot: string;
  readonly rebuild?: boolean;
  /** Where `sample-index/` goes; default ROOTWEAVER_CACHE_DIR, else `<repoRoot>/.rootweaver`. */
  readonly cacheDirectory?: string;
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
 * The demo's index: examples/sample-corpus built with the rule-based generator (no LLM, no network)
 * into `.rootweaver/sample-index/`, reused while the corpus and the builder are unchanged.
 * Helper F's `serve` reuses it when no index is given.
 */
export async function ensureSampleIndex(options: EnsureSampleIndexOptions): Promise<SampleIndex> {
  const corpus = join(options.repoRoot, 'examples', 'sample-corpus');
  const env = options.env ?? process.env;
  const cache = options.cacheDirectory ?? cacheDirectoryFor(options.repoRoot, env);
  const built = await buildCachedIndex({
    source: { kind: 'corpus', path: corpus },
    directory: join(cache, 'sample-index'),
    stampFile: join(cache, 'sample-index.stamp.json'),
    repoRoot: options.repoRoot,
    rebuild: options.rebuild ?? false,
    env,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  return { directory: built.directory, corpus, reused: built.reused, buildMs: built.buildMs };
}
