import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { MultiHopCapability } from '../capability/multi-hop-capability.js';
import type { CapabilityProviders, MultiHopEngine } from '../capability/multi-hop-engine.js';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { FakeMultiHopEngine } from '../test/fake-multi-hop-engine.js';
import { createHttpServer, type RootweaverHttpServer } from './create-http-server.js';

let running: RootweaverHttpServer | undefined;

afterEach(async () => {
  await running?.close({ timeoutMs: 1_000 });
  running = undefined;
});

async function start(
  engine: MultiHopEngine = new FakeMultiHopEngine(),
  maxBodyBytes?: number,
  maxConcurrentRuns?: number,
) {
  const registry = new Registry();
  const capability = await MultiHopCapability.create({
    config: resolveMultiHopConfig(),
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: {} as CapabilityProviders,
    engineFactory: () => engine,
    registry,
  });
  running = createHttpServer({
    capability,
    onError: () => {},
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    ...(maxConcurrentRuns === undefined ? {} : { maxConcurrentRuns }),
  });
  const address: AddressInfo = await running.listen({ port: 0 });
  return { base: `http://127.0.0.1:${address.port}`, server: running, registry };
}

async function post(base: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/v1/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('createHttpServer', () => {
  it('answers POST /v1/ask with the capability result and metadata', async () => {
    const { base } = await start();
    const { status, json } = await post(
      base,
      JSON.stringify({ query: 'Who?', user: { id: 'u1', tenant: 't' } }),
    );
    expect(status).toBe(200);
    expect(json.answer).toBe('answer to Who? by compact');
    expect(json.metadata).toMatchObject({ multi_hop: { enabled: true, planner: 'compact', llm_calls: 2 } });
    expect(json.trace).toBeUndefined();
    const traced = await post(base, JSON.stringify({ query: 'Who?', trace: true }));
    expect((traced.json.trace as { hops: unknown[] }).hops.length).toBe(3);
  });

  it('rejects bad bodies with clear 4xx JSON errors', async () => {
    const { base } = await start();
    const broken = await post(base, '{"query": ');
    expect(broken.status).toBe(400);
    expect(broken.json.error).toMatchObject({ code: 'invalid-json' });

    const wrongType = await post(base, JSON.stringify({ query: 42 }));
    expect(wrongType.status).toBe(422);
    expect((wrongType.json.error as { message: string }).message).toContain(
      '`query` must be a non-empty string',
    );

    const empty = await post(base, JSON.stringify({ query: '   ' }));
    expect(empty.status).toBe(422);

    const unknown = await post(base, JSON.stringify({ query: 'q', qurey: 'x' }));
    expect(unknown.status).toBe(422);
    expect((unknown.json.error as { message: string }).message).toContain('unknown field(s) `qurey`');

    const badHistory = await post(
      base,
      JSON.stringify({ query: 'q', history: [{ role: 'robot', content: 'x' }] }),
    );
    expect((badHistory.json.error as { message: string }).message).toContain(
      '`history.0.role` must be one of system, user, assistant',
    );

    const notObject = await post(base, JSON.stringify(['q']));
    expect(notObject.status).toBe(422);

    const text = await post(base, 'query=q', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
  });

  it('answers 413 to a body over the size limit, declared or streamed', async () => {
    const { base } = await start(undefined, 1024);
    const big = JSON.stringify({ query: 'x'.repeat(2000) });
    const declared = await post(base, big);
    expect(declared.status).toBe(413);
    expect(declared.json.error).toMatchObject({ code: 'payload-too-large' });

    // Chunked, no Content-Length: the limit is enforced while reading.
    const url = new URL(`${base}/v1/ask`);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      for (let index = 0; index < 4; index += 1) request.write('x'.repeat(512));
      request.end();
    });
    expect(status).toBe(413);
  });

  it('serves /healthz and /metrics, and 404/405 elsewhere', async () => {
    const { base } = await start();
    await post(base, JSON.stringify({ query: 'q' }));
    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toContain(
      'multi_hop_requests_total{planner="compact",outcome="answered"} 1',
    );
    expect((await fetch(`${base}/nope`)).status).toBe(404);
    const wrongMethod = await fetch(`${base}/v1/ask`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('maps capability errors to status codes without leaking secrets', async () => {
    const { RootweaverError } = await import('@rootweaver/innovations');
    const { base } = await start(
      new FakeMultiHopEngine({
        failWith: new RootweaverError('llm-unavailable', 'LLM down (api_key=sk-abcdefghijklmnop)'),
      }),
    );
    const { status, json } = await post(base, JSON.stringify({ query: 'q' }));
    expect(status).toBe(502);
    expect(json.error).toMatchObject({ code: 'llm-unavailable' });
    expect(JSON.stringify(json)).not.toContain('sk-abcdefghijklmnop');
  });

  it('graceful shutdown: answers new requests 503 (Connection: close), finishes the request in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = new FakeMultiHopEngine();
    const engine: MultiHopEngine = {
      ask: async (question, options) => {
        await gate;
        return slow.ask(question, options);
      },
      askSinglePass: (question, options) => slow.askSinglePass(question, options),
    };
    const { base, server } = await start(engine);
    const pending = post(base, JSON.stringify({ query: 'slow' }));
    while (server.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const closed = server.close({ timeoutMs: 5_000 });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('connection')).toBe('close');
    expect(await health.json()).toEqual({ status: 'shutting-down' });
    const late = await post(base, JSON.stringify({ query: 'late' }));
    expect(late.status).toBe(503);
    expect(late.json.error).toMatchObject({ code: 'shutting-down' });
    release();
    const { status, json } = await pending;
    expect(status).toBe(200);
    expect(json.answer).toBe('answer to slow by compact');
    await closed;
    expect(server.server.listening).toBe(false);
  });

  it('answers 503 with Retry-After beyond the cap on concurrent runs', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inner = new FakeMultiHopEngine();
    const engine: MultiHopEngine = {
      ask: async (question, options) => {
        await gate;
        return inner.ask(question, options);
      },
      askSinglePass: (question, options) => inner.askSinglePass(question, options),
    };
    const { base } = await start(engine, undefined, 2);
    const first = [post(base, JSON.stringify({ query: 'a' })), post(base, JSON.stringify({ query: 'b' }))];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`${base}/v1/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'c' }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('overloaded');
    release();
    expect((await Promise.all(first)).map((result) => result.status)).toEqual([200, 200]);
    expect((await post(base, JSON.stringify({ query: 'd' }))).status).toBe(200);
  });

  it('serves 100 concurrent requests over loopback without an error', async () => {
    const { base, registry } = await start();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(base, JSON.stringify({ query: `question ${index}`, user: { id: `user-${index}` } })),
      ),
    );
    const elapsedMs = performance.now() - started;
    expect(results.filter((result) => result.status !== 200)).toEqual([]);
    expect(new Set(results.map((result) => result.json.answer)).size).toBe(100);
    expect(await registry.metrics()).toContain(
      'multi_hop_requests_total{planner="compact",outcome="answered"} 100',
    );
    console.log(`100 concurrent POST /v1/ask (fake engine): ${elapsedMs.toFixed(0)} ms, 0 errors`);
  });
});
