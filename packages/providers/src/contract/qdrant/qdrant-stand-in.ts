import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv, type ValidateFunction } from 'ajv';
import { type QdrantOperation, qdrantOperations, qdrantSchemas } from './qdrant-openapi-subset.js';

/**
 * A local HTTP server that speaks the part of Qdrant's REST API that `QdrantStore` uses, for the
 * knowledge-store contract suite in `pnpm test` (a real Qdrant runs only where `QDRANT_URL` is set).
 *
 * Every request body is validated against Qdrant's published OpenAPI schema before it is served, and
 * every response body before it is sent (`qdrant-openapi-subset.ts`); a request the schema rejects,
 * an operation Qdrant does not have, or a response of ours that the schema rejects is recorded in
 * `violations` and answered with an error, so the test that made it fails.
 *
 * What it implements, as Qdrant documents it: collections with one named dense vector (Cosine:
 * vectors normalised on upsert, score = dot product) and named sparse vectors (the `idf` modifier:
 * query weights × ln(1 + (N − df + 0.5) / (df + 0.5)); only points sharing an index score), payload
 * filters (`must` / `should` / `must_not` of field conditions: `match` value / any / except, `range`,
 * dotted keys into nested payload), prefetches fused by reciprocal rank fusion (1 / (2 + rank)),
 * count, scroll with `next_page_offset`, delete by filter or ids, payload indexes, the `api-key` header.
 * What it does not: HNSW (every search is exact), Qdrant's text tokenisation, consistency and
 * ordering options, shards, quantisation — and it is not Qdrant: agreeing with the schema does not
 * prove that a real server ranks or fails the same way. Faults (`failNext`) are for the retry paths.
 */
export class QdrantStandIn {
  /** Every request served, in order: method, path (no query string), parsed body. */
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  /** Requests or responses that do not conform to Qdrant's schema, or operations Qdrant does not have. */
  readonly violations: string[] = [];
  private readonly collections = new Map<string, Collection>();
  private readonly faults: { status: number; times: number }[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly server: Server;
  private operationId = 0;
  private address: AddressInfo | undefined;

  constructor(private readonly options: { readonly apiKey?: string } = {}) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const format of ['uint', 'uint32', 'uint64'])
      ajv.addFormat(format, { type: 'number', validate: (value) => Number.isInteger(value) && value >= 0 });
    ajv.addFormat('int64', { type: 'number', validate: (value) => Number.isInteger(value) });
    for (const format of ['float', 'double']) ajv.addFormat(format, { type: 'number', validate: () => true });
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    ajv.addFormat('date-time', true);
    ajv.addSchema({ $id: 'qdrant', components: { schemas: jsonSchemaOf(qdrantSchemas) } });
    for (const [operation, { result, ...rest }] of Object.entries(qdrantOperations)) {
      const body = (rest as { body?: Record<string, unknown> }).body;
      if (body !== undefined) this.validators.set(`${operation} body`, ajv.compile(inDocument(body)));
      this.validators.set(`${operation} result`, ajv.compile(inDocument(result)));
    }
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.violations.push(`stand-in failed: ${String(error)}`);
        send(response, 500, { status: { error: String(error) }, time: 0 });
      });
    });
  }

  get url(): string {
    if (this.address === undefined) throw new Error('QdrantStandIn: start() it first.');
    return `http://127.0.0.1:${this.address.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.address = this.server.address() as AddressInfo;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests get `status` with an error body (429, 503 …: the store's retry paths). */
  failNext(status: number, times = 1): void {
    this.faults.push({ status, times });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      this.violations.push(`${request.method} ${url.pathname}: body is not JSON`);
      return send(response, 400, errorBody('Format error in JSON body'));
    }
    this.requests.push({ method: request.method ?? '', path: url.pathname, body });
    if (this.options.apiKey !== undefined && request.headers['api-key'] !== this.options.apiKey)
      return send(response, 401, errorBody('Must provide an API key or an Authorization bearer token'));
    const fault = this.faults[0];
    if (fault !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.faults.shift();
      return send(response, fault.status, errorBody(`injected fault (HTTP ${fault.status})`));
    }
    const match = /^\/collections\/([^/]+)(\/[a-z/]*)?$/.exec(url.pathname);
    const operation = `${request.method} /collections/{collection_name}${match?.[2] ?? ''}`;
    if (match === null || !(operation in qdrantOperations)) {
      this.violations.push(`${request.method} ${url.pathname}: not an operation the stand-in serves`);
      return send(response, 404, errorBody(`Unknown route ${request.method} ${url.pathname}`));
    }
    const validateBody = this.validators.get(`${operation} body`);
    if (validateBody !== undefined && !validateBody(body ?? {})) {
      this.violations.push(`${operation}: request ${describeErrors(validateBody)} — ${text.slice(0, 300)}`);
      return send(response, 400, errorBody(`Validation error in JSON body: ${describeErrors(validateBody)}`));
    }
    const name = decodeURIComponent(match[1] ?? '');
    const outcome = this.serve(operation as QdrantOperation, name, (body ?? {}) as Record<string, unknown>);
    if ('error' in outcome) return send(response, outcome.status, errorBody(outcome.error));
    const validateResult = this.validators.get(`${operation} result`);
    if (validateResult !== undefined && !validateResult(outcome.result)) {
      this.violations.push(`${operation}: our response ${describeErrors(validateResult)}`);
      return send(response, 500, errorBody('the stand-in made a response Qdrant would not'));
    }
    send(response, 200, { result: outcome.result, status: 'ok', time: 0.0001 });
  }

  private serve(
    operation: QdrantOperation,
    name: string,
    body: Record<string, unknown>,
  ): { result: unknown } | { status: number; error: string } {
    const collection = this.collections.get(name);
    const missing = { status: 404, error: `Not found: Collection \`${name}\` doesn't exist!` };
    switch (operation) {
      case 'GET /collections/{collection_name}/exists':
        return { result: { exists: collection !== undefined } };
      case 'PUT /collections/{collection_name}': {
        if (collection !== undefined)
          return { status: 409, error: `Wrong input: Collection \`${name}\` already exists!` };
        this.collections.set(name, createCollection(body));
        return { result: true };
      }
      case 'DELETE /collections/{collection_name}':
        return { result: this.collections.delete(name) };
    }
    if (collection === undefined) return missing;
    switch (operation) {
      case 'GET /collections/{collection_name}':
        return { result: collectionInfo(collection) };
      case 'PUT /collections/{collection_name}/index':
        collection.payloadIndexes.set(String(body.field_name), String(body.field_schema ?? 'keyword'));
        return { result: this.updated() };
      case 'PUT /collections/{collection_name}/points': {
        const points = (body.points ?? []) as { id: string | number; vector: unknown; payload?: Payload }[];
        for (const point of points) {
          const stored = storedPoint(collection, point);
          if ('error' in stored) return { status: 400, error: stored.error };
        }
        for (const point of points) {
          const stored = storedPoint(collection, point) as StoredPoint;
          collection.points.set(String(point.id), stored);
        }
        return { result: this.updated() };
      }
      case 'POST /collections/{collection_name}/points/delete': {
        const ids = body.points as (string | number)[] | undefined;
        for (const point of [...collection.points.values()])
          if (ids?.map(String).includes(String(point.id)) ?? matches(point.payload, body.filter))
            collection.points.delete(String(point.id));
        return { result: this.updated() };
      }
      case 'POST /collections/{collection_name}/points/count':
        return {
          result: {
            count: [...collection.points.values()].filter((point) => matches(point.payload, body.filter))
              .length,
          },
        };
      case 'POST /collections/{collection_name}/points/scroll':
        return { result: scroll(collection, body) };
      case 'POST /collections/{collection_name}/points/query': {
        const ranked = query(collection, body);
        if ('error' in ranked) return { status: 400, error: ranked.error };
        const limit = typeof body.limit === 'number' ? body.limit : 10;
        return {
          result: {
            points: ranked.slice(0, limit).map(({ point, score }) => ({
              id: point.id,
              version: point.version,
              score,
              ...(body.with_payload === true ? { payload: point.payload } : {}),
            })),
          },
        };
      }
    }
    return { status: 404, error: `Unknown operation ${operation}` };
  }

  private updated(): { operation_id: number; status: 'completed' } {
    this.operationId += 1;
    return { operation_id: this.operationId, status: 'completed' };
  }
}

type Payload = Record<string, unknown>;

interface StoredPoint {
  readonly id: string | number;
  readonly version: number;
  readonly payload: Payload;
  readonly dense: Map<string, number[]>;
  readonly sparse: Map<string, { indices: number[]; values: number[] }>;
}

interface Collection {
  readonly dense: Map<string, { size: number; distance: string }>;
  readonly sparse: Map<string, { modifier: string }>;
  readonly points: Map<string, StoredPoint>;
  readonly payloadIndexes: Map<string, string>;
  version: number;
}

function createCollection(body: Record<string, unknown>): Collection {
  const dense = new Map<string, { size: number; distance: string }>();
  const vectors = body.vectors as Record<string, unknown> | undefined;
  if (vectors !== undefined) {
    if (typeof vectors.size === 'number') dense.set('', vectors as { size: number; distance: string });
    else
      for (const [name, params] of Object.entries(vectors))
        dense.set(name, params as { size: number; distance: string });
  }
  const sparse = new Map<string, { modifier: string }>();
  for (const [name, params] of Object.entries(
    (body.sparse_vectors ?? {}) as Record<string, { modifier?: string }>,
  ))
    sparse.set(name, { modifier: params.modifier ?? 'none' });
  return { dense, sparse, points: new Map(), payloadIndexes: new Map(), version: 0 };
}

function collectionInfo(collection: Collection): unknown {
  const vectors = Object.fromEntries([...collection.dense].map(([name, params]) => [name, params]));
  return {
    status: 'green',
    optimizer_status: 'ok',
    points_count: collection.points.size,
    indexed_vectors_count: 0,
    segments_count: 1,
    config: {
      params: {
        vectors,
        shard_number: 1,
        replication_factor: 1,
        write_consistency_factor: 1,
        on_disk_payload: true,
        sparse_vectors: Object.fromEntries(collection.sparse),
      },
      hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10_000 },
      optimizer_config: {
        deleted_threshold: 0.2,
        vacuum_min_vector_number: 1_000,
        default_segment_number: 0,
        flush_interval_sec: 5,
      },
      wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
    },
    payload_schema: Object.fromEntries(
      [...collection.payloadIndexes].map(([field, type]) => [
        field,
        {
          data_type: type,
          points: [...collection.points.values()].filter(
            (point) => valueAt(point.payload, field) !== undefined,
          ).length,
        },
      ]),
    ),
  };
}

function storedPoint(
  collection: Collection,
  point: { id: string | number; vector: unknown; payload?: Payload },
): StoredPoint | { error: string } {
  const dense = new Map<string, number[]>();
  const sparse = new Map<string, { indices: number[]; values: number[] }>();
  const named = Array.isArray(point.vector)
    ? { '': point.vector }
    : (point.vector as Record<string, unknown>);
  for (const [name, vector] of Object.entries(named)) {
    if (Array.isArray(vector)) {
      const params = collection.dense.get(name);
      if (params === undefined) return { error: `Wrong input: Not existing vector name error: ${name}` };
      if (vector.length !== params.size)
        return {
          error: `Wrong input: Vector dimension error: expected dim: ${params.size}, got ${vector.length}`,
        };
      dense.set(name, params.distance === 'Cosine' ? normalised(vector as number[]) : (vector as number[]));
    } else {
      if (!collection.sparse.has(name))
        return { error: `Wrong input: Not existing vector name error: ${name}` };
      const value = vector as { indices: number[]; values: number[] };
      if (
        value.indices.length !== value.values.length ||
        new Set(value.indices).size !== value.indices.length
      )
        return { error: 'Wrong input: sparse vector indices must be unique and as many as its values' };
      sparse.set(name, value);
    }
  }
  collection.version += 1;
  return { id: point.id, version: collection.version, payload: point.payload ?? {}, dense, sparse };
}

function normalised(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? [...vector] : vector.map((value) => value / norm);
}

/** The payload value at a dotted key (`metadata.year`), or undefined. */
function valueAt(payload: Payload, key: string): unknown {
  let value: unknown = payload;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Payload)[part];
  }
  return value;
}

const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Qdrant's filter semantics for the conditions the schema allows and QdrantStore may send. */
function matches(payload: Payload, filter: unknown): boolean {
  if (filter === undefined || filter === null) return true;
  const { must, should, must_not: mustNot } = filter as Record<string, unknown>;
  const holds = (condition: unknown): boolean => conditionHolds(payload, condition);
  const shoulds = asList(should);
  return (
    asList(must).every(holds) && (shoulds.length === 0 || shoulds.some(holds)) && !asList(mustNot).some(holds)
  );
}

function conditionHolds(payload: Payload, condition: unknown): boolean {
  const value = condition as Record<string, unknown>;
  if (!('key' in value)) return matches(payload, value); // a nested Filter
  const field = valueAt(payload, String(value.key));
  const values = asList(field);
  const match = value.match as Record<string, unknown> | undefined;
  if (match !== undefined && match !== null) {
    // A keyword matches strings, an integer matches integers, a bool matches bools: no coercion.
    if ('value' in match) return values.some((item) => item === match.value);
    if ('any' in match) return values.some((item) => (match.any as unknown[]).includes(item));
    if ('except' in match) return values.some((item) => !(match.except as unknown[]).includes(item));
    return false;
  }
  const range = value.range as Record<string, number | null | undefined> | undefined;
  if (range !== undefined && range !== null)
    return values.some(
      (item) =>
        typeof item === 'number' &&
        (range.lt == null || item < range.lt) &&
        (range.gt == null || item > range.gt) &&
        (range.lte == null || item <= range.lte) &&
        (range.gte == null || item >= range.gte),
    );
  return false;
}

function scroll(collection: Collection, body: Record<string, unknown>): unknown {
  const limit = typeof body.limit === 'number' ? body.limit : 10;
  const ordered = [...collection.points.values()]
    .filter((point) => matches(point.payload, body.filter))
    .sort((left, right) => String(left.id).localeCompare(String(right.id)));
  const start =
    body.offset === undefined || body.offset === null
      ? 0
      : Math.max(
          0,
          ordered.findIndex((point) => String(point.id) >= String(body.offset)),
        );
  const page = ordered.slice(start, start + limit);
  const withPayload = body.with_payload;
  return {
    points: page.map((point) => ({
      id: point.id,
      ...(withPayload === false
        ? {}
        : {
            payload: Array.isArray(withPayload)
              ? Object.fromEntries(
                  withPayload.filter((key) => key in point.payload).map((key) => [key, point.payload[key]]),
                )
              : point.payload,
          }),
    })),
    next_page_offset: ordered[start + limit]?.id ?? null,
  };
}

type Ranked = { point: StoredPoint; score: number }[];

/** One query (with its prefetches, if any), ranked best first. */
function query(collection: Collection, request: Record<string, unknown>): Ranked | { error: string } {
  const candidates = [...collection.points.values()].filter((point) =>
    matches(point.payload, request.filter),
  );
  const prefetches = asList(request.prefetch) as Record<string, unknown>[];
  const input = request.query as unknown;
  if (prefetches.length > 0) {
    const lists: Ranked[] = [];
    for (const prefetch of prefetches) {
      const ranked = query(collection, { ...prefetch, filter: prefetch.filter ?? request.filter });
      if ('error' in ranked) return ranked;
      lists.push(ranked.slice(0, typeof prefetch.limit === 'number' ? prefetch.limit : 10));
    }
    if ((input as { fusion?: unknown } | undefined)?.fusion !== 'rrf')
      return { error: 'Bad request: the stand-in fuses prefetches with rrf only' };
    const fused = new Map<string, { point: StoredPoint; score: number }>();
    for (const list of lists)
      list.forEach(({ point }, rank) => {
        const entry = fused.get(String(point.id)) ?? { point, score: 0 };
        entry.score += 1 / (2 + rank);
        fused.set(String(point.id), entry);
      });
    return [...fused.values()]
      .filter(({ point }) => candidates.includes(point))
      .sort((left, right) => right.score - left.score);
  }
  const vector = (input as { nearest?: unknown } | undefined)?.nearest ?? input;
  const using = typeof request.using === 'string' ? request.using : '';
  if (Array.isArray(vector)) {
    const params = collection.dense.get(using);
    if (params === undefined) return { error: `Wrong input: Not existing vector name error: ${using}` };
    if (vector.length !== params.size)
      return {
        error: `Wrong input: Vector dimension error: expected dim: ${params.size}, got ${vector.length}`,
      };
    const query = params.distance === 'Cosine' ? normalised(vector as number[]) : (vector as number[]);
    return candidates
      .flatMap((point) => {
        const stored = point.dense.get(using);
        return stored === undefined
          ? []
          : [{ point, score: stored.reduce((sum, value, index) => sum + value * (query[index] ?? 0), 0) }];
      })
      .sort((left, right) => right.score - left.score);
  }
  if (typeof vector === 'object' && vector !== null && 'indices' in vector) {
    const params = collection.sparse.get(using);
    if (params === undefined) return { error: `Wrong input: Not existing vector name error: ${using}` };
    const sparseQuery = vector as { indices: number[]; values: number[] };
    const all = [...collection.points.values()];
    const documentFrequency = (index: number): number =>
      all.filter((point) => point.sparse.get(using)?.indices.includes(index) === true).length;
    const weights = new Map(
      sparseQuery.indices.map((index, position) => {
        const value = sparseQuery.values[position] ?? 0;
        if (params.modifier !== 'idf') return [index, value];
        const df = documentFrequency(index);
        return [index, value * Math.log(1 + (all.length - df + 0.5) / (df + 0.5))];
      }),
    );
    return candidates
      .flatMap((point) => {
        const stored = point.sparse.get(using);
        if (stored === undefined) return [];
        let score = 0;
        let shared = false;
        stored.indices.forEach((index, position) => {
          const weight = weights.get(index);
          if (weight === undefined) return;
          shared = true;
          score += weight * (stored.values[position] ?? 0);
        });
        return shared ? [{ point, score }] : [];
      })
      .sort((left, right) => right.score - left.score);
  }
  return { error: 'Bad request: the stand-in answers nearest dense or sparse queries and rrf fusion only' };
}

/** OpenAPI 3.0's `nullable` as JSON Schema's `null` type, for Ajv. */
function jsonSchemaOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchemaOf);
  if (typeof value !== 'object' || value === null) return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, jsonSchemaOf(item)]));
  if (nullable !== true) return converted;
  if (Object.keys(converted).length === 0) return { type: 'null' };
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}

/** A schema of the subset, with its references pointing into the document added as `qdrant`. */
function inDocument(schema: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(jsonSchemaOf(schema)).replaceAll('"#/components', '"qdrant#/components'));
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
    .join('; ');
}

const errorBody = (error: string) => ({ status: { error }, time: 0 });

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
