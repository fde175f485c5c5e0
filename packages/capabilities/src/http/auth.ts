import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { RootweaverError } from '@rootweaver/core';

/** The environment variable `rootweaver serve` reads the bearer token from when `--auth-token` is not given. */
export const authTokenEnvironmentVariable = 'ROOTWEAVER_AUTH_TOKEN';

export interface BearerAuth {
  /** Whether the request carries `Authorization: Bearer <the token>`. */
  authorized(request: IncomingMessage): boolean;
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Checks `Authorization: Bearer …` against one token in constant time: both sides are hashed to 32 bytes
 * first, so neither the comparison nor its length check tells how much of a guess was right.
 */
export function createBearerAuth(token: string): BearerAuth {
  if (!/^\S+$/.test(token)) {
    throw new RootweaverError('invalid-config', 'The auth token must be one word: no spaces, not empty.');
  }
  const expected = digest(token);
  return {
    authorized(request) {
      const header = request.headers.authorization;
      const match = header === undefined ? null : /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
      // A missing header is compared too (against a hash of nothing), so every rejection costs the same.
      const given = digest(match?.[1] ?? '');
      return timingSafeEqual(given, expected) && match !== null;
    },
  };
}
