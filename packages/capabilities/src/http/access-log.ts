import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import { loadPino } from '../load-on-use.js';

export interface AccessLogOptions {
  /** Where the JSON lines go, e.g. `process.stdout` or `{ write: (line) => … }`. */
  readonly destination: DestinationStream;
  /** Log the question of `POST /v1/ask` too (`query`). Off by default: questions may be personal data. */
  readonly logQueries?: boolean;
}

/** What a route adds to its request's log line: the planner that ran, its outcome and cost, … */
export type AccessLogFields = Readonly<Record<string, string | number | boolean | null>>;

export interface AccessLog {
  /** Starts a request's record; its line is written once, when the response closes. */
  start(request: IncomingMessage, response: ServerResponse): void;
  /** Adds fields to the line of the request `response` answers. */
  annotate(response: ServerResponse, fields: AccessLogFields): void;
  /** Adds the question, only when `logQueries` is on. */
  annotateQuery(response: ServerResponse, query: string): void;
}

const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * The structured access log of `rootweaver serve`: one JSON line per request (pino), with the method, the
 * path without its query string, the status, the duration, a request id (the client's `X-Request-Id` when
 * it is a plain token, else a new one, echoed in the response) and what the route added. No header is
 * logged, so neither a bearer token nor a cookie ever is; the question only with `logQueries`.
 */
export function createAccessLog(options: AccessLogOptions): AccessLog {
  const { pino } = loadPino();
  const logger: Logger = pino(
    { base: null, timestamp: pino.stdTimeFunctions.isoTime, messageKey: 'msg' },
    options.destination,
  );
  const fieldsOf = new WeakMap<ServerResponse, Record<string, string | number | boolean | null>>();
  return {
    start(request, response) {
      const started = performance.now();
      const given = request.headers['x-request-id'];
      const requestId = typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
      response.setHeader('X-Request-Id', requestId);
      const fields: Record<string, string | number | boolean | null> = {};
      fieldsOf.set(response, fields);
      response.once('close', () => {
        logger.info(
          {
            request_id: requestId,
            method: request.method ?? '',
            path: (request.url ?? '/').split('?')[0] ?? '/',
            status: response.statusCode,
            duration_ms: Math.round((performance.now() - started) * 10) / 10,
            ...(response.writableFinished ? {} : { aborted: true }),
            remote_address: request.socket.remoteAddress ?? null,
            ...fields,
          },
          'request',
        );
      });
    },
    annotate(response, fields) {
      const existing = fieldsOf.get(response);
      if (existing !== undefined) Object.assign(existing, fields);
    },
    annotateQuery(response, query) {
      if (options.logQueries === true) this.annotate(response, { query });
    },
  };
}
