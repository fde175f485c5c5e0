import type { AddressInfo } from 'node:net';
import type { KnowledgeItem } from '@rootweaver/core';
import { InMemoryStore } from '@rootweaver/core/test';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { MultiHopCapability } from '../capability/multi-hop-capability.js';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { createHttpServer, type RootweaverHttpServer } from './create-http-server.js';

const pair = (id: string, source: string, version: string, answer: string): KnowledgeItem => ({
  id,
  documentId: `${source}#/1`,
  kind: 'qa',
  title: 'Relay',
  question: 'What is the default timeout of Relay?',
  answer,
  text: `Relay: What is the default timeout of Relay? ${answer}`,
  passage: `The default timeout of Relay is ${answer}.`,
  metadata: { source, version },
});

let running: RootweaverHttpServer | undefined;
afterEach(async () => {
  await running?.close({ timeoutMs: 1_000 });
  running = undefined;
});

async function start(): Promise<string> {
  const capability = await MultiHopCapability.create({
    config: resolveMultiHopConfig(),
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: {
      store: new InMemoryStore({
        items: [
          pair('a', 'docs/v1/relay.md', '1', '30 seconds'),
          pair('b', 'docs/v2/relay.md', '2', '90 seconds'),
        ],
      }),
    },
    registry: new Registry(),
  });
  running = createHttpServer({ capability, onError: () => {} });
  const address: AddressInfo = await running.listen({ port: 0 });
  return `http://127.0.0.1:${address.port}`;
}

async function ask(base: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}/v1/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('POST /v1/ask with a filter', () => {
  it('answers from the documents the filter keeps, by metadata or source folder', async () => {
    const base = await start();
    const query = 'What is the default timeout of Relay?';
    const v2 = await ask(base, { query, filter: { metadata: { version: '2' } }, trace: true });
    expect(v2.status).toBe(200);
    expect(String(v2.json.answer)).toContain('90 seconds');
    const pool = (v2.json.trace as { pool: { id: string }[] }).pool;
    expect(pool.map((item) => item.id)).toEqual(['b']);
    const v1 = await ask(base, { query, filter: { source_prefix: 'docs/v1' } });
    expect(String(v1.json.answer)).toContain('30 seconds');
    const either = await ask(base, {
      query,
      filter: { metadata: { version: { in: ['1', '2'] } } },
      trace: true,
    });
    expect((either.json.trace as { pool: unknown[] }).pool).toHaveLength(2);
  });

  it('answers 422 naming the key for an unknown key, and the field for a malformed filter', async () => {
    const base = await start();
    const unknown = await ask(base, {
      query: 'What is the timeout?',
      filter: { metadata: { verison: '2' } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error).toMatchObject({ code: 'invalid-input' });
    expect((unknown.json.error as { message: string }).message).toMatch(
      /Unknown filter key `verison`.*did you mean `version`/,
    );
    const malformed = await ask(base, {
      query: 'What is the timeout?',
      filter: { metadata: { version: [1] } },
    });
    expect(malformed.status).toBe(422);
    expect((malformed.json.error as { message: string }).message).toContain(
      '`filter.metadata.version` must be',
    );
    const typo = await ask(base, { query: 'What is the timeout?', filter: { sourcePrefix: 'docs' } });
    expect(typo.status).toBe(422);
    expect((typo.json.error as { message: string }).message).toContain(
      'unknown field(s) `sourcePrefix` in `filter`',
    );
  });
});
