import type { EventEmitter } from 'node:events';
import type { Unleash } from 'unleash-client';
import { loadUnleashClient } from '../load-on-use.js';
import type { FlagContext, FlagSource, FlagVariant } from './flag-source.js';
import { redactFlagSecrets } from './redact-flag-secrets.js';
import { toUnleashContext } from './to-unleash-context.js';

const disabledVariant: FlagVariant = { name: 'disabled', enabled: false };

/** Called with every error the Unleash client reports (fetch failures, bad responses, evaluation errors). */
export type FlagErrorHandler = (error: Error) => void;

/**
 * The shared part of both Unleash-backed sources: evaluation that never throws, and an `error` listener that
 * is attached before anything can emit (an EventEmitter without one crashes the process on `error`).
 */
export abstract class UnleashEvaluator implements FlagSource {
  protected readonly client: Unleash;
  private readonly handleError: FlagErrorHandler;
  private errorCount = 0;
  private lastErrorMessage: string | undefined;

  protected constructor(client: Unleash, onError: FlagErrorHandler | undefined) {
    this.client = client;
    this.handleError = onError ?? (() => {});
    client.on(loadUnleashClient().UnleashEvents.Error, (error: unknown) => this.recordError(error));
  }

  /** How many errors the client reported, and the last one (secrets redacted). */
  get errors(): { readonly count: number; readonly lastMessage?: string } {
    return this.lastErrorMessage === undefined
      ? { count: this.errorCount }
      : { count: this.errorCount, lastMessage: this.lastErrorMessage };
  }

  isEnabled(name: string, context: FlagContext, fallback: boolean): boolean {
    try {
      return this.client.isEnabled(name, toUnleashContext(context), fallback);
    } catch (error) {
      this.recordError(error);
      return fallback;
    }
  }

  variant(name: string, context: FlagContext, fallback: FlagVariant = disabledVariant): FlagVariant {
    try {
      const result = this.client.getVariant(name, toUnleashContext(context));
      if (!result.enabled || result.feature_enabled === false) return fallback;
      return result.payload === undefined
        ? { name: result.name, enabled: true }
        : { name: result.name, enabled: true, payload: result.payload.value };
    } catch (error) {
      this.recordError(error);
      return fallback;
    }
  }

  async close(): Promise<void> {
    try {
      // unleash-client 6 removes the repository's listeners on destroy, but a fetch still in flight emits
      // `error` on it afterwards, which would be an uncaught exception: keep a sink attached.
      const repository = (this.client as unknown as { repository?: EventEmitter }).repository;
      this.client.destroy();
      repository?.on('error', () => {});
    } catch (error) {
      this.recordError(error);
    }
  }

  private recordError(error: unknown): void {
    const normalised = error instanceof Error ? error : new Error(String(error));
    this.errorCount += 1;
    this.lastErrorMessage = redactFlagSecrets(normalised.message);
    try {
      this.handleError(normalised);
    } catch {
      // An error handler that throws must not take the flag source down.
    }
  }
}
