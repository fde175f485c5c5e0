import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MultiHopCapability } from '../capability/multi-hop-capability.js';
import type { CapabilityProviders } from '../capability/multi-hop-engine.js';
import { FakeMultiHopEngine } from '../test/fake-multi-hop-engine.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { UnleashAdmin } from '../test/unleash-admin.js';
import { multiHopFlagNames } from './flag-names.js';
import { readFlagSnapshot } from './read-flag-snapshot.js';
import { UnleashFlagSource } from './unleash-flag-source.js';

// Started by tools/services/with-services.sh (pnpm test:ci). Every test touching the server lives in this one
// file so that the flags are never changed by two test files at once.
const unleashUrl = process.env.UNLEASH_URL;
const clientToken = process.env.UNLEASH_API_TOKEN;
const adminUrl = process.env.UNLEASH_ADMIN_URL;
const adminToken = process.env.UNLEASH_ADMIN_TOKEN;
const configured = [unleashUrl, clientToken, adminUrl, adminToken].every(
  (value) => value !== undefined && value !== '',
);
if (!configured) {
  console.warn(
    'Skipping Unleash integration tests: UNLEASH_URL, UNLEASH_API_TOKEN, UNLEASH_ADMIN_URL and UNLEASH_ADMIN_TOKEN are not set. ' +
      'Run them with: bash tools/services/with-services.sh pnpm vitest run packages/capabilities',
  );
}

const refreshIntervalMs = 500;

describe.skipIf(!configured)('UnleashFlagSource against a real unleash-server', () => {
  const url = unleashUrl ?? '';
  const token = clientToken ?? '';
  const admin = new UnleashAdmin({ baseUrl: adminUrl ?? '', adminToken: adminToken ?? '' });
  const opened: UnleashFlagSource[] = [];
  const errors: string[] = [];

  function source(options: { url?: string; backupPath?: string; appName?: string } = {}): UnleashFlagSource {
    const created = new UnleashFlagSource({
      url: options.url ?? url,
      apiToken: token,
      appName: options.appName ?? 'rootweaver-int-test',
      refreshIntervalMs,
      timeoutMs: 2_000,
      backupPath: options.backupPath ?? mkdtempSync(join(tmpdir(), 'rw-unleash-')),
      bootstrap: false,
      disableMetrics: true,
      onError: (error) => errors.push(error.message),
    });
    opened.push(created);
    return created;
  }

  async function synchronized(flagSource: UnleashFlagSource): Promise<void> {
    await vi.waitFor(
      () => {
        if (!flagSource.isEnabled(multiHopFlagNames.enabled, { userId: 'probe' }, false))
          throw new Error('not yet');
      },
      { timeout: 20_000, interval: 50 },
    );
  }

  beforeAll(async () => {
    await admin.ensureFlag(multiHopFlagNames.enabled);
    await admin.setStrategies(multiHopFlagNames.enabled, [
      UnleashAdmin.rollout(multiHopFlagNames.enabled, 100),
    ]);
    await admin.setEnabled(multiHopFlagNames.enabled, true);

    await admin.ensureFlag(multiHopFlagNames.compaction);
    await admin.setStrategies(multiHopFlagNames.compaction, [
      UnleashAdmin.rollout(multiHopFlagNames.compaction, 100),
    ]);
    await admin.setEnabled(multiHopFlagNames.compaction, false);

    await admin.ensureFlag(multiHopFlagNames.planner, 'experiment');
    await admin.setStrategies(multiHopFlagNames.planner, [
      UnleashAdmin.rollout(multiHopFlagNames.planner, 100, [
        { name: 'compact', weight: 500, weightType: 'variable', stickiness: 'default' },
        { name: 'keyterm', weight: 500, weightType: 'variable', stickiness: 'default' },
      ]),
    ]);
    await admin.setEnabled(multiHopFlagNames.planner, true);
  });

  afterAll(async () => {
    for (const flagSource of opened) await flagSource.close();
  });

  it('toggling the capability flag through the admin API flips the capability within the refresh interval', async () => {
    const flagSource = source();
    await synchronized(flagSource);
    const engine = new FakeMultiHopEngine();
    const capability = await MultiHopCapability.create({
      config: resolveMultiHopConfig(),
      flagSource,
      providers: {} as CapabilityProviders,
      engineFactory: () => engine,
    });
    expect((await capability.execute({ query: 'q', user: { id: 'u1' } })).metadata.multi_hop.enabled).toBe(
      true,
    );
    expect(engine.calls.at(-1)?.method).toBe('ask');

    await admin.setEnabled(multiHopFlagNames.enabled, false);
    const switchedOff = performance.now();
    await vi.waitFor(
      async () => {
        const result = await capability.execute({ query: 'q', user: { id: 'u1' } });
        if (result.metadata.multi_hop.enabled) throw new Error('still on');
      },
      { timeout: 20_000, interval: 50 },
    );
    const offAfterMs = performance.now() - switchedOff;
    expect(engine.calls.at(-1)?.method).toBe('askSinglePass');

    await admin.setEnabled(multiHopFlagNames.enabled, true);
    const switchedOn = performance.now();
    await vi.waitFor(
      async () => {
        const result = await capability.execute({ query: 'q', user: { id: 'u1' } });
        if (!result.metadata.multi_hop.enabled) throw new Error('still off');
      },
      { timeout: 20_000, interval: 50 },
    );
    const onAfterMs = performance.now() - switchedOn;
    expect(engine.calls.at(-1)?.method).toBe('ask');
    console.log(
      `capability flag flip seen by the client after ${offAfterMs.toFixed(0)} ms (off) and ${onAfterMs.toFixed(0)} ms (on); refresh interval ${refreshIntervalMs} ms`,
    );
    // Generous bound: a few poll rounds (the server also needs to notice the change).
    expect(Math.max(offAfterMs, onAfterMs)).toBeLessThan(refreshIntervalMs * 20);
  });

  it('the planner variant splits traffic across user ids, sticky per user', async () => {
    const flagSource = source();
    await synchronized(flagSource);
    const counts = new Map<string, number>();
    for (let index = 0; index < 300; index += 1) {
      const snapshot = readFlagSnapshot(flagSource, { userId: `user-${index}`, tenant: 'acme' });
      const planner = snapshot.plannerVariant ?? 'none';
      counts.set(planner, (counts.get(planner) ?? 0) + 1);
    }
    console.log(`planner split over 300 user ids: ${JSON.stringify(Object.fromEntries(counts))}`);
    expect([...counts.keys()].sort()).toEqual(['compact', 'keyterm']);
    expect(counts.get('compact')).toBeGreaterThan(90);
    expect(counts.get('keyterm')).toBeGreaterThan(90);
    const first = readFlagSnapshot(flagSource, { userId: 'user-42' }).plannerVariant;
    for (let repeat = 0; repeat < 5; repeat += 1) {
      expect(readFlagSnapshot(flagSource, { userId: 'user-42' }).plannerVariant).toBe(first);
    }
  });

  it('keeps last-known values when the server goes away, and a restart with the server down starts from the backup file', async () => {
    // Compaction on at the server: differs from the bootstrap file and from the fallback (both off).
    await admin.setEnabled(multiHopFlagNames.compaction, true);
    const target = new URL(url);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port) });
    const proxyPort = await proxy.listen();
    const proxiedUrl = `${target.protocol}//127.0.0.1:${proxyPort}${target.pathname}`;
    const backupPath = mkdtempSync(join(tmpdir(), 'rw-unleash-backup-'));
    const flagSource = source({ url: proxiedUrl, backupPath });
    await vi.waitFor(
      () => {
        if (!flagSource.isEnabled(multiHopFlagNames.compaction, {}, false)) throw new Error('not yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    await vi.waitFor(() => expect(existsSync(flagSource.backupFile)).toBe(true), { timeout: 5_000 });

    // The server goes away (connections dropped, port closed); meanwhile an operator switches compaction off.
    const errorsBefore = flagSource.errors.count;
    await proxy.close();
    await admin.setEnabled(multiHopFlagNames.compaction, false);
    await vi.waitFor(() => expect(flagSource.errors.count).toBeGreaterThan(errorsBefore), {
      timeout: 20_000,
      interval: 50,
    });
    expect(flagSource.isEnabled(multiHopFlagNames.compaction, {}, false)).toBe(true);
    expect(flagSource.isEnabled(multiHopFlagNames.enabled, { userId: 'u' }, false)).toBe(true);
    expect(readFlagSnapshot(flagSource, { userId: 'user-1' }).plannerVariant).toBeDefined();
    await flagSource.close();

    // Restart while the server is still unreachable: the backup file supplies the last-known values.
    const restarted = source({ url: proxiedUrl, backupPath });
    expect(restarted.startedFrom).toBe('backup');
    expect(await restarted.ready({ timeoutMs: 5_000 })).toBe(true);
    expect(restarted.isEnabled(multiHopFlagNames.compaction, {}, false)).toBe(true);
    expect(restarted.isEnabled(multiHopFlagNames.enabled, { userId: 'u' }, false)).toBe(true);

    // Without the backup file the same restart has nothing but fallbacks.
    const fresh = source({ url: proxiedUrl, backupPath: mkdtempSync(join(tmpdir(), 'rw-unleash-empty-')) });
    expect(fresh.startedFrom).toBe('none');
    expect(fresh.isEnabled(multiHopFlagNames.compaction, {}, false)).toBe(false);
  });

  it('the capability reads the flags with each request’s tenant (constraint on tenant)', async () => {
    await admin.setStrategies(multiHopFlagNames.enabled, [
      {
        name: 'default',
        constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }],
      },
    ]);
    await admin.setEnabled(multiHopFlagNames.enabled, true);
    const flagSource = source();
    const capability = await MultiHopCapability.create({
      config: resolveMultiHopConfig(),
      flagSource,
      providers: {} as CapabilityProviders,
      engineFactory: () => new FakeMultiHopEngine(),
    });
    await vi.waitFor(
      async () => {
        const acme = await capability.execute({ query: 'q', user: { id: 'u', tenant: 'acme' } });
        const other = await capability.execute({ query: 'q', user: { id: 'u', tenant: 'globex' } });
        expect([acme.metadata.multi_hop.enabled, other.metadata.multi_hop.enabled]).toEqual([true, false]);
      },
      { timeout: 20_000, interval: 100 },
    );
    await admin.setStrategies(multiHopFlagNames.enabled, [
      UnleashAdmin.rollout(multiHopFlagNames.enabled, 100),
    ]);
  });
});
