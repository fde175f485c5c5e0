import { RootweaverError } from '@rootweaver/core';
import { defaultHnswSettings, legacyHnswSettings, validateHnswSettings } from '../vector-index.js';
import type { HnswOptions, ResolvedHnswSettings } from './hnsw-options.js';
import { type MetaTable, rebuildHint } from './store-schema.js';

export {
  defaultExpansionSearch,
  type HnswOptions,
  largestDefaultExpansionSearch,
  type ResolvedHnswSettings,
} from './hnsw-options.js';

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
