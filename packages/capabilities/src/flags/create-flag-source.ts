import { BootstrapFlagSource } from './bootstrap-flag-source.js';
import { redactFlagSecrets } from './redact-flag-secrets.js';
import type { FlagErrorHandler } from './unleash-evaluator.js';
import { flagBootstrapEnvironmentVariable } from './unleash-feature-definitions.js';
import { UnleashFlagSource } from './unleash-flag-source.js';

export interface CreateFlagSourceOptions {
  /**
   * Read: UNLEASH_URL, UNLEASH_API_TOKEN, UNLEASH_APP_NAME, UNLEASH_ENVIRONMENT, UNLEASH_REFRESH_INTERVAL_MS,
   * UNLEASH_BACKUP_PATH, ROOTWEAVER_FLAG_BOOTSTRAP. Defaults to `process.env`.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly onError?: FlagErrorHandler;
}

export type ConfiguredFlagSource = UnleashFlagSource | BootstrapFlagSource;

/**
 * UNLEASH_URL and UNLEASH_API_TOKEN set: an `UnleashFlagSource`. Otherwise a `BootstrapFlagSource` over
 * `configs/flags/bootstrap.json` (or ROOTWEAVER_FLAG_BOOTSTRAP), with no network at all.
 * Errors go to `onError`, by default one stderr line per distinct message.
 */
export function createFlagSource(options: CreateFlagSourceOptions = {}): ConfiguredFlagSource {
  const env = options.env ?? process.env;
  const onError = options.onError ?? createStderrErrorHandler();
  const url = present(env.UNLEASH_URL);
  const apiToken = present(env.UNLEASH_API_TOKEN);
  const bootstrapPath = present(env[flagBootstrapEnvironmentVariable]);
  if (url !== undefined && apiToken !== undefined) {
    const refresh = Number(present(env.UNLEASH_REFRESH_INTERVAL_MS) ?? Number.NaN);
    const appName = present(env.UNLEASH_APP_NAME);
    const environment = present(env.UNLEASH_ENVIRONMENT);
    const backupPath = present(env.UNLEASH_BACKUP_PATH);
    return new UnleashFlagSource({
      url,
      apiToken,
      onError,
      ...(appName === undefined ? {} : { appName }),
      ...(environment === undefined ? {} : { environment }),
      ...(Number.isFinite(refresh) && refresh > 0 ? { refreshIntervalMs: refresh } : {}),
      ...(backupPath === undefined ? {} : { backupPath }),
      ...(bootstrapPath === undefined ? {} : { bootstrap: bootstrapPath }),
    });
  }
  return new BootstrapFlagSource({ onError, ...(bootstrapPath === undefined ? {} : { bootstrapPath }) });
}

/** Writes each distinct flag error once to stderr (a down server would otherwise log every poll). */
export function createStderrErrorHandler(
  write: (line: string) => void = (line) => process.stderr.write(line),
): FlagErrorHandler {
  const seen = new Set<string>();
  return (error) => {
    const message = redactFlagSecrets(error.message);
    if (seen.has(message)) return;
    if (seen.size > 100) seen.clear();
    seen.add(message);
    write(`[rootweaver] flag source: ${message} (using last-known flag values)\n`);
  };
}

function present(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
