import { RootweaverError } from '@rootweaver/innovations';
import type { MultiHopProviderSettings } from '../config/load-multi-hop-config.js';
import type { CapabilityProviders, MultiHopEngine, MultiHopEngineFactory } from './multi-hop-engine.js';

/** The engine the capability runs by default: `MultiHopRAG` from innovations. */
export const createDefaultEngine: MultiHopEngineFactory = (): MultiHopEngine => {
  throw new RootweaverError(
    'not-configured',
    'MultiHopRAG is not available in this build of @rootweaver/innovations; pass engineFactory to MultiHopCapability.create.',
  );
};

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
