import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRootweaverError, type RootweaverErrorCode, redactSecrets } from '@rootweaver/core';
import type { Registry } from 'prom-client';
import type {
  CapabilityEvent,
  CapabilityRequest,
  CapabilityResult,
} from '../capability/multi-hop-capability.js';
import { type AccessLogOptions, createAccessLog } from './access-log.js';
import { parseAskRequest } from './ask-request-schema.js';
import { toAskResponseBody } from './ask-response-schema.js';
import { createBearerAuth } from './auth.js';
import { createCorsPolicy } from './cors.js';
import { createOpenApiDocument } from './openapi.js';
import { sendEventStream, wantsEventStream } from './sse.js';
import { loadViewerPage, type ViewerPage } from './viewer-page.js';

/** What the HTTP surface needs of `MultiHopCapability`. */
export interface AskCapability {
  readonly registry: Registry;
  execute(request: CapabilityRequest): Promise<CapabilityResult>;
  /** The run's events, `finished` last (for `Accept: text/event-stream`). */
  stream(request: CapabilityRequest): AsyncIterable<CapabilityEvent>;
}

export interface CreateHttpServerOptions {
  readonly capability: AskCapability;
  /** Served at `GET /metrics`; defaults to the capability's registry. */
  readonly registry?: Registry;
  /** Request bodies above this are answered 413. Default 64 KiB. */
  readonly maxBodyBytes?: number;
  /** Called for every failed request (5xx) with the error; default: one stderr line. */
  readonly onError?: (error: unknown) => void;
  /** Origins allowed to call the API from a browser (`--cors ORIGIN`); `*` for any. Default none. */
  readonly corsOrigins?: readonly string[];
  /** When set, every route but `/healthz` and the viewer page needs `Authorization: Bearer <token>`. */
  readonly authToken?: string;
  /** One JSON line per request (pino); default none. */
  readonly accessLog?: AccessLogOptions;
  /** Serve the trace viewer at `GET /` (default true). */
  readonly viewer?: boolean;
}

export interface RootweaverHttpServer {
  readonly server: Server;
  /** Listens; resolves with the bound address (use port 0 for a free port). */
  listen(options: { port: number; host?: string }): Promise<AddressInfo>;
  /**
   * Graceful shutdown: stops accepting connections, answers 503 on /healthz, lets in-flight requests finish
   * (closing idle keep-alive connections), and force-closes what is left after `timeoutMs` (default 10 s).
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
  /** Requests being handled right now. */
  readonly inFlight: number;
}

const jsonType = 'application/json; charset=utf-8';

/** The rootweaver HTTP API: `POST /v1/ask`, `GET /metrics`, `GET /healthz`, on `node:http`. */
export function createHttpServer(options: CreateHttpServerOptions): RootweaverHttpServer {
  const { capability } = options;
  const registry = options.registry ?? capability.registry;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const onError =
    options.onError ??
    ((error: unknown) => process.stderr.write(`[rootweaver] request failed: ${describeError(error)}\n`));
  let draining = false;
  let inFlight = 0;
  const cors = options.corsOrigins === undefined ? undefined : createCorsPolicy(options.corsOrigins);
  const auth = options.authToken === undefined ? undefined : createBearerAuth(options.authToken);
  const accessLog = options.accessLog === undefined ? undefined : createAccessLog(options.accessLog);
  let openApiText: string | undefined;
  const viewer: ViewerPage | undefined = options.viewer === false ? undefined : loadViewerPage();

  const server = createServer((request, response) => {
    inFlight += 1;
    accessLog?.start(request, response);
    response.on('close', () => {
      inFlight -= 1;
      // While draining, a keep-alive connection that just went idle is closed at once, not after its timeout.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    if (draining) response.setHeader('Connection', 'close');
    handle(request, response).catch((error: unknown) => {
      onError(error);
      if (!response.headersSent) sendError(response, 500, 'internal', 'Unexpected server error.');
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 15_000;
  server.requestTimeout = 120_000;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (cors?.handle(request, response) === true) return;
    if (auth !== undefined && path !== '/healthz' && path !== '/' && !auth.authorized(request)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="rootweaver"');
      return sendError(response, 401, 'unauthorized', 'Send the token as `Authorization: Bearer <token>`.');
    }
    if (path === '/healthz') {
      if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(response, 'GET');
      return draining
        ? sendJson(response, 503, { status: 'shutting-down' })
        : sendJson(response, 200, { status: 'ok' });
    }
    if (path === '/metrics') {
      if (request.method !== 'GET') return methodNotAllowed(response, 'GET');
      const text = await registry.metrics();
      response.writeHead(200, { 'Content-Type': registry.contentType });
      response.end(text);
      return;
    }
    if (path === '/' && viewer !== undefined) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(response, 'GET');
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': Buffer.byteLength(viewer.html),
        'Content-Security-Policy': viewer.contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      });
      response.end(request.method === 'HEAD' ? undefined : viewer.html);
      return;
    }
    if (path === '/openapi.json') {
      if (request.method !== 'GET') return methodNotAllowed(response, 'GET');
      openApiText ??= JSON.stringify(createOpenApiDocument({ bearerAuth: auth !== undefined }));
      response.writeHead(200, { 'Content-Type': jsonType, 'Content-Length': Buffer.byteLength(openApiText) });
      response.end(openApiText);
      return;
    }
    if (path === '/v1/ask') {
      if (request.method !== 'POST') return methodNotAllowed(response, 'POST');
      return ask(request, response);
    }
    sendError(
      response,
      404,
      'not-found',
      `No route ${request.method ?? ''} ${path}. Routes: GET / (viewer), POST /v1/ask, GET /openapi.json, GET /metrics, GET /healthz.`,
    );
  }

  async function ask(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) {
      return sendError(
        response,
        415,
        'unsupported-media-type',
        'Send the body as JSON (Content-Type: application/json).',
      );
    }
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      request.resume();
      response.setHeader('Connection', 'close');
      return sendError(
        response,
        413,
        'payload-too-large',
        `The body is ${declared} bytes; the limit is ${maxBodyBytes}.`,
      );
    }
    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) {
      response.setHeader('Connection', 'close');
      return sendError(
        response,
        413,
        'payload-too-large',
        `The body exceeds the limit of ${maxBodyBytes} bytes.`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (error) {
      return sendError(response, 400, 'invalid-json', `The body is not valid JSON: ${describeError(error)}`);
    }
    const validated = parseAskRequest(parsed);
    if (!validated.ok) return sendError(response, 422, 'invalid-input', validated.message);
    const streamed = wantsEventStream(request, validated.stream);
    accessLog?.annotateQuery(response, validated.request.query);
    accessLog?.annotate(response, { stream: streamed });

    const controller = new AbortController();
    const abortOnDisconnect = (): void => {
      if (!response.writableFinished) controller.abort(new Error('client disconnected'));
    };
    response.on('close', abortOnDisconnect);
    try {
      const askRequest = { ...validated.request, signal: controller.signal };
      if (streamed) {
        const outcome = await sendEventStream(response, capability.stream(askRequest), {
          trace: validated.trace,
          onError,
        });
        if (outcome.kind === 'finished') annotateResult(outcome.result);
        else accessLog?.annotate(response, { outcome: outcome.kind });
        return;
      }
      const result = await capability.execute(askRequest);
      annotateResult(result);
      if (controller.signal.aborted) return;
      sendJson(response, 200, toAskResponseBody(result, validated.trace));
    } catch (error) {
      if (controller.signal.aborted) return;
      const status = statusFor(error);
      if (status >= 500) onError(error);
      const code = isRootweaverError(error) ? error.code : 'internal';
      const message = isRootweaverError(error) ? error.message : 'Unexpected server error.';
      sendError(response, status, code, message);
    } finally {
      response.off('close', abortOnDisconnect);
    }

    function annotateResult(result: CapabilityResult): void {
      const metadata = result.metadata.multi_hop;
      accessLog?.annotate(response, {
        planner: metadata.planner,
        outcome: metadata.refusal === null ? 'answered' : `refused:${metadata.refusal}`,
        llm_calls: metadata.llm_calls,
        tokens: metadata.tokens,
      });
    }
  }

  return {
    server,
    get inFlight() {
      return inFlight;
    },
    listen({ port, host = '127.0.0.1' }) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      });
    },
    close({ timeoutMs = 10_000 } = {}) {
      draining = true;
      return new Promise((resolve) => {
        if (!server.listening) return resolve();
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

/** Reads the body up to `limit` bytes; `undefined` when it is larger. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });
}

function statusFor(error: unknown): number {
  if (!isRootweaverError(error)) return 500;
  const byCode: Partial<Record<RootweaverErrorCode, number>> = {
    'invalid-input': 422,
    'not-found': 404,
    'llm-rate-limited': 503,
    'llm-unavailable': 502,
    'llm-bad-response': 502,
    'llm-timeout': 504,
    'store-unavailable': 503,
    'embedding-failed': 502,
  };
  return byCode[error.code] ?? 500;
}

function methodNotAllowed(response: ServerResponse, allow: string): void {
  response.setHeader('Allow', allow);
  sendError(response, 405, 'method-not-allowed', `Use ${allow} for this route.`);
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, { error: { code, message: redactSecrets(message) } });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': jsonType, 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

function describeError(error: unknown): string {
  return redactSecrets(error instanceof Error ? error.message : String(error));
}
