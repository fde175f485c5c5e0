import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import { loadUnleashClient } from '../load-on-use.js';
import { type FlagErrorHandler, UnleashEvaluator } from './unleash-evaluator.js';
import {
  defaultFlagBootstrapPath,
  readFeatureDefinitions,
  type UnleashFeatureDefinition,
} from './unleash-feature-definitions.js';

export interface UnleashFlagSourceOptions {
  /** The client API base, e.g. `https://unleash.example.com/api`. */
  readonly url: string;
  /** A client (backend) API token; sent as the `Authorization` header. */
  readonly apiToken: string;
  readonly appName?: string;
  readonly environment?: string;
  readonly instanceId?: string;
  /** Poll interval; Unleash's default is 15 s. */
  readonly refreshIntervalMs?: number;
  readonly timeoutMs?: number;
  /**
   * Where the client keeps its backup file (`unleash-backup-<appName>.json`), written after every fetch and
   * read at start-up, so a restart while the server is down starts from the last-known values.
   */
  readonly backupPath?: string;
  /**
   * Definitions used at start-up when there is no backup file yet and the server cannot be reached. Defaults to
   * `configs/flags/bootstrap.json` when that file exists; `false` for none. Never overrides a backup file.
   */
  readonly bootstrap?: readonly UnleashFeatureDefinition[] | string | false;
  readonly disableMetrics?: boolean;
  readonly onError?: FlagErrorHandler;
}

/**
 * Flags from an Unleash server via `unleash-client`: polls every `refreshIntervalMs`, keeps the last-known
 * values when the server goes away, starts from the backup file (else the bootstrap definitions) when the
 * server is down at start-up. Never throws from `isEnabled`/`variant`; an `error` listener is always attached.
 */
export class UnleashFlagSource extends UnleashEvaluator {
  readonly backupFile: string;
  /** What the client started from before its first fetch: `backup`, `bootstrap` or `none`. */
  readonly startedFrom: 'backup' | 'bootstrap' | 'none';
  private readonly readyPromise: Promise<void>;

  constructor(options: UnleashFlagSourceOptions) {
    if (options.url.trim() === '') {
      throw new RootweaverError(
        'not-configured',
        'UnleashFlagSource needs a url (UNLEASH_URL), e.g. http://unleash:4242/api.',
      );
    }
    const appName = options.appName ?? 'rootweaver';
    const backupPath = options.backupPath ?? tmpdir();
    const backupFile = join(backupPath, `unleash-backup-${appName.replace(/\//g, '_')}.json`);
    const hasBackup = existsSync(backupFile);
    // unleash-client loads backup and bootstrap concurrently and the inline bootstrap wins the race, so the
    // bootstrap is only handed over when there is no backup file: the backup is the better last-known state.
    const bootstrap = hasBackup ? undefined : resolveBootstrap(options.bootstrap);
    const { Unleash } = loadUnleashClient();
    const client = new Unleash({
      url: options.url,
      appName,
      environment: options.environment ?? 'default',
      ...(options.instanceId === undefined ? {} : { instanceId: options.instanceId }),
      customHeaders: { Authorization: options.apiToken },
      refreshInterval: options.refreshIntervalMs ?? 15_000,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
      backupPath,
      ...(bootstrap === undefined ? {} : { bootstrap: { data: [...bootstrap] } }),
      bootstrapOverride: false,
      disableMetrics: options.disableMetrics ?? false,
      skipInstanceCountWarning: true,
    });
    super(client, options.onError);
    this.backupFile = backupFile;
    this.startedFrom = hasBackup ? 'backup' : bootstrap === undefined ? 'none' : 'bootstrap';
    this.readyPromise = new Promise((resolve) => {
      if (client.isSynchronized()) resolve();
      client.once(loadUnleashClient().UnleashEvents.Ready, () => resolve());
    });
  }

  /** Resolves once values are available (first fetch, backup or bootstrap), or after `timeoutMs`. */
  async ready(options: { timeoutMs?: number } = {}): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), options.timeoutMs ?? 5_000);
    });
    try {
      return await Promise.race([this.readyPromise.then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves after the next successful fetch from the server that changed values (or the first one). */
  whenSynchronized(): Promise<void> {
    if (this.client.isSynchronized()) return Promise.resolve();
    return new Promise((resolve) =>
      this.client.once(loadUnleashClient().UnleashEvents.Synchronized, () => resolve()),
    );
  }

  /** Calls `listener` whenever the client receives new definitions; returns a function that detaches it. */
  onChanged(listener: () => void): () => void {
    this.client.on(loadUnleashClient().UnleashEvents.Changed, listener);
    return () => this.client.off(loadUnleashClient().UnleashEvents.Changed, listener);
  }
}

function resolveBootstrap(
  option: UnleashFlagSourceOptions['bootstrap'],
): readonly UnleashFeatureDefinition[] | undefined {
  if (option === false) return undefined;
  if (Array.isArray(option)) return option;
  if (typeof option === 'string') return readFeatureDefinitions(option);
  return existsSync(defaultFlagBootstrapPath) ? readFeatureDefinitions(defaultFlagBootstrapPath) : undefined;
}
