import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import { MultiHopRAG } from '@rootweaver/innovations';
import { createProviderSet } from '@rootweaver/providers';
import type { MultiHopProviderSettings } from '../config/load-multi-hop-config.js';
import type { CapabilityProviders, MultiHopEngineFactory } from './multi-hop-engine.js';

/**
 * The one place the engine is built, for `MultiHopCapability` and every rootweaver command: `MultiHopRAG` from
 * innovations on the given providers, with a config already resolved (`loadMultiHopConfig`), used as it is.
 */
export function createEngine({ config, providers }: Parameters<MultiHopEngineFactory>[0]): MultiHopRAG {
  return new MultiHopRAG({
    store: providers.store,
    config,
    ...(providers.chatModel === undefined ? {} : { chatModel: providers.chatModel }),
    ...(providers.extractor === undefined ? {} : { extractor: providers.extractor }),
    ...(providers.nameKinds === undefined ? {} : { nameKinds: providers.nameKinds }),
    ...(providers.tokenCounter === undefined ? {} : { tokenCounter: providers.tokenCounter }),
    ...(providers.rewriter === undefined ? {} : { rewriter: providers.rewriter }),
  });
}

/**
 * Providers from an index directory built by `rootweaver index` (opened read-only) and the environment's
 * LLM settings (`createProviderSet` of @rootweaver/providers). The YAML `providers:` section may name the
 * directory, the model and the base URL. The extractor is the configured one (`providers.extractor`:
 * the trained reader), else the engine's heuristic extractor. A `selector.json` left in an index built
 * by an older rootweaver (ADR-0007, superseded) is not read.
 */
export async function createDefaultProviders(input: {
  readonly settings: MultiHopProviderSettings;
  /** Wins over `settings.indexDirectory` (the YAML's, `.rootweaver/index` by default). */
  readonly indexDirectory: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}): Promise<CapabilityProviders> {
  const directory = resolve(input.indexDirectory ?? input.settings.indexDirectory);
  if (!existsSync(directory)) {
    throw new RootweaverError(
      'not-found',
      `Index directory ${directory} does not exist; build one with 'rootweaver index build --corpus DIR --out ${directory}', ` +
        'or give MultiHopCapability.create `providers` or `indexDirectory`, or set providers.index_directory in multi_hop.yaml.',
    );
  }
  const llm = {
    ...(input.settings.llmBaseUrl === undefined ? {} : { baseURL: input.settings.llmBaseUrl }),
    ...(input.settings.llmModel === undefined ? {} : { model: input.settings.llmModel }),
  };
  return createProviderSet({
    indexDirectory: directory,
    env: input.env,
    readonly: true,
    extractor: input.settings.extractor,
    ...(Object.keys(llm).length === 0 ? {} : { llm }),
  });
}
