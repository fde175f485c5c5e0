import type { AddressInfo } from 'node:net';
import type { KnowledgeStore } from '@rootweaver/core';
import { InMemoryStore, qaItem } from '@rootweaver/core/test';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { OpenAIChatModel } from '@rootweaver/providers';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MultiHopCapability } from '../capability/multi-hop-capability.js';
import { parseMultiHopConfig } from '../config/load-multi-hop-config.js';
import { BootstrapFlagSource } from '../flags/bootstrap-flag-source.js';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { createHttpServer, type RootweaverHttpServer } from './create-http-server.js';

// Issue 16: every failure gets its true status, and neither the upstream's text nor the key passes.
const key = 'plainkey42XY-no-prefix';
const llm = new OpenAICompatibleTestServer({ apiKey: key });
const items = [
  qaItem({ id: 'a', title: 'Orrin Vale', question: 'Who built Orrin Vale?', answer: 'Pell Ambry' }),
];
const running: RootweaverHttpServer[] = [];

beforeAll(async () => {
  await llm.start();
});
afterEach(async () => {
  llm.reset();
  for (const server of running.splice(0)) await server.close({ timeoutMs: 500 });
});
afterAll(async () => {
  await llm.close();
});

async function serve(
  options: { store?: KnowledgeStore; llm?: boolean; flags?: FakeFlagSource; warnings?: string[] } = {},
): Promise<string> {
  const capability = await MultiHopCapability.create({
    config: resolveMultiHopConfig({ retrievalMode: 'lexical', synthesis: 'llm' }),
    flagSource: options.flags ?? new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: {
      store: options.store ?? new InMemoryStore({ items }),
      ...(options.llm === false
        ? {}
        : { chatModel: new OpenAIChatModel({ baseURL: llm.url, apiKey: key, maxRetries: 0, env: {} }) }),
    },
    registry: new Registry(),
    onWarning: (message) => options.warnings?.push(message),
  });
  const server = createHttpServer({ capability, onError: () => undefined });
  running.push(server);
  const address: AddressInfo = await server.listen({ port: 0 });
  return `http://127.0.0.1:${address.port}`;
}

async function post(base: string): Promise<{ status: number; text: string; retryAfter: string | null }> {
  const response = await fetch(`${base}/v1/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'Who built Orrin Vale?' }),
  });
  return {
    status: response.status,
    text: await response.text(),
    retryAfter: response.headers.get('retry-after'),
  };
}

const upstreamText = 'UPSTREAM-SECRET-DETAIL';

describe('true statuses for upstream failures', () => {
  it.each([
    [401, 'an LLM 401'],
    [400, 'an LLM 400'],
    [404, 'an LLM 404'],
    [500, 'an LLM 500'],
  ])('%s: %s is a 502 carrying neither the upstream text nor the key', async (status) => {
    const base = await serve();
    llm.injectFault(
      {
        kind: 'raw',
        status,
        body: JSON.stringify({ error: { message: `${upstreamText} for key ${key}`, type: 'x', code: 'x' } }),
      },
      { times: Infinity },
    );
    const reply = await post(base);
    expect(reply.status).toBe(502);
    expect(reply.text).not.toContain(upstreamText);
    expect(reply.text).not.toContain(key);
  });

  it('an answer that echoes the configured key reaches the client redacted', async () => {
    const base = await serve();
    llm.onChat(() => true, `Pell Ambry [1]; by the way the key is ${key}`);
    const reply = await post(base);
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain(key);
    expect(reply.text).toContain('[redacted]');
  });
});

describe('an unhealthy store', () => {
  it('is a 503 with Retry-After, and /healthz reports it until a search succeeds again', async () => {
    let broken = true;
    const inner = new InMemoryStore({ items });
    const store: KnowledgeStore = {
      upsert: (options) => inner.upsert(options),
      deleteByDocument: (options) => inner.deleteByDocument(options),
      close: () => inner.close(),
      search: async (options) => {
        if (broken) throw new Error('database disk image is malformed');
        return inner.search(options);
      },
      stats: () => inner.stats(),
    };
    const base = await serve({ store, llm: false });
    const reply = await post(base);
    expect(reply.status).toBe(503);
    expect(reply.retryAfter).toBe('5');
    expect(JSON.parse(reply.text).error.code).toBe('store-unavailable');
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 'unhealthy',
      store: expect.stringMatching(/malformed/),
    });
    broken = false;
    expect((await post(base)).status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('/healthz is 503 when the store probe fails, with no request at all', async () => {
    const inner = new InMemoryStore({ items });
    const store: KnowledgeStore = {
      upsert: (options) => inner.upsert(options),
      deleteByDocument: (options) => inner.deleteByDocument(options),
      close: () => inner.close(),
      search: (options) => inner.search(options),
      stats: async () => {
        throw new Error('file is not a database');
      },
    };
    const base = await serve({ store, llm: false });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
  });
});

describe('adaptive without an LLM', () => {
  it('is refused at start-up when the configuration selects it', async () => {
    await expect(
      MultiHopCapability.create({
        config: resolveMultiHopConfig({ planner: 'adaptive' }),
        flagSource: new FakeFlagSource(),
        providers: { store: new InMemoryStore({ items }) },
      }),
    ).rejects.toThrow(/planner: adaptive .* needs an LLM/);
  });

  it('falls back to compact with one warning when a flag rolls it out', async () => {
    const warnings: string[] = [];
    const flags = new FakeFlagSource({
      toggles: { [multiHopFlagNames.enabled]: true },
      variants: { [multiHopFlagNames.planner]: { name: 'adaptive', enabled: true } },
    });
    const base = await serve({ llm: false, flags, warnings });
    for (let index = 0; index < 3; index += 1) {
      const reply = await post(base);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text).metadata.multi_hop.planner).toBe('compact');
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/adaptive, which needs an LLM/);
  });
});

describe('configuration errors are errors, bounded', () => {
  const feature = (strategies: unknown[]) => ({ name: multiHopFlagNames.enabled, enabled: true, strategies });

  it('a bootstrap flag with an unknown strategy or a bad constraint fails, never reads as off', () => {
    expect(
      () => new BootstrapFlagSource({ features: [feature([{ name: 'flexibleRolout' }])] as never }),
    ).toThrow(/unknown name "flexibleRolout"/);
    expect(
      () =>
        new BootstrapFlagSource({
          features: [
            feature([
              {
                name: 'default',
                constraints: [{ contextName: 'userId', operator: 'EQUALS', values: ['a'] }],
              },
            ]),
          ] as never,
        }),
    ).toThrow(/unknown operator "EQUALS"/);
    expect(
      () =>
        new BootstrapFlagSource({
          features: [
            feature([{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN' }] }]),
          ] as never,
        }),
    ).toThrow(/needs `values`/);
  });

  it('a YAML of 5,000 unknown keys fails with a short message; a huge one by its size', () => {
    const many = Array.from({ length: 5_000 }, (_, index) => `k${index}: 1`).join('\n');
    let message = '';
    try {
      parseMultiHopConfig(many, 'many.yaml');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/unknown key `k0`/);
    expect(message).toMatch(/and 4990 more problems/);
    expect(message.length).toBeLessThan(8_000);
    expect(() => parseMultiHopConfig(`planner: compact\n${'#'.repeat(70_000)}\n`, 'big.yaml')).toThrow(
      /big.yaml is \d+ bytes; a multi_hop.yaml is at most 65536/,
    );
  });
});
