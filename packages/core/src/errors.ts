/** The closed set of failure kinds. Each one has a fix the message names. */
export type RootweaverErrorCode =
  | 'invalid-input'
  | 'invalid-config'
  | 'invalid-plan'
  | 'not-configured'
  | 'llm-unavailable'
  | 'llm-rate-limited'
  | 'llm-timeout'
  | 'llm-bad-response'
  /** The LLM server refused the request with a 4xx other than 401/403/404/429. */
  | 'llm-rejected'
  | 'embedding-failed'
  | 'dimension-mismatch'
  | 'store-unavailable'
  | 'store-corrupt'
  | 'model-load-failed'
  | 'corpus-invalid'
  | 'index-build-failed'
  | 'not-found'
  | 'aborted';

export interface RootweaverErrorOptions {
  readonly cause?: unknown;
  /** Extra structured facts (never secrets). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Set on every RootweaverError under `Symbol.for`, so one installed copy of @rootweaver/core knows another's errors. */
const rootweaverErrorMarker = Symbol.for('rootweaver.error');

/**
 * The one error type rootweaver throws. `message` says what went wrong and how to fix it;
 * `code` is stable for programs. Messages never contain API keys: see `redactSecrets`.
 *
 * An application can end up with two copies of `@rootweaver/core` (one under each package that
 * depends on it), and a class of one copy is not the class of the other. So an error is recognised
 * by its marker as well: `RootweaverError.isInstance(value)`, `isRootweaverError(value, code?)` and
 * `value instanceof RootweaverError` are true for an error made by any copy.
 */
export class RootweaverError extends Error {
  readonly code: RootweaverErrorCode;
  readonly details: Readonly<Record<string, unknown>>;
  /** The marker `isInstance` reads; the same symbol in every copy (`Symbol.for`). */
  readonly [rootweaverErrorMarker] = true as const;

  constructor(code: RootweaverErrorCode, message: string, options: RootweaverErrorOptions = {}) {
    super(redactSecrets(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RootweaverError';
    this.code = code;
    this.details = options.details ?? {};
  }

  /** True for a RootweaverError of this copy of @rootweaver/core or of any other. */
  static isInstance(value: unknown): value is RootweaverError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [rootweaverErrorMarker]?: unknown })[rootweaverErrorMarker] === true
    );
  }

  /** `instanceof RootweaverError` asks the marker, so it holds across copies too (a subclass: the prototype chain). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof, maybe a subclass
    return this === RootweaverError
      ? RootweaverError.isInstance(value)
      : // biome-ignore lint/complexity/noThisInStatic: as above
        Function.prototype[Symbol.hasInstance].call(this, value);
  }
}

export function isRootweaverError(value: unknown, code?: RootweaverErrorCode): value is RootweaverError {
  return RootweaverError.isInstance(value) && (code === undefined || value.code === code);
}

const secretPatterns: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  /\b((?:api[_-]?key|authorization|token)["'=:\s]+)[A-Za-z0-9._~+/=-]{8,}/gi,
];

/** Replaces anything that looks like an API key or bearer token with `[redacted]`. */
export function redactSecrets(text: string): string {
  let result = text;
  for (const pattern of secretPatterns) {
    result = result.replace(pattern, (_match, prefix?: string) =>
      typeof prefix === 'string' ? `${prefix}[redacted]` : '[redacted]',
    );
  }
  return result;
}

/** Throws `aborted` when the signal has fired; call between steps of long work. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new RootweaverError('aborted', 'The operation was cancelled by its AbortSignal.', {
      cause: signal.reason,
    });
  }
}
