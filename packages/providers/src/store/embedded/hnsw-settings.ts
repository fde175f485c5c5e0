import { RootweaverError } from '@rootweaver/core';
import {
  defaultHnswSettings,
  type HnswSettings,
  legacyHnswSettings,
  validateHnswSettings,
} from '../vector-index.js';
import { type MetaTable, rebuildHint } from './store-schema.js';

/** What a caller may ask of a store's HNSW index; each setting left out takes the store's or the default. */
export type HnswOptions = Partial<HnswSettings>;

/** A store's HNSW settings: the graph's, fixed at creation, and the query-time expansion, per open. */
export interface ResolvedHnswSettings {
  readonly connectivity: number;
  readonly expansionAdd: number;
  /** `undefined`: `defaultExpansionSearch(size)`, growing with the index. */
  readonly expansionSearch: number | undefined;
}

/** The most `defaultExpansionSearch` grows to: past it a 1M index (M 24) gains ≤ 0.002 recall@10 for ~20 % more time. */
export const largestDefaultExpansionSearch = 128;

/**
 * The query-time expansion a search uses when none is set: 64 up to 100k vectors, then growing with
 * the square root of the size to 128 at 400k and beyond (ADR-0002, revision 2026-12-02: HNSW
 * settings). A bigger graph needs a wider beam for the same recall; a small one does not.
 */
export function defaultExpansionSearch(size: number): number {
  const base = defaultHnswSettings.expansionSearch;
  return Math.min(
    largestDefaultExpansionSearch,
    Math.max(base, Math.round(base * Math.sqrt(size / 100_000))),
  );
}

/**
 * The HNSW settings of the store whose `meta` is given. The graph's settings are recorded in `meta`
 * (`hnsw_connectivity`, `hnsw_expansion_add`) when a writable store without vectors is opened, from
 * `requested` or the defaults; a store with vectors but no record was built before they were
 * recorded, with `legacyHnswSettings` (recorded now when writable). Asking for graph settings other
 * than the recorded ones throws `invalid-config`: the graph cannot change without a rebuild.
 * `requested` is validated by the caller (`EmbeddedStore.open`, before any file is created).
 */
export function resolveHnswSettings(options: {
  readonly meta: MetaTable;
  readonly directory: string;
  readonly requested: HnswOptions | undefined;
  readonly hasVectors: boolean;
}): ResolvedHnswSettings {
  const requested = options.requested ?? {};
  const storedConnectivity = options.meta.get('hnsw_connectivity');
  const storedExpansionAdd = options.meta.get('hnsw_expansion_add');
  let graph: { connectivity: number; expansionAdd: number };
  if (storedConnectivity !== undefined && storedExpansionAdd !== undefined) {
    graph = { connectivity: Number(storedConnectivity), expansionAdd: Number(storedExpansionAdd) };
    validateRecorded(graph, options.directory);
  } else {
    graph = options.hasVectors
      ? { connectivity: legacyHnswSettings.connectivity, expansionAdd: legacyHnswSettings.expansionAdd }
      : {
          connectivity: requested.connectivity ?? defaultHnswSettings.connectivity,
          expansionAdd: requested.expansionAdd ?? defaultHnswSettings.expansionAdd,
        };
    // A no-op when read-only: the settings then hold for this open only.
    options.meta.set('hnsw_connectivity', String(graph.connectivity));
    options.meta.set('hnsw_expansion_add', String(graph.expansionAdd));
  }
  const differing = (['connectivity', 'expansionAdd'] as const).filter(
    (name) => requested[name] !== undefined && requested[name] !== graph[name],
  );
  if (differing.length > 0) {
    throw new RootweaverError(
      'invalid-config',
      `The store in ${options.directory} was created with HNSW connectivity ${graph.connectivity} and expansionAdd ${graph.expansionAdd}, but ${differing
        .map((name) => `${name} ${requested[name]}`)
        .join(' and ')} was asked for; the graph cannot change in place. Leave ${differing
        .map((name) => `\`hnsw.${name}\``)
        .join(
          ' and ',
        )} out to use the store's own, or ${rebuildHint.charAt(0).toLowerCase()}${rebuildHint.slice(1)}`,
      { details: { directory: options.directory, ...graph } },
    );
  }
  return { ...graph, expansionSearch: requested.expansionSearch };
}

function validateRecorded(graph: { connectivity: number; expansionAdd: number }, directory: string): void {
  try {
    validateHnswSettings(graph);
  } catch (error) {
    throw new RootweaverError(
      'store-corrupt',
      `The store in ${directory} is unusable: its recorded HNSW settings (connectivity ${graph.connectivity}, expansionAdd ${graph.expansionAdd}) are not valid. ${rebuildHint}`,
      { cause: error, details: { directory } },
    );
  }
}
