import { MultiHopRAG, RootweaverError } from '@rootweaver/innovations';
import type { MultiHopProviderSettings } from '../config/load-multi-hop-config.js';
import type { CapabilityProviders, MultiHopEngineFactory } from './multi-hop-engine.js';

/** The engine the capability runs by default: `MultiHopRAG` from innovations, on the given providers. */
export const createDefaultEngine: MultiHopEngineFactory = ({ config, providers }) =>
  new MultiHopRAG({
    store: providers.store,
    config,
    ...(providers.chatModel === undefined ? {} : { chatModel: providers.chatModel }),
    ...(providers.extractor === undefined ? {} : { extractor: providers.extractor }),
    ...(providers.tokenCounter === undefined ? {} : { tokenCounter: providers.tokenCounter }),
  });

/** Providers from an index directory (embedded store) and the environment's LLM settings. */
export async function createDefaultProviders(input: {
  readonly settings: MultiHopProviderSettings;
  readonly indexDirectory: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}): Promise<CapabilityProviders> {
  throw new RootweaverError(
    'not-configured',
    `No providers: pass \`providers\` to MultiHopCapability.create (index directory: ${input.indexDirectory ?? 'none'}).`,
  );
}
