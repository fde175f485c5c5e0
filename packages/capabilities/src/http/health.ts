import { isRootweaverError, redactSecrets } from '@rootweaver/core';
import { storeFailureCodes } from './error-status.js';

/** What `GET /healthz` answers. */
export interface HealthReport {
  readonly healthy: boolean;
  readonly body: Readonly<Record<string, unknown>>;
}

/** How long a probe may take before the store counts as unhealthy. */
const probeTimeoutMs = 2_000;

/**
 * The server's health as `/healthz` reports it: unhealthy while the store's probe fails, and from a
 * request that failed on the store until one succeeds again (a corrupt page may pass a cheap probe
 * and still fail every search). A probe runs at most once a second, however many callers ask.
 */
export class HealthTracker {
  private storeFailure: string | undefined;
  private probing: Promise<string | undefined> | undefined;
  private probedAt = 0;
  private lastProbe: string | undefined;

  constructor(private readonly probe: (() => Promise<unknown>) | undefined) {}

  /** A request failed: remember it when the store was the cause. */
  recordFailure(error: unknown): void {
    if (isRootweaverError(error) && storeFailureCodes.has(error.code)) {
      this.storeFailure = redactSecrets(error.message).slice(0, 300);
    }
  }

  /** A request was answered: the store works. */
  recordSuccess(): void {
    this.storeFailure = undefined;
  }

  async report(): Promise<HealthReport> {
    const probeFailure = await this.runProbe();
    const problem = probeFailure ?? this.storeFailure;
    return problem === undefined
      ? { healthy: true, body: { status: 'ok' } }
      : { healthy: false, body: { status: 'unhealthy', store: problem } };
  }

  private runProbe(): Promise<string | undefined> {
    const probe = this.probe;
    if (probe === undefined) return Promise.resolve(undefined);
    if (this.probing !== undefined) return this.probing;
    if (Date.now() - this.probedAt < 1_000) return Promise.resolve(this.lastProbe);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`the store did not answer within ${probeTimeoutMs} ms`),
        probeTimeoutMs,
      );
    });
    this.probing = Promise.race([
      probe().then(
        () => undefined,
        (error: unknown) =>
          redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 300),
      ),
      timeout,
    ]).then((result) => {
      clearTimeout(timer);
      this.probing = undefined;
      this.probedAt = Date.now();
      this.lastProbe = result;
      return result;
    });
    return this.probing;
  }
}
