import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received, with its JSON body parsed. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly endpoint: 'chat' | 'embeddings' | 'other';
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (`undefined` when the body was not JSON). */
  readonly body: Record<string, unknown> | undefined;
  /** The content of the last `user` message of a chat request; '' otherwise. */
  readonly lastUserMessage: string;
  /** True when the client went away before the reply was sent (e.g. its AbortSignal fired). */
  aborted: boolean;
}

/** Which requests an entry applies to: a substring or regex of the last user message, or a predicate on the request. */
export type RequestMatcher = string | RegExp | ((request: RecordedRequest) => boolean);

/** A chat reply: fixed text or a function of the request. */
export type TestChatReply = string | ((request: RecordedRequest) => string);

/** An embeddings reply: one vector per input text. */
export type TestEmbeddingReply = (input: string, request: RecordedRequest) => number[];

/** What a responder decides for one request: a fault to play, else a reply text (else the scripts decide). */
export interface ScriptedResponse {
  readonly fault?: TestServerFault;
  readonly text?: string;
}

/** Decides the reply to each request in code (e.g. a fuzzer's per-case script); consulted before scripts and faults. */
export type TestResponder = (request: RecordedRequest) => ScriptedResponse | undefined;

/** A failure the server plays instead of (or around) a normal reply. */
export type TestServerFault =
  /** HTTP 429 with `retry-after` (seconds) and `retry-after-ms` headers. */
  | { readonly kind: 'rate-limit'; readonly retryAfterMs?: number }
  /** HTTP 5xx with an OpenAI-style error body. */
  | { readonly kind: 'server-error'; readonly status?: number }
  /** HTTP 401. */
  | { readonly kind: 'unauthorized' }
  /** Waits before answering normally; stops waiting when the client aborts. */
  | { readonly kind: 'slow'; readonly delayMs: number }
  /** A 200 whose JSON body is cut off halfway. */
  | { readonly kind: 'truncated-json' }
  /** A well-formed response whose message content is broken JSON. */
  | { readonly kind: 'malformed-content' }
  /** HTTP 400 when the request carries `response_format`, as some servers do. */
  | { readonly kind: 'reject-response-format' }
  /** A normal reply without the `usage` field. */
  | { readonly kind: 'missing-usage' }
  /** Sends the 200 headers, then nothing at all until the client goes away. */
  | { readonly kind: 'hang-after-headers' }
  /** Sends the first `keepBytes` bytes of the normal reply (body or SSE stream), then stalls. */
  | { readonly kind: 'stall'; readonly keepBytes?: number }
  /** Sends the normal reply one byte every `intervalMs` (default 100). */
  | { readonly kind: 'drip'; readonly intervalMs?: number }
  /** Destroys the connection without a reply (the client sees a reset). */
  | { readonly kind: 'reset' }
  /** A raw reply: status, content type and bytes as given (e.g. non-UTF-8, not JSON, not SSE). */
  | {
      readonly kind: 'raw';
      readonly status?: number;
      readonly contentType?: string;
      readonly body: string | Uint8Array;
      readonly headers?: Readonly<Record<string, string>>;
    };

interface ChatEntry {
  readonly match: RequestMatcher;
  readonly reply: TestChatReply;
  readonly times: number | undefined;
  used: number;
}

interface FaultEntry {
  readonly fault: TestServerFault;
  readonly endpoint: 'chat' | 'embeddings' | 'any';
  readonly match: RequestMatcher | undefined;
  readonly times: number | undefined;
  used: number;
}

export interface OpenAICompatibleTestServerOptions {
  /** Reply to chat requests no entry matches. Default: `'OK'`. */
  readonly defaultChatReply?: TestChatReply;
  /** Dimension of the default (hashed bag-of-words, L2-normalised) embeddings. Default 16. */
  readonly embeddingDimension?: number;
  /** Reject every request carrying `response_format` with a 400 (a server without JSON mode). */
  readonly rejectResponseFormat?: boolean;
  /** Require `Authorization: Bearer <apiKey>`; other requests get a 401. */
  readonly apiKey?: string;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/** Deterministic bag-of-words embedding, L2-normalised. */
export function hashedEmbedding(text: string, dimension: number): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (let index = 0; index < word.length; index += 1)
      hash = Math.imul(hash ^ word.charCodeAt(index), 16777619);
    const bucket = (hash >>> 0) % dimension;
    vector[bucket] = (vector[bucket] ?? 0) + 1;
  }
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((value) => value / norm) : vector;
}

function lastUserMessageOf(body: Record<string, unknown> | undefined): string {
  const messages = body?.messages;
  if (!Array.isArray(messages)) return '';
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message: unknown = messages[index];
    if (typeof message === 'object' && message !== null && (message as { role?: unknown }).role === 'user') {
      const content = (message as { content?: unknown }).content;
      return typeof content === 'string' ? content : JSON.stringify(content);
    }
  }
  return '';
}

function matches(matcher: RequestMatcher | undefined, request: RecordedRequest): boolean {
  if (matcher === undefined) return true;
  if (typeof matcher === 'function') return matcher(request);
  return typeof matcher === 'string'
    ? request.lastUserMessage.includes(matcher)
    : matcher.test(request.lastUserMessage);
}

function hasUses(entry: { times: number | undefined; used: number }): boolean {
  return entry.times === undefined || entry.used < entry.times;
}

/**
 * A local OpenAI-compatible HTTP server for tests: `POST /v1/chat/completions` (plain and SSE
 * streaming) and `POST /v1/embeddings`. Replies are scripted by matcher, every request is
 * recorded, and faults (429, 5xx, 401, slow, truncated JSON, malformed content, rejected
 * `response_format`, missing usage, headers then silence, a stalled or dripping body or stream, a
 * reset, raw bytes) can be injected per request. Listens on 127.0.0.1, port 0.
 */
export class OpenAICompatibleTestServer {
  readonly requests: RecordedRequest[] = [];
  private readonly chatEntries: ChatEntry[] = [];
  private readonly faults: FaultEntry[] = [];
  private embeddingReply: TestEmbeddingReply;
  private responder: TestResponder | undefined;
  private readonly options: OpenAICompatibleTestServerOptions;
  private server: Server | undefined;
  private baseUrl: string | undefined;

  constructor(options: OpenAICompatibleTestServerOptions = {}) {
    this.options = options;
    const dimension = options.embeddingDimension ?? 16;
    this.embeddingReply = (input) => hashedEmbedding(input, dimension);
  }

  /** Starts listening; resolves with the base URL (ending in `/v1`). */
  async start(): Promise<string> {
    if (this.baseUrl !== undefined) return this.baseUrl;
    const server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${address.port}/v1`;
    return this.baseUrl;
  }

  /** The base URL including `/v1`, for `new OpenAI({ baseURL })`. Throws before `start()`. */
  get url(): string {
    if (this.baseUrl === undefined) throw new Error('OpenAICompatibleTestServer: call start() first.');
    return this.baseUrl;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    this.server = undefined;
    this.baseUrl = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Scripts a chat reply for requests that match; entries are tried in the order added. */
  onChat(match: RequestMatcher, reply: TestChatReply, options: { times?: number } = {}): this {
    this.chatEntries.push({ match, reply, times: options.times, used: 0 });
    return this;
  }

  /** Sets (or with `undefined` removes) a responder consulted first for every chat request. */
  respondWith(responder: TestResponder | undefined): this {
    this.responder = responder;
    return this;
  }

  /** Replaces the default embedding function. */
  onEmbeddings(reply: TestEmbeddingReply): this {
    this.embeddingReply = reply;
    return this;
  }

  /**
   * Injects a fault for the next matching requests (`times` defaults to 1; `Infinity` for all).
   * `endpoint` defaults to `any`.
   */
  injectFault(
    fault: TestServerFault,
    options: { times?: number; endpoint?: 'chat' | 'embeddings' | 'any'; match?: RequestMatcher } = {},
  ): this {
    this.faults.push({
      fault,
      endpoint: options.endpoint ?? 'any',
      match: options.match,
      times: options.times === Infinity ? undefined : (options.times ?? 1),
      used: 0,
    });
    return this;
  }

  /** Removes every scripted reply and fault and forgets recorded requests. */
  reset(): this {
    this.responder = undefined;
    this.chatEntries.length = 0;
    this.faults.length = 0;
    this.requests.length = 0;
    return this;
  }

  /** Recorded chat requests only. */
  get chatRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.endpoint === 'chat');
  }

  /** Recorded embeddings requests only. */
  get embeddingRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.endpoint === 'embeddings');
  }

  private async handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(raw);
      body = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const endpoint = path.endsWith('/chat/completions')
      ? 'chat'
      : path.endsWith('/embeddings')
        ? 'embeddings'
        : 'other';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path,
      endpoint,
      headers,
      body,
      lastUserMessage: lastUserMessageOf(body),
      aborted: false,
    };
    this.requests.push(request);
    response.on('close', () => {
      if (!response.writableFinished) request.aborted = true;
    });

    if (incoming.method !== 'POST' || endpoint === 'other') {
      this.sendError(response, 404, 'not_found', `No route for ${incoming.method} ${path}`);
      return;
    }
    if (body === undefined) {
      this.sendError(response, 400, 'invalid_request_error', 'The request body is not valid JSON.');
      return;
    }
    if (this.options.apiKey !== undefined && headers.authorization !== `Bearer ${this.options.apiKey}`) {
      this.sendError(response, 401, 'invalid_api_key', 'Incorrect API key provided.');
      return;
    }

    const scripted = endpoint === 'chat' ? this.responder?.(request) : undefined;
    const faults = scripted?.fault !== undefined ? [scripted.fault] : this.takeFaults(request);
    for (const fault of faults) {
      if (fault.kind === 'slow') {
        const completed = await this.wait(fault.delayMs, response);
        if (!completed) return;
      }
    }
    const kinds = new Set(faults.map((fault) => fault.kind));
    if (kinds.has('reset')) {
      incoming.socket.destroy();
      return;
    }
    if (kinds.has('hang-after-headers')) {
      response.writeHead(200, {
        'content-type': body.stream === true ? 'text/event-stream' : 'application/json',
      });
      response.flushHeaders();
      return;
    }
    const rawReply = faults.find((fault) => fault.kind === 'raw');
    if (rawReply !== undefined) {
      response.writeHead(rawReply.status ?? 200, {
        'content-type': rawReply.contentType ?? 'application/json',
        ...rawReply.headers,
      });
      response.end(typeof rawReply.body === 'string' ? rawReply.body : Buffer.from(rawReply.body));
      return;
    }
    const stall = faults.find((fault) => fault.kind === 'stall');
    const drip = faults.find((fault) => fault.kind === 'drip');
    if (stall !== undefined || drip !== undefined) this.shapeBody(response, stall, drip);
    const rateLimit = faults.find((fault) => fault.kind === 'rate-limit');
    if (rateLimit !== undefined) {
      const retryAfterMs = rateLimit.retryAfterMs ?? 10;
      response.setHeader('retry-after', String(Math.ceil(retryAfterMs / 1000)));
      response.setHeader('retry-after-ms', String(retryAfterMs));
      this.sendError(response, 429, 'rate_limit_exceeded', 'Rate limit reached; retry later.');
      return;
    }
    const serverError = faults.find((fault) => fault.kind === 'server-error');
    if (serverError !== undefined) {
      this.sendError(response, serverError.status ?? 500, 'server_error', 'The server had an error.');
      return;
    }
    if (kinds.has('unauthorized')) {
      this.sendError(response, 401, 'invalid_api_key', 'Incorrect API key provided.');
      return;
    }
    if (
      endpoint === 'chat' &&
      body.response_format !== undefined &&
      (this.options.rejectResponseFormat === true || kinds.has('reject-response-format'))
    ) {
      this.sendError(response, 400, 'invalid_request_error', "Unsupported parameter: 'response_format'.");
      return;
    }
    if (endpoint === 'embeddings') {
      this.replyEmbeddings(request, body, response, kinds);
      return;
    }
    this.replyChat(request, body, response, kinds, scripted?.text);
  }

  /**
   * Makes `response.write`/`end` misbehave: everything written is buffered and played out either cut
   * after `keepBytes` (then silence), or one byte every `intervalMs`. Stops when the client goes away.
   */
  private shapeBody(
    response: ServerResponse,
    stall: Extract<TestServerFault, { kind: 'stall' }> | undefined,
    drip: Extract<TestServerFault, { kind: 'drip' }> | undefined,
  ): void {
    const pending: Buffer[] = [];
    let sent = 0;
    let ended = false;
    let timer: NodeJS.Timeout | undefined;
    const originalWrite = response.write.bind(response) as (chunk: Buffer) => boolean;
    const originalEnd = response.end.bind(response) as () => ServerResponse;
    const keepBytes = stall?.keepBytes ?? 24;
    const pump = (): void => {
      timer = undefined;
      if (response.destroyed) return;
      const next = pending[0];
      if (next === undefined) {
        if (ended && stall === undefined) originalEnd();
        return;
      }
      if (stall !== undefined) {
        const room = keepBytes - sent;
        if (room <= 0) return;
        const piece = next.subarray(0, room);
        if (piece.length === next.length) pending.shift();
        else pending[0] = next.subarray(room);
        sent += piece.length;
        originalWrite(piece);
        if (drip === undefined) pump();
        else timer = setTimeout(pump, drip.intervalMs ?? 100);
        return;
      }
      originalWrite(next.subarray(0, 1));
      if (next.length === 1) pending.shift();
      else pending[0] = next.subarray(1);
      sent += 1;
      timer = setTimeout(pump, drip?.intervalMs ?? 100);
    };
    const enqueue = (chunk: unknown): void => {
      if (chunk === undefined || chunk === null) return;
      pending.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
      if (timer === undefined) pump();
    };
    response.write = ((chunk: unknown) => {
      enqueue(chunk);
      return true;
    }) as typeof response.write;
    response.end = ((chunk?: unknown) => {
      if (typeof chunk !== 'function') enqueue(chunk);
      ended = true;
      if (timer === undefined) pump();
      return response;
    }) as typeof response.end;
    response.once('close', () => {
      if (timer !== undefined) clearTimeout(timer);
      pending.length = 0;
    });
    // Headers go out at once, as a real server sends them before a slow body.
    const originalWriteHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
    response.writeHead = ((...args: unknown[]) => {
      originalWriteHead(...args);
      response.flushHeaders();
      return response;
    }) as typeof response.writeHead;
  }

  private takeFaults(request: RecordedRequest): TestServerFault[] {
    const taken: TestServerFault[] = [];
    for (const entry of this.faults) {
      if (!hasUses(entry)) continue;
      if (entry.endpoint !== 'any' && entry.endpoint !== request.endpoint) continue;
      if (!matches(entry.match, request)) continue;
      if (taken.some((fault) => fault.kind === entry.fault.kind)) continue;
      entry.used += 1;
      taken.push(entry.fault);
    }
    return taken;
  }

  private wait(delayMs: number, response: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        response.off('close', onClose);
        resolve(true);
      }, delayMs);
      const onClose = (): void => {
        clearTimeout(timer);
        resolve(false);
      };
      response.once('close', onClose);
    });
  }

  private chatReplyText(request: RecordedRequest): string {
    const entry = this.chatEntries.find(
      (candidate) => hasUses(candidate) && matches(candidate.match, request),
    );
    if (entry !== undefined) entry.used += 1;
    const reply = entry?.reply ?? this.options.defaultChatReply ?? 'OK';
    return typeof reply === 'function' ? reply(request) : reply;
  }

  private replyChat(
    request: RecordedRequest,
    body: Record<string, unknown>,
    response: ServerResponse,
    kinds: ReadonlySet<TestServerFault['kind']>,
    scriptedText?: string,
  ): void {
    let text = scriptedText ?? this.chatReplyText(request);
    if (kinds.has('malformed-content')) text = `{"answer": "${text.slice(0, 20)}", "evidence": [1, 2,`;
    const model = typeof body.model === 'string' ? body.model : 'test-model';
    const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
    const promptTokens = messages.reduce(
      (sum, message) => sum + (typeof message.content === 'string' ? countWords(message.content) : 0),
      0,
    );
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: countWords(text),
      total_tokens: promptTokens + countWords(text),
    };
    const id = `chatcmpl-test-${this.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (body.stream === true) {
      const includeUsage =
        (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true &&
        !kinds.has('missing-usage');
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (payload: unknown): void => {
        response.write(`data: ${JSON.stringify(payload)}\n\n`);
      };
      const chunk = (delta: Record<string, unknown>, finishReason: string | null): unknown => ({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
      });
      send(chunk({ role: 'assistant', content: '' }, null));
      // Word by word, as models stream; a long text in 1,000-character pieces, written at once, so a
      // huge reply does not hold the event loop this server shares with the code under test.
      const pieces =
        text.length <= 4_096 ? (text.match(/\S+\s*|\s+/g) ?? []) : (text.match(/[\s\S]{1,1000}/g) ?? []);
      if (pieces.length <= 64) {
        for (const piece of pieces) send(chunk({ content: piece }, null));
      } else {
        response.write(
          pieces.map((piece) => `data: ${JSON.stringify(chunk({ content: piece }, null))}\n\n`).join(''),
        );
      }
      send(chunk({}, 'stop'));
      if (includeUsage) send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
      response.end('data: [DONE]\n\n');
      return;
    }
    const payload: Record<string, unknown> = {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
    };
    if (!kinds.has('missing-usage')) payload.usage = usage;
    this.sendJson(response, payload, kinds.has('truncated-json'));
  }

  private replyEmbeddings(
    request: RecordedRequest,
    body: Record<string, unknown>,
    response: ServerResponse,
    kinds: ReadonlySet<TestServerFault['kind']>,
  ): void {
    const input = body.input;
    const values = typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : [];
    const base64 = body.encoding_format === 'base64';
    const data = values.map((value, index) => {
      const vector = this.embeddingReply(value, request);
      const embedding = base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = values.reduce((sum, value) => sum + countWords(value), 0);
    const payload: Record<string, unknown> = {
      object: 'list',
      data,
      model: typeof body.model === 'string' ? body.model : 'test-embedding-model',
    };
    if (!kinds.has('missing-usage')) payload.usage = { prompt_tokens: tokens, total_tokens: tokens };
    this.sendJson(response, payload, kinds.has('truncated-json'));
  }

  private sendJson(response: ServerResponse, payload: unknown, truncate: boolean): void {
    const text = JSON.stringify(payload);
    const sent = truncate ? text.slice(0, Math.floor(text.length / 2)) : text;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(sent);
  }

  private sendError(response: ServerResponse, status: number, code: string, message: string): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message, type: code, code, param: null } }));
  }
}
