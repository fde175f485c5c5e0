import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import { describe, expect, it, vi } from 'vitest';
import { BootstrapFlagSource } from './bootstrap-flag-source.js';
import { createFlagSource } from './create-flag-source.js';
import { multiHopFlagNames } from './flag-names.js';
import { readFlagSnapshot } from './read-flag-snapshot.js';
import type { UnleashFeatureDefinition } from './unleash-feature-definitions.js';
import { UnleashFlagSource } from './unleash-flag-source.js';

const plannerSplit: UnleashFeatureDefinition = {
  name: multiHopFlagNames.planner,
  enabled: true,
  strategies: [{ name: 'default', parameters: {}, constraints: [] }],
  variants: [
    { name: 'compact', weight: 500, stickiness: 'default' },
    { name: 'keyterm', weight: 500, stickiness: 'default' },
  ],
};

describe('BootstrapFlagSource', () => {
  it('evaluates configs/flags/bootstrap.json: capability on, compaction off, planner variant off', () => {
    const source = new BootstrapFlagSource();
    const context = { userId: 'u1', tenant: 't1' };
    expect(source.isEnabled(multiHopFlagNames.enabled, context, false)).toBe(true);
    expect(source.isEnabled(multiHopFlagNames.compaction, context, true)).toBe(false);
    expect(source.variant(multiHopFlagNames.planner, context).enabled).toBe(false);
    expect(readFlagSnapshot(source, context)).toEqual({ enabled: true, compaction: false });
    expect(source.features.map((feature) => feature.name).sort()).toEqual(
      Object.values(multiHopFlagNames).sort(),
    );
  });

  it('answers the fallback for an unknown flag', () => {
    const source = new BootstrapFlagSource({ features: [] });
    expect(source.isEnabled('nope', {}, true)).toBe(true);
    expect(source.isEnabled('nope', {}, false)).toBe(false);
    expect(source.variant('nope', {}, { name: 'fallback', enabled: true }).name).toBe('fallback');
  });

  it('splits a variant flag across user ids, sticky per user (Unleash hashing)', () => {
    const source = new BootstrapFlagSource({ features: [plannerSplit] });
    const counts = new Map<string, number>();
    for (let index = 0; index < 400; index += 1) {
      const name = source.variant(multiHopFlagNames.planner, { userId: `user-${index}` }).name;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['compact', 'keyterm']);
    expect(counts.get('compact')).toBeGreaterThan(120);
    expect(counts.get('keyterm')).toBeGreaterThan(120);
    const first = source.variant(multiHopFlagNames.planner, { userId: 'user-7' }).name;
    for (let repeat = 0; repeat < 5; repeat += 1) {
      expect(source.variant(multiHopFlagNames.planner, { userId: 'user-7' }).name).toBe(first);
    }
  });

  it('evaluates constraints on the tenant property', () => {
    const source = new BootstrapFlagSource({
      features: [
        {
          name: multiHopFlagNames.enabled,
          enabled: true,
          strategies: [
            {
              name: 'default',
              parameters: {},
              constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] } as never],
            },
          ],
        },
      ],
    });
    expect(source.isEnabled(multiHopFlagNames.enabled, { tenant: 'acme' }, false)).toBe(true);
    expect(source.isEnabled(multiHopFlagNames.enabled, { tenant: 'other' }, false)).toBe(false);
  });

  it('makes no network connection at all', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const source = new BootstrapFlagSource();
    for (let index = 0; index < 50; index += 1)
      source.isEnabled(multiHopFlagNames.enabled, { userId: `${index}` }, false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await source.close();
    server.close();
    // The client is given an unresolvable placeholder URL; nothing may reach any socket, including this one.
    expect(connections).toBe(0);
    expect(source.errors.count).toBe(0);
  });

  it('rejects a malformed bootstrap file with a message naming it', () => {
    const directory = mkdtempSync(join(tmpdir(), 'rw-flags-'));
    const path = join(directory, 'bootstrap.json');
    writeFileSync(path, '[{"name": "x"}]');
    expect(() => new BootstrapFlagSource({ bootstrapPath: path })).toThrow(
      /feature \[0\] \(x\) needs a boolean `enabled`/,
    );
    writeFileSync(path, '{ not json');
    expect(() => new BootstrapFlagSource({ bootstrapPath: path })).toThrow(RootweaverError);
    expect(() => new BootstrapFlagSource({ bootstrapPath: join(directory, 'missing.json') })).toThrow(
      /does not exist/,
    );
  });
});

describe('createFlagSource', () => {
  it('bootstraps with no UNLEASH_URL, and uses Unleash when URL and token are set', async () => {
    const bootstrap = createFlagSource({ env: {} });
    expect(bootstrap).toBeInstanceOf(BootstrapFlagSource);
    const onlyUrl = createFlagSource({ env: { UNLEASH_URL: 'http://127.0.0.1:9/api' } });
    expect(onlyUrl).toBeInstanceOf(BootstrapFlagSource);
    const backupPath = mkdtempSync(join(tmpdir(), 'rw-backup-'));
    const unleash = createFlagSource({
      env: { UNLEASH_URL: 'http://127.0.0.1:9/api', UNLEASH_API_TOKEN: 'x', UNLEASH_BACKUP_PATH: backupPath },
      onError: () => {},
    });
    expect(unleash).toBeInstanceOf(UnleashFlagSource);
    await unleash.close();
  });
});

describe('UnleashFlagSource without a reachable server', () => {
  it('never throws, reports errors to the handler, and starts from bootstrap definitions', async () => {
    const backupPath = mkdtempSync(join(tmpdir(), 'rw-backup-'));
    const errors: string[] = [];
    // Port 9 (discard) on loopback: connection refused.
    const source = new UnleashFlagSource({
      url: 'http://127.0.0.1:9/api',
      apiToken: 'default:development.secret-token-value',
      backupPath,
      refreshIntervalMs: 100,
      disableMetrics: true,
      onError: (error) => errors.push(error.message),
    });
    expect(source.startedFrom).toBe('bootstrap');
    expect(await source.ready({ timeoutMs: 2_000 })).toBe(true);
    expect(source.isEnabled(multiHopFlagNames.enabled, { userId: 'u' }, false)).toBe(true);
    expect(source.isEnabled(multiHopFlagNames.compaction, { userId: 'u' }, true)).toBe(false);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 20_000, interval: 50 });
    expect(source.isEnabled(multiHopFlagNames.enabled, { userId: 'u' }, false)).toBe(true);
    expect(source.errors.lastMessage).not.toContain('secret-token-value');
    await source.close();
  });

  it('answers fallbacks before it has any values (no bootstrap, no backup)', async () => {
    const backupPath = mkdtempSync(join(tmpdir(), 'rw-backup-'));
    const source = new UnleashFlagSource({
      url: 'http://127.0.0.1:9/api',
      apiToken: 'x',
      backupPath,
      bootstrap: false,
      disableMetrics: true,
      onError: () => {},
    });
    expect(source.startedFrom).toBe('none');
    expect(source.isEnabled(multiHopFlagNames.enabled, {}, true)).toBe(true);
    expect(source.isEnabled(multiHopFlagNames.enabled, {}, false)).toBe(false);
    expect(source.variant(multiHopFlagNames.planner, {}).enabled).toBe(false);
    expect(await source.ready({ timeoutMs: 300 })).toBe(false);
    await source.close();
  });
});
