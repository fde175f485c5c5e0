import { existsSync, readFileSync } from 'node:fs';
import { RootweaverError } from '@rootweaver/core';
import type { ClientFeaturesResponse } from 'unleash-client';
import { defaultAssetPath } from '../checkout/rootweaver-checkout.js';

/** One Unleash feature definition, as `/api/client/features` returns it and `bootstrap.data` accepts it. */
export type UnleashFeatureDefinition = ClientFeaturesResponse['features'][number];

export const flagBootstrapEnvironmentVariable = 'ROOTWEAVER_FLAG_BOOTSTRAP';

/**
 * The default flag definitions: the checkout's `configs/flags/bootstrap.json` when this package runs from a
 * rootweaver checkout, else the copy the package ships (`assets/bootstrap.json`).
 */
export const defaultFlagBootstrapPath: string = defaultAssetPath({
  packaged: new URL('../../assets/bootstrap.json', import.meta.url),
  checkoutPath: 'configs/flags/bootstrap.json',
});

/**
 * Reads flag definitions: a JSON array of features, or `{ "features": [...] }`. A missing or malformed file is a
 * `RootweaverError('invalid-config')` naming the file and what is wrong.
 */
export function readFeatureDefinitions(path: string): UnleashFeatureDefinition[] {
  if (!existsSync(path)) {
    throw new RootweaverError(
      'invalid-config',
      `Flag bootstrap file ${path} does not exist. Point ${flagBootstrapEnvironmentVariable} (or the bootstrapPath option) at a JSON file of Unleash feature definitions, e.g. configs/flags/bootstrap.json.`,
      { details: { path } },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new RootweaverError(
      'invalid-config',
      `Flag bootstrap file ${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error, details: { path } },
    );
  }
  return validateFeatureDefinitions(parsed, path);
}

export function validateFeatureDefinitions(value: unknown, source: string): UnleashFeatureDefinition[] {
  const features =
    value !== null && typeof value === 'object' && !Array.isArray(value) && 'features' in value
      ? (value as { features: unknown }).features
      : value;
  if (!Array.isArray(features)) {
    throw new RootweaverError(
      'invalid-config',
      `Flag bootstrap ${source} must be a JSON array of Unleash feature definitions (or {"features": [...]}).`,
      { details: { path: source } },
    );
  }
  features.forEach((feature: unknown, index) => {
    const problem = describeFeatureProblem(feature);
    if (problem !== undefined) {
      throw new RootweaverError(
        'invalid-config',
        `Flag bootstrap ${source}: feature [${index}] ${problem}.`,
        {
          details: { path: source, index },
        },
      );
    }
  });
  return features as UnleashFeatureDefinition[];
}

function describeFeatureProblem(feature: unknown): string | undefined {
  if (feature === null || typeof feature !== 'object') return 'must be an object';
  const record = feature as Record<string, unknown>;
  if (typeof record.name !== 'string' || record.name === '') return 'needs a non-empty string `name`';
  if (typeof record.enabled !== 'boolean') return `(${record.name}) needs a boolean \`enabled\``;
  if (record.strategies !== undefined && !Array.isArray(record.strategies)) {
    return `(${record.name}) \`strategies\` must be an array`;
  }
  if (record.variants !== undefined && !Array.isArray(record.variants)) {
    return `(${record.name}) \`variants\` must be an array`;
  }
  for (const [index, strategy] of ((record.strategies as unknown[] | undefined) ?? []).entries()) {
    const problem = describeStrategyProblem(strategy);
    if (problem !== undefined) return `(${record.name}) strategy [${index}] ${problem}`;
  }
  return undefined;
}

/** The strategies the Unleash client evaluates itself; any other name would silently evaluate to off. */
const knownStrategies = new Set([
  'default',
  'flexibleRollout',
  'gradualRolloutRandom',
  'gradualRolloutSessionId',
  'gradualRolloutUserId',
  'userWithId',
  'remoteAddress',
  'applicationHostname',
]);

const knownOperators = new Set([
  'IN',
  'NOT_IN',
  'STR_ENDS_WITH',
  'STR_STARTS_WITH',
  'STR_CONTAINS',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_LT',
]);

function quoted(value: unknown): string {
  return JSON.stringify(value)?.slice(0, 60) ?? String(value);
}

/** Why a strategy would not evaluate as written (an unknown name or a malformed constraint), if it would not. */
function describeStrategyProblem(strategy: unknown): string | undefined {
  if (strategy === null || typeof strategy !== 'object') return 'must be an object';
  const record = strategy as Record<string, unknown>;
  if (typeof record.name !== 'string' || !knownStrategies.has(record.name)) {
    return `has an unknown name ${quoted(record.name)}: use one of ${[...knownStrategies].join(', ')}`;
  }
  if (
    record.parameters !== undefined &&
    (typeof record.parameters !== 'object' || record.parameters === null)
  ) {
    return '`parameters` must be an object';
  }
  if (record.constraints === undefined) return undefined;
  if (!Array.isArray(record.constraints)) return '`constraints` must be an array';
  for (const [index, constraint] of record.constraints.entries()) {
    if (constraint === null || typeof constraint !== 'object')
      return `constraint [${index}] must be an object`;
    const fields = constraint as Record<string, unknown>;
    if (typeof fields.contextName !== 'string' || fields.contextName === '') {
      return `constraint [${index}] needs a non-empty string \`contextName\``;
    }
    if (typeof fields.operator !== 'string' || !knownOperators.has(fields.operator)) {
      return `constraint [${index}] has an unknown operator ${quoted(fields.operator)}: use one of ${[...knownOperators].join(', ')}`;
    }
    const values = fields.values;
    if (
      values !== undefined &&
      (!Array.isArray(values) || values.some((value) => typeof value !== 'string'))
    ) {
      return `constraint [${index}] \`values\` must be an array of strings`;
    }
    if (fields.value !== undefined && typeof fields.value !== 'string') {
      return `constraint [${index}] \`value\` must be a string`;
    }
    if (values === undefined && fields.value === undefined) {
      return `constraint [${index}] needs \`values\` (an array of strings) or \`value\``;
    }
  }
  return undefined;
}
