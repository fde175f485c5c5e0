import { isRootweaverError, type RootweaverErrorCode, redactSecrets } from '@rootweaver/core';

/** What the HTTP API answers for a failed request (ADR-0010). */
export interface ErrorResponse {
  readonly status: number;
  readonly code: string;
  /** Ours, never the upstream's text: RootweaverError messages name the fix and quote no upstream body. */
  readonly message: string;
  /** Sent as `Retry-After` (seconds) with a 503. */
  readonly retryAfterSeconds?: number;
}

/** The status of each failure kind that is not an upstream's. */
const statusByCode: Readonly<Record<RootweaverErrorCode, number>> = {
  // What the request asked for, or the configuration it selected (a planner the server cannot run).
  'invalid-input': 422,
  'invalid-plan': 422,
  'invalid-config': 422,
  'not-configured': 422,
  'not-found': 404,
  // The LLM (upstream) failed: a gateway error, never a client error.
  'llm-unavailable': 502,
  'llm-bad-response': 502,
  'llm-rejected': 502,
  'llm-timeout': 504,
  'llm-rate-limited': 503,
  'embedding-failed': 502,
  // This server cannot answer now: retry later (and /healthz says so).
  'store-unavailable': 503,
  'store-corrupt': 503,
  'dimension-mismatch': 503,
  'model-load-failed': 503,
  'corpus-invalid': 503,
  'index-build-failed': 503,
  aborted: 503,
};

/** Failure kinds that mean the store behind the server is unhealthy. */
export const storeFailureCodes: ReadonlySet<string> = new Set([
  'store-unavailable',
  'store-corrupt',
  'dimension-mismatch',
]);

/**
 * Maps a failure to its true status: 422 for what the request (or the configuration it selected)
 * cannot do, 502/504 for an upstream's failure (whatever its own status: an LLM's 400 or 401 is not
 * the client's fault), 503 with `Retry-After` for this server's store or capacity, 500 for a bug.
 */
export function errorResponseFor(error: unknown): ErrorResponse {
  if (!isRootweaverError(error)) {
    return { status: 500, code: 'internal', message: 'Unexpected server error.' };
  }
  const upstream = error.details.upstream === true;
  let status = statusByCode[error.code] ?? 500;
  if (upstream && status < 500) status = 502;
  const message = redactSecrets(error.message);
  return status === 503
    ? { status, code: error.code, message, retryAfterSeconds: error.code === 'llm-rate-limited' ? 10 : 5 }
    : { status, code: error.code, message };
}
