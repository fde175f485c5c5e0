import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redactSecrets } from '@rootweaver/core';
import type { Registry } from 'prom-client';
import type {
  CapabilityEvent,
  CapabilityRequest,
  CapabilityResult,
  CapabilityRetrieval,
} from '../capability/capability-types.js';
import { type AccessLogOptions, createAccessLog } from './access-log.js';
import type { AnswerRoute } from './answer-route.js';
import { parseAskRequest } from './ask-request-schema.js';
import { toAskResponseBody } from './ask-response-schema.js';
import { createBearerAuth } from './auth.js';
import { createCorsPolicy } from './cors.js';
import { errorResponseFor } from './error-status.js';
import { HealthTracker } from './health.js';
import { createOpenApiDocument } from './openapi.js';
import { parseRetrieveRequest, toRetrieveResponseBody } from './retrieve-schema.js';
import { ServerLifecycle, ShutdownAbort } from './server-lifecycle.js';
import { sendEventStream, wantsEventStream } from './sse.js';
import { loadViewerPage, type ViewerPage } from './viewer-page.js';

/** What the HTTP surface needs of `MultiHopCapability`. */
export interface AskCapability {
  readonly registry: Registry;
  execute(request: CapabilityRequest): Promise<CapabilityResult>;
  /** Resolves when the store answers, rejects with why not: `/healthz` reports it. */
  checkHealth?(): Promise<unknown>;
  /** The run's events, `finished` last (for `Accept: text/event-stream`). */
  stream(request: CapabilityRequest): AsyncIterable<CapabilityEvent>;
  /** The run's evidence without an answer (`POST /v1/retrieve`; 404 without it). */
  retrieve?(request: CapabilityRequest): Promise<CapabilityRetrieval>;
}

export interface CreateHttpServerOptions {
  readonly capability: AskCapability;
  /** Served at `GET /metrics`; defaults to the capability's registry. */
  readonly registry?: Registry;
  /** Request bodies above this are answered 413. Default 64 KiB. */
  readonly maxBodyBytes?: number;
  /** Called for every failed request (5xx) with the error; default: one stderr line. */
  readonly onError?: (error: unknown) => void;
  /** Runs at once; more are answered 503 with `Retry-After: 1`. Default 256. */
  readonly maxConcurrentRuns?: number;
  /** Time for a client to send its headers (`server.headersTimeout`). Default 10 s. */
  readonly headersTimeoutMs?: number;
  /** Time for a client to send its whole request (`server.requestTimeout`). Default 30 s. */
  readonly requestTimeoutMs?: number;
  /** Origins allowed to call the API from a browser (`--cors ORIGIN`); `*` for any. Default none. */
  readonly corsOrigins?: readonly string[];
  /** When set, every route but `/healthz` and the viewer page needs `Authorization: Bearer <token>`. */
  readonly authToken?: string;
  /** One JSON line per request (pino); default none. */
  readonly accessLog?: AccessLogOptions;
  /** Serve the trace viewer at `GET /` (default true). */
  readonly viewer?: boolean;
  /** More protocols to answer in, each on its own `POST` path (e.g. `@rootweaver/ai-sdk`'s UI message stream). */
  readonly answerRoutes?: readonly AnswerRoute[];
}

export interface RootweaverHttpServer {
  readonly server: Server;
  /** Listens; resolves with the bound address (use port 0 for a free port). */
  listen(options: { port: number; host?: string }): Promise<AddressInfo>;
  /**
   * Graceful shutdown that answers (ADR-0010): new requests get a 503 JSON body and `Connection: close`
   * (so connections the kernel already accepted are answered, not reset), the listener closes once
   * connections stop arriving, runs in flight finish until `timeoutMs` (default 10 s), and the runs
   * still going then are ended and answered 503.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
  /** Requests being handled right now. */
  readonly inFlight: number;
}

const jsonType = 'application/json; charset=utf-8';

/** The rootweaver HTTP API: `POST /v1/ask`, `POST /v1/retrieve`, `GET /metrics`, `GET /healthz`, on `node:http`. */
export function createHttpServer(options: CreateHttpServerOptions): RootweaverHttpServer {
  const { capability } = options;
  const registry = options.registry ?? capability.registry;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const onError =
    options.onError ??
    ((error: unknown) => process.stderr.write(`[rootweaver] request failed: ${describeError(error)}\n`));
  let inFlight = 0;
  const health = new HealthTracker(capability.checkHealth?.bind(capability));
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
    });
    if (lifecycle.draining) response.setHeader('Connection', 'close');
    handle(request, response).catch((error: unknown) => {
      onError(error);
      if (!response.headersSent) sendError(response, 500, 'internal', 'Unexpected server error.');
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = options.headersTimeoutMs ?? 10_000;
  server.requestTimeout = options.requestTimeoutMs ?? 30_000;
  const lifecycle = new ServerLifecycle(server, {
    ...(options.maxConcurrentRuns === undefined ? {} : { maxConcurrentRuns: options.maxConcurrentRuns }),
  });

  const postRoutes = new Map<string, (request: IncomingMessage, response: ServerResponse) => Promise<void>>([
    ['/v1/ask', ask],
    ['/v1/retrieve', retrieve],
    ...(options.answerRoutes ?? []).map(
      (route) =>
        [
          route.path,
          (request: IncomingMessage, response: ServerResponse) => answerIn(route, request, response),
        ] as const,
    ),
  ]);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (cors?.handle(request, response) === true) return;
    if (auth !== undefined && path !== '/healthz' && path !== '/' && !auth.authorized(request)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="rootweaver"');
      return sendError(response, 401, 'unauthorized', 'Send the token as `Authorization: Bearer <token>`.');
    }
    if (path === '/healthz') {
      if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(response, 'GET');
      if (lifecycle.draining) return sendJson(response, 503, { status: 'shutting-down' });
      const report = await health.report();
      return sendJson(response, report.healthy ? 200 : 503, report.body);
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
    const post = postRoutes.get(path);
    if (post !== undefined) {
      if (request.method !== 'POST') return methodNotAllowed(response, 'POST');
      if (lifecycle.draining) {
        request.resume();
        return unavailable(
          response,
          'shutting-down',
          'The server is shutting down; retry on another instance.',
        );
      }
      return post(request, response);
    }
    sendError(
      response,
      404,
      'not-found',
      `No route ${request.method ?? ''} ${path}. Routes: GET / (viewer), POST /v1/ask, POST /v1/retrieve, GET /openapi.json, GET /metrics, GET /healthz.`,
    );
  }

  /** Reads a JSON body; `undefined` when it answered the request itself (415, 413, 400). */
  async function readJsonBody(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<{ readonly value: unknown } | undefined> {
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) {
      sendError(
        response,
        415,
        'unsupported-media-type',
        'Send the body as JSON (Content-Type: application/json).',
      );
      return undefined;
    }
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      request.resume();
      response.setHeader('Connection', 'close');
      sendError(
        response,
        413,
        'payload-too-large',
        `The body is ${declared} bytes; the limit is ${maxBodyBytes}.`,
      );
      return undefined;
    }
    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) {
      response.setHeader('Connection', 'close');
      sendError(response, 413, 'payload-too-large', `The body exceeds the limit of ${maxBodyBytes} bytes.`);
      return undefined;
    }
    try {
      return { value: JSON.parse(body.toString('utf8')) };
    } catch (error) {
      sendError(response, 400, 'invalid-json', `The body is not valid JSON: ${describeError(error)}`);
      return undefined;
    }
  }

  /**
   * Runs one admitted request's work with a signal that fires when the client goes away or shutdown ends
   * the run: 503 when too many runs are in progress or the server shut down meanwhile, and a failure
   * answered with its status (an error after the response began is the work's to report).
   */
  async function runAdmitted(
    response: ServerResponse,
    work: (signal: AbortSignal, shutDown: () => boolean) => Promise<void>,
  ): Promise<void> {
    const run = lifecycle.admit();
    if (run === undefined) {
      return unavailable(response, 'overloaded', 'Too many questions in progress; retry in a moment.', 1);
    }
    const controller = new AbortController();
    const abortOnDisconnect = (): void => {
      if (!response.writableFinished) controller.abort(new Error('client disconnected'));
    };
    const abortOnShutdown = (): void => controller.abort(run.signal.reason);
    response.on('close', abortOnDisconnect);
    run.signal.addEventListener('abort', abortOnShutdown, { once: true });
    const shutDown = (): boolean => run.signal.aborted && run.signal.reason instanceof ShutdownAbort;
    try {
      await work(controller.signal, shutDown);
    } catch (error) {
      health.recordFailure(error);
      if (shutDown()) return shutDownBeforeAnswer(response);
      if (controller.signal.aborted) return;
      const failure = errorResponseFor(error);
      if (failure.status >= 500) onError(error);
      if (failure.retryAfterSeconds !== undefined) {
        response.setHeader('Retry-After', String(failure.retryAfterSeconds));
      }
      sendError(response, failure.status, failure.code, failure.message);
    } finally {
      response.off('close', abortOnDisconnect);
      run.signal.removeEventListener('abort', abortOnShutdown);
      run.release();
    }
  }

  async function ask(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJsonBody(request, response);
    if (body === undefined) return;
    const validated = parseAskRequest(body.value);
    if (!validated.ok) return sendError(response, 422, 'invalid-input', validated.message);
    const streamed = wantsEventStream(request, validated.stream);
    accessLog?.annotateQuery(response, validated.request.query);
    accessLog?.annotate(response, { stream: streamed });
    await runAdmitted(response, async (signal, shutDown) => {
      const askRequest = { ...validated.request, signal };
      if (streamed) {
        const outcome = await sendEventStream(response, capability.stream(askRequest), {
          trace: validated.trace,
          onError,
        });
        if (outcome.kind === 'finished') {
          health.recordSuccess();
          annotateResult(outcome.result);
        } else accessLog?.annotate(response, { outcome: outcome.kind });
        return;
      }
      const result = await capability.execute(askRequest);
      health.recordSuccess();
      if (shutDown()) return shutDownBeforeAnswer(response);
      annotateResult(result);
      if (signal.aborted) return;
      sendJson(response, 200, toAskResponseBody(result, validated.trace));
    });

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

  async function retrieve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { retrieve: retrieveEvidence } = capability;
    if (retrieveEvidence === undefined) {
      return sendError(
        response,
        404,
        'not-found',
        'This server has no retrieval: its capability has no retrieve method.',
      );
    }
    const body = await readJsonBody(request, response);
    if (body === undefined) return;
    const validated = parseRetrieveRequest(body.value);
    if (!validated.ok) return sendError(response, 422, 'invalid-input', validated.message);
    accessLog?.annotateQuery(response, validated.request.query);
    await runAdmitted(response, async (signal, shutDown) => {
      const retrieval = await retrieveEvidence.call(capability, { ...validated.request, signal });
      health.recordSuccess();
      if (shutDown()) return shutDownBeforeAnswer(response);
      const metadata = retrieval.metadata.multi_hop;
      accessLog?.annotate(response, {
        planner: metadata.planner,
        outcome: metadata.refusal === null ? 'retrieved' : `refused:${metadata.refusal}`,
        llm_calls: metadata.llm_calls,
        tokens: metadata.tokens,
      });
      if (signal.aborted) return;
      sendJson(response, 200, toRetrieveResponseBody(retrieval, validated.trace));
    });
  }

  async function answerIn(
    route: AnswerRoute,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const body = await readJsonBody(request, response);
    if (body === undefined) return;
    const parsed = await route.parse(body.value);
    if (!parsed.ok) return sendError(response, 422, 'invalid-input', parsed.message);
    accessLog?.annotateQuery(response, parsed.request.query);
    accessLog?.annotate(response, { stream: true });
    await runAdmitted(response, async (signal) => {
      // `stream` validates the request and reads the flags at once: bad input is answered with its status.
      const events = capability.stream({ ...parsed.request, signal });
      await route.respond(response, events);
      health.recordSuccess();
    });
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
      return lifecycle.shutdown(timeoutMs);
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

function shutDownBeforeAnswer(response: ServerResponse): void {
  unavailable(response, 'shutting-down', 'The server shut down before the answer was complete; retry.');
}

/** A 503 JSON body with `Retry-After`; the connection closes after it while draining. */
function unavailable(response: ServerResponse, code: string, message: string, retryAfterSeconds = 5): void {
  response.setHeader('Retry-After', String(retryAfterSeconds));
  sendError(response, 503, code, message);
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
