import type { IncomingMessage, ServerResponse } from 'node:http';
import { RootweaverError } from '@rootweaver/core';

export interface CorsPolicy {
  /**
   * Sets the CORS headers for the request's `Origin` when it is allowed; answers a preflight (`OPTIONS` with
   * `Access-Control-Request-Method`) itself and returns `true` then — the caller sends nothing more.
   */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

const allowedMethods = 'GET, POST, OPTIONS';
const allowedHeaders = 'Authorization, Content-Type, Accept';

/**
 * Cross-origin access for browsers on other origins (`--cors ORIGIN`, repeatable; `*` for any). Origins are
 * compared exactly (scheme, host and port, no trailing slash); a request from another origin gets no CORS
 * headers, so the browser withholds the answer.
 */
export function createCorsPolicy(origins: readonly string[]): CorsPolicy {
  const normalized = origins.map((origin) => origin.trim().replace(/\/+$/, ''));
  for (const origin of normalized) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new RootweaverError(
        'invalid-config',
        `CORS origin "${origin}" must be "*" or scheme://host[:port], e.g. https://app.example.com.`,
      );
    }
  }
  const any = normalized.includes('*');
  const allowed = new Set(normalized);
  return {
    handle(request, response) {
      const origin = request.headers.origin;
      const preflight =
        request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      response.appendHeader('Vary', 'Origin');
      const permitted = origin !== undefined && (any || allowed.has(origin));
      if (permitted) {
        response.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
        if (preflight) {
          response.setHeader('Access-Control-Allow-Methods', allowedMethods);
          response.setHeader('Access-Control-Allow-Headers', allowedHeaders);
          response.setHeader('Access-Control-Max-Age', '600');
        }
      }
      if (!preflight) return false;
      response.writeHead(permitted ? 204 : 403);
      response.end();
      return true;
    },
  };
}
