import { loadUnleashClient } from '../load-on-use.js';
import { LocalFeatureRepository } from './local-feature-repository.js';
import { type FlagErrorHandler, UnleashEvaluator } from './unleash-evaluator.js';
import {
  defaultFlagBootstrapPath,
  readFeatureDefinitions,
  type UnleashFeatureDefinition,
  validateFeatureDefinitions,
} from './unleash-feature-definitions.js';

export interface BootstrapFlagSourceOptions {
  /** A JSON file of Unleash feature definitions; defaults to `configs/flags/bootstrap.json`. */
  readonly bootstrapPath?: string;
  /** Definitions given directly (wins over `bootstrapPath`). */
  readonly features?: readonly UnleashFeatureDefinition[];
  readonly appName?: string;
  readonly environment?: string;
  readonly onError?: FlagErrorHandler;
}

/**
 * Flags evaluated locally from fixed definitions, with Unleash's own strategy and variant code (gradual
 * rollout, constraints, sticky variants behave exactly as on a server) and no network at all: the client
 * gets an in-memory repository and metrics are off. Ready as soon as it is constructed.
 */
export class BootstrapFlagSource extends UnleashEvaluator {
  readonly features: readonly UnleashFeatureDefinition[];
  readonly source: string;

  constructor(options: BootstrapFlagSourceOptions = {}) {
    const source =
      options.features === undefined ? (options.bootstrapPath ?? defaultFlagBootstrapPath) : 'inline';
    const features =
      options.features === undefined
        ? readFeatureDefinitions(source)
        : validateFeatureDefinitions([...options.features], source);
    const { Unleash } = loadUnleashClient();
    const client = new Unleash({
      // Required by the client's constructor, never contacted: the repository is local and metrics are off.
      url: 'http://flags.invalid/api/',
      appName: options.appName ?? 'rootweaver',
      environment: options.environment ?? 'default',
      repository: new LocalFeatureRepository(features),
      disableMetrics: true,
      disableAutoStart: true,
      skipInstanceCountWarning: true,
    });
    super(client, options.onError);
    this.features = features;
    this.source = source;
    // The local repository announces readiness synchronously inside start().
    void client.start();
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }
}
