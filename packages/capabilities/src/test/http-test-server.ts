import type { AddressInfo } from 'node:net';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { Registry } from 'prom-client';
import { MultiHopCapability } from '../capability/multi-hop-capability.js';
import type { CapabilityProviders, MultiHopEngine } from '../capability/multi-hop-engine.js';
import { multiHopFlagNames } from '../flags/flag-names.js';
import {
  type CreateHttpServerOptions,
  createHttpServer,
  type RootweaverHttpServer,
} from '../http/create-http-server.js';
import { FakeFlagSource } from './fake-flag-source.js';
import { FakeMultiHopEngine } from './fake-multi-hop-engine.js';

export interface TestHttpServer {
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  readonly server: RootweaverHttpServer;
  readonly capability: MultiHopCapability;
  readonly registry: Registry;
  close(): Promise<void>;
}

export type StartTestHttpServerOptions = Omit<Partial<CreateHttpServerOptions>, 'capability'> & {
  /** The engine behind the capability; default a `FakeMultiHopEngine`, or the real one when `providers` are given. */
  readonly engine?: MultiHopEngine;
  /** Run the real engine (`MultiHopRAG`, lexical retrieval) on these providers. */
  readonly providers?: CapabilityProviders;
};

/**
 * A real `createHttpServer` on a free loopback port over a real `MultiHopCapability` (capability flag on) whose
 * engine is `engine`, the real engine on `providers`, or a `FakeMultiHopEngine`. For the HTTP surface's tests.
 */
export async function startTestHttpServer(input: StartTestHttpServerOptions = {}): Promise<TestHttpServer> {
  const { engine, providers, ...serverOptions } = input;
  const registry = new Registry();
  const realEngine = engine === undefined && providers !== undefined;
  const capability = await MultiHopCapability.create({
    config: resolveMultiHopConfig(realEngine ? { retrievalMode: 'lexical' } : {}),
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: providers ?? ({} as CapabilityProviders),
    ...(realEngine ? {} : { engineFactory: () => engine ?? new FakeMultiHopEngine() }),
    registry,
  });
  const server = createHttpServer({ onError: () => {}, ...serverOptions, capability });
  const address: AddressInfo = await server.listen({ port: 0 });
  return {
    base: `http://127.0.0.1:${address.port}`,
    server,
    capability,
    registry,
    close: async () => {
      await server.close({ timeoutMs: 1_000 });
      await capability.close();
    },
  };
}

/** One Server-Sent Event as a client reads it. */
export interface ReceivedEvent {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: unknown;
}

/** Reads a `text/event-stream` body to its end (per the SSE format: blank-line separated, `field: value`). */
export async function readEventStream(response: Response): Promise<ReceivedEvent[]> {
  const text = await response.text();
  const events: ReceivedEvent[] = [];
  for (const block of text.split(/\n\n/)) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields.set(name, fields.has(name) ? `${fields.get(name)}\n${value}` : value);
    }
    const data = fields.get('data');
    if (data === undefined) continue;
    events.push({ id: fields.get('id'), event: fields.get('event') ?? 'message', data: JSON.parse(data) });
  }
  return events;
}

/** One test server at a time: `start` closes the previous one first; `close` (in `afterEach`) the last. */
export interface TestHttpServers {
  start(options?: StartTestHttpServerOptions): Promise<TestHttpServer>;
  close(): Promise<void>;
}

export function createTestHttpServers(): TestHttpServers {
  let running: TestHttpServer | undefined;
  const close = async (): Promise<void> => {
    await running?.close();
    running = undefined;
  };
  return {
    async start(options = {}) {
      await close();
      running = await startTestHttpServer(options);
      return running;
    },
    close,
  };
}
