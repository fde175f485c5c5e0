import type { AddressInfo } from 'node:net';
import { InMemoryStore, qaItem } from '@rootweaver/core/test';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { OpenAIChatModel } from '@rootweaver/providers';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MultiHopCapability } from '../capability/multi-hop-capability.js';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { createHttpServer, type RootweaverHttpServer } from './create-http-server.js';

// `serve`'s stack over a real OpenAI-compatible server (loopback) that misbehaves after its headers.
const llm = new OpenAICompatibleTestServer();
let http: RootweaverHttpServer;
let url: string;

beforeAll(async () => {
  await llm.start();
  const capability = await MultiHopCapability.create({
    config: resolveMultiHopConfig({ retrievalMode: 'lexical', deadlineMs: 800 }),
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: {
      store: new InMemoryStore({
        items: [
          qaItem({ id: 'a', title: 'Orrin Vale', question: 'Who built Orrin Vale?', answer: 'Pell Ambry' }),
        ],
      }),
      // The LLM's own deadline is longer than the run's: the run's must end it.
      chatModel: new OpenAIChatModel({ baseURL: llm.url, timeoutMs: 30_000, env: {} }),
    },
    registry: new Registry(),
  });
  http = createHttpServer({ capability, onError: () => undefined });
  const address: AddressInfo = await http.listen({ port: 0 });
  url = `http://127.0.0.1:${address.port}/v1/ask`;
});
afterAll(async () => {
  await http.close({ timeoutMs: 1_000 });
  await llm.close();
});

interface AskReply {
  readonly metadata: { readonly multi_hop: { readonly forced_stop: string | null } };
  readonly trace: { readonly hops: readonly { readonly forcedStop?: string }[] };
  readonly error: { readonly code: string; readonly message: string };
}

async function ask(body: Record<string, unknown>): Promise<{ status: number; json: AskReply; ms: number }> {
  const started = Date.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as AskReply, ms: Date.now() - started };
}

describe('a hung LLM never pins a request', () => {
  it.each(['hang-after-headers', 'stall', 'drip'] as const)(
    '%s: the run ends at its deadline with a 200 and forced_stop deadline',
    async (kind) => {
      llm.reset();
      llm.injectFault(kind === 'stall' ? { kind, keepBytes: 10 } : { kind }, { times: Infinity });
      const { status, json, ms } = await ask({ query: 'Who built Orrin Vale?', trace: true });
      expect(status).toBe(200);
      expect(json.metadata.multi_hop.forced_stop).toBe('deadline');
      expect(json.trace.hops.at(-1)?.forcedStop).toBe('deadline');
      expect(ms).toBeLessThan(800 + 1_000);
    },
  );

  it('a request may ask for a shorter deadline, never a longer one', async () => {
    llm.reset();
    llm.injectFault({ kind: 'hang-after-headers' }, { times: Infinity });
    const shorter = await ask({ query: 'Who built Orrin Vale?', deadline_ms: 200 });
    expect(shorter.json.metadata.multi_hop.forced_stop).toBe('deadline');
    expect(shorter.ms).toBeLessThan(700);
    const longer = await ask({ query: 'Who built Orrin Vale?', deadline_ms: 600_000 });
    expect(longer.json.metadata.multi_hop.forced_stop).toBe('deadline');
    expect(longer.ms).toBeLessThan(1_800);
    const bad = await ask({ query: 'Who built Orrin Vale?', deadline_ms: -1 });
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toMatch(/deadline_ms/);
  });
});
