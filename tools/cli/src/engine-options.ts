import { resolve } from 'node:path';
import { type MultiHopConfigInput, multiHopConfigSchema } from '@rootweaver/innovations';
import { CliUsageError } from './cli-usage-error.js';
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
  rewriter: { type: 'string' },
} as const satisfies OptionSpec;

export const engineOptionsUsage = `  --config FILE   multi_hop.yaml (default: ROOTWEAVER_MULTI_HOP_CONFIG, else configs/retrieval/multi_hop.yaml);
                  the flags below override its knobs
  --planner       ${plannerChoices().join('|')} (default: the YAML's planner) — compact: one plan, LLM-free
                  hops; adaptive: an LLM decides after each round (needs an LLM); keyterm: ADR-077's key-term loop
  --compaction    on|off: ADR-077 compaction of the synthesis context (default: the YAML's, off)
  --synthesis     ${synthesisChoices().join('|')} (default: the YAML's, auto)
  --rewriter      rules|trained|llm:MODEL|llm:MODEL@URL: who grounds dependent sub-questions (default: the
                  YAML's, trained) — trained: the shipped pointer rewriter (no LLM); llm: a small model on an
                  OpenAI-compatible server (URL, else the YAML's
                  rewriter.base_url, ROOTWEAVER_REWRITER_BASE_URL or OPENAI_BASE_URL), the rules backing it up;
                  its key from ROOTWEAVER_REWRITER_API_KEY`;

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
      rewriter: rewriterOption(command, stringOption(values, 'rewriter')),
    },
  };
}

/**
 * `--rewriter rules`, `--rewriter trained`, `--rewriter llm:MODEL` or `--rewriter llm:MODEL@URL` as config overrides. The model
 * name may hold `:` and `@` (`qwen2.5:0.5b`); the URL is what follows the last `@` that starts one.
 */
export function rewriterOption(command: string, value: string | undefined): MultiHopConfigInput['rewriter'] {
  if (value === undefined) return undefined;
  if (value === 'rules') return { kind: 'rules' };
  if (value === 'trained') return { kind: 'trained' };
  const spec = value.startsWith('llm:') ? value.slice('llm:'.length) : '';
  const at = spec.search(/@https?:\/\/[^@]*$/);
  const model = (at < 0 ? spec : spec.slice(0, at)).trim();
  const baseUrl = at < 0 ? undefined : spec.slice(at + 1);
  if (model === '') {
    throw new CliUsageError(
      `${command}: --rewriter must be rules, trained, llm:MODEL or llm:MODEL@URL, e.g. llm:qwen2.5:0.5b@http://127.0.0.1:11434/v1 (got "${value}").`,
    );
  }
  return { kind: 'llm', model, ...(baseUrl === undefined ? {} : { baseUrl }) };
}

function plannerChoices() {
  return multiHopConfigSchema.shape.planner.unwrap().options;
}

function synthesisChoices() {
  return multiHopConfigSchema.shape.synthesis.unwrap().options;
}
