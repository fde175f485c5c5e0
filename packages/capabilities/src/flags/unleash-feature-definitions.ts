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
  return undefined;
}
