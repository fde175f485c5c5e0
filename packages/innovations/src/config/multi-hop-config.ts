import type { PlannerName } from '@rootweaver/core';
import {
  type CamelCaseKeys,
  camelCaseName,
  type DeepPartial,
  renameKeys,
  snakeCaseName,
} from './camel-case.js';
import { type MultiHopConfigSnakeCase, multiHopConfigSchema } from './multi-hop-config-schema.js';
import { validateConfig } from './validate-config.js';

/**
 * Every knob of the engine, camelCased, every default filled in: `multiHopConfigSchema`'s output. Made by
 * `resolveMultiHopConfig` (from code) or `multiHopConfigFromSnakeCase` (from a validated `multi_hop.yaml`).
 */
export type MultiHopConfig = CamelCaseKeys<MultiHopConfigSnakeCase>;

/** What a caller may set: any knob, at any level, may be left out (the default is then used). */
export type MultiHopConfigInput = DeepPartial<MultiHopConfig>;

/** Marks a config that is complete and valid, so the engine never resolves it a second time. */
const resolved = Symbol('rootweaver.resolvedMultiHopConfig');

/** True for a config made by `resolveMultiHopConfig` or `multiHopConfigFromSnakeCase` (and not changed since). */
export function isResolvedMultiHopConfig(value: unknown): value is MultiHopConfig {
  return value !== null && typeof value === 'object' && Object.hasOwn(value, resolved);
}

/**
 * The camelCased, frozen, marked config of a value `multiHopConfigSchema` produced (e.g. the knobs of a
 * validated `multi_hop.yaml`). It is not validated again.
 */
export function multiHopConfigFromSnakeCase(values: MultiHopConfigSnakeCase): MultiHopConfig {
  const config = renameKeys(values, camelCaseName) as MultiHopConfig;
  for (const value of Object.values(config)) {
    if (value !== null && typeof value === 'object') Object.freeze(value);
  }
  Object.defineProperty(config, resolved, { value: true, enumerable: false });
  return Object.freeze(config);
}

/**
 * Fills unset knobs with the schema's defaults and validates the rest (`RootweaverError('invalid-config')`
 * naming the knob and what is allowed). A config that is already resolved is returned as it is.
 */
export function resolveMultiHopConfig(input: MultiHopConfigInput = {}): MultiHopConfig {
  if (isResolvedMultiHopConfig(input)) return input;
  const values = validateConfig(multiHopConfigSchema, renameKeys(input, snakeCaseName), {
    source: 'MultiHopRAG config',
    keyPath: (keys) => keys.map(camelCaseName).join('.'),
    mustBe: 'the config must be an object of knob names to values',
  });
  return multiHopConfigFromSnakeCase(values);
}

/**
 * `config` with the knobs `overrides` sets (e.g. command-line flags over `multi_hop.yaml`), validated;
 * `config` itself when `overrides` sets nothing. Knobs left `undefined` keep the config's value; a section
 * (`budgets`, `rewriter`) keeps the knobs the override leaves out.
 */
export function overrideMultiHopConfig(
  config: MultiHopConfig,
  overrides: MultiHopConfigInput,
): MultiHopConfig {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(definedOnly(overrides))) {
    const current: unknown = (config as Record<string, unknown>)[key];
    if (isPlainObject(value) && isPlainObject(current)) {
      const section = definedOnly(value);
      if (Object.keys(section).length > 0) changed[key] = { ...current, ...section };
    } else {
      changed[key] = value;
    }
  }
  if (Object.keys(changed).length === 0) return config;
  return resolveMultiHopConfig({ ...config, ...changed });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function definedOnly<Value extends object>(value: Value): Partial<Value> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<Value>;
}

/** ADR-077's defaults and the seeds', as the schema states them. */
export const defaultMultiHopConfig: MultiHopConfig = resolveMultiHopConfig();

/**
 * Whether ADR-077 compaction runs for one request — the one place this is decided. Never for single-pass
 * answers (the capability flag off); otherwise the request's switch when it gives one (the capability's
 * flag snapshot, `--compaction`), else the config's `compactionEnabled`.
 */
export function compactionRuns(input: {
  readonly planner: PlannerName | 'single-pass';
  readonly config: Pick<MultiHopConfig, 'compactionEnabled'>;
  readonly request?: boolean | undefined;
}): boolean {
  return input.planner !== 'single-pass' && (input.request ?? input.config.compactionEnabled);
}
