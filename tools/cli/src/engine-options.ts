import { resolve } from 'node:path';
import { type MultiHopConfigInput, multiHopConfigSchema } from '@rootweaver/innovations';
import { choiceOption, type OptionSpec, type ParsedArguments, stringOption } from './parse-arguments.js';

/**
 * The flags every command that answers questions shares: `--config FILE` names the `multi_hop.yaml`, the
 * others override its knobs. A new knob flag is one entry here, one line in `engineSettingsFrom` and one
 * line of usage.
 */
export const engineOptions = {
  config: { type: 'string' },
  planner: { type: 'string' },
  compaction: { type: 'string' },
  synthesis: { type: 'string' },
} as const satisfies OptionSpec;

export const engineOptionsUsage = `  --config FILE   multi_hop.yaml (default: ROOTWEAVER_MULTI_HOP_CONFIG, else configs/retrieval/multi_hop.yaml);
                  the flags below override its knobs
  --planner       ${plannerChoices().join('|')} (default: the YAML's planner) — compact: one plan, LLM-free
                  hops; adaptive: an LLM decides after each round (needs an LLM); keyterm: ADR-077's key-term loop
  --compaction    on|off: ADR-077 compaction of the synthesis context (default: the YAML's, off)
  --synthesis     ${synthesisChoices().join('|')} (default: the YAML's, auto)`;

/** Where the config comes from and what the command line overrides: the input of `loadMultiHopConfig`. */
export interface EngineSettings {
  readonly configPath: string | undefined;
  readonly overrides: MultiHopConfigInput;
}

/** Reads `engineOptions` from parsed arguments; a bad choice is a usage error listing the allowed ones. */
export function engineSettingsFrom(
  command: string,
  values: ParsedArguments['values'],
  cwd: string,
  options: { readonly compaction?: boolean } = {},
): EngineSettings {
  const config = stringOption(values, 'config');
  const compaction =
    options.compaction === false
      ? undefined
      : choiceOption(command, values, 'compaction', ['on', 'off'] as const, undefined);
  return {
    configPath: config === undefined ? undefined : resolve(cwd, config),
    overrides: {
      planner: choiceOption(command, values, 'planner', plannerChoices(), undefined),
      synthesis: choiceOption(command, values, 'synthesis', synthesisChoices(), undefined),
      compactionEnabled: compaction === undefined ? undefined : compaction === 'on',
    },
  };
}

function plannerChoices() {
  return multiHopConfigSchema.shape.planner.unwrap().options;
}

function synthesisChoices() {
  return multiHopConfigSchema.shape.synthesis.unwrap().options;
}
