import type { AddressInfo } from 'node:net';
import { InMemoryStore, InstrumentedStore } from '@rootweaver/core/test';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { engineWorldItems } from '@rootweaver/innovations/test';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { createHttpServer } from '../http/create-http-server.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { MultiHopCapability } from './multi-hop-capability.js';

// The capability on the real engine (MultiHopRAG) with no LLM: rule decomposition, heuristic extraction.
async function realCapability(input: {
  enabled: boolean;
  compactionFlag: boolean;
  compactionYaml: boolean;
  maxChars?: number;
}) {
  const registry = new Registry();
  const capability = await MultiHopCapability.create({
    config: resolveMultiHopConfig({
      retrievalMode: 'lexical',
      compactionEnabled: input.compactionYaml,
      compactionMaxChars: input.maxChars ?? 2000,
    }),
    flagSource: new FakeFlagSource({
      toggles: {
        [multiHopFlagNames.enabled]: input.enabled,
        [multiHopFlagNames.compaction]: input.compactionFlag,
      },
    }),
    providers: { store: new InMemoryStore({ items: engineWorldItems }) },
    registry,
  });
  return { capability, registry };
}

const question = 'What university did the director of Inception attend?';

describe('MultiHopCapability on MultiHopRAG (no LLM)', () => {
  it('metadata.hops counts retrieval hops: 1 for a one-step plan, 2 for a two-step chain (issue 26: was 3 and 4)', async () => {
    const { capability } = await realCapability({
      enabled: true,
      compactionFlag: false,
      compactionYaml: false,
    });
    const oneStep = await capability.execute({ query: 'Who directed Inception?' });
    expect(oneStep.result.plan?.nodes).toHaveLength(1);
    expect(oneStep.metadata.multi_hop.hops).toBe(1);
    expect(oneStep.result.hops.length).toBeGreaterThan(1);
    const chain = await capability.execute({ query: question });
    expect(chain.result.plan?.nodes).toHaveLength(2);
    expect(chain.metadata.multi_hop.hops).toBe(2);
  });

  it('warms the engine up without retrieving, and the answer after it is the answer without it', async () => {
    const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }));
    const capability = await MultiHopCapability.create({
      config: resolveMultiHopConfig({ retrievalMode: 'lexical' }),
      flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
      providers: { store },
      registry: new Registry(),
    });
    const warmed = await capability.warmUp();
    expect(warmed.durationMs).toBeGreaterThan(0);
    expect(store.log).toHaveLength(0);
    const cold = await realCapability({ enabled: true, compactionFlag: false, compactionYaml: false });
    const afterWarmUp = await capability.execute({ query: question });
    const withoutWarmUp = await cold.capability.execute({ query: question });
    expect(afterWarmUp.answer).toBe(withoutWarmUp.answer);
    expect(afterWarmUp.result.hops).toEqual(withoutWarmUp.result.hops);
  });

  it('an engine without a warm-up is warm at once', async () => {
    const capability = await MultiHopCapability.create({
      config: resolveMultiHopConfig({ retrievalMode: 'lexical' }),
      flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
      providers: { store: new InMemoryStore({ items: engineWorldItems }) },
      registry: new Registry(),
      engineFactory: () => ({
        ask: () => Promise.reject(new Error('not asked')),
        askSinglePass: () => Promise.reject(new Error('not asked')),
      }),
    });
    expect(await capability.warmUp()).toEqual({ durationMs: 0 });
  });

  it('answers multi-hop with the flag on and single-pass with it off', async () => {
    const on = await realCapability({ enabled: true, compactionFlag: false, compactionYaml: false });
    const multiHop = await on.capability.execute({ query: question });
    expect(multiHop.metadata.multi_hop.enabled).toBe(true);
    expect(multiHop.metadata.multi_hop.planner).toBe('compact');
    expect(multiHop.metadata.multi_hop.llm_calls).toBe(0);
    expect(multiHop.metadata.multi_hop.context_chars).toBe(
      multiHop.metadata.multi_hop.context_chars_uncompacted,
    );

    const off = await realCapability({ enabled: false, compactionFlag: true, compactionYaml: true });
    const single = await off.capability.execute({ query: question });
    expect(single.metadata.multi_hop.enabled).toBe(false);
    expect(single.metadata.multi_hop.planner).toBe('single-pass');
    expect(single.result.planner).toBe('single-pass');
    expect(single.metadata.multi_hop.compaction).toBe(false);
  });

  it('compaction bounds context_chars only when flag, YAML and capability are all on', async () => {
    const budget = 60;
    const all = await realCapability({
      enabled: true,
      compactionFlag: true,
      compactionYaml: true,
      maxChars: budget,
    });
    const compacted = await all.capability.execute({ query: question });
    const noFlag = await realCapability({
      enabled: true,
      compactionFlag: false,
      compactionYaml: true,
      maxChars: budget,
    });
    const full = await noFlag.capability.execute({ query: question });

    expect(full.metadata.multi_hop.context_chars_uncompacted).toBeGreaterThan(budget);
    expect(full.metadata.multi_hop.context_chars).toBe(full.metadata.multi_hop.context_chars_uncompacted);
    expect(compacted.metadata.multi_hop.compaction).toBe(true);
    expect(compacted.metadata.multi_hop.context_chars).toBeLessThanOrEqual(budget);
    // ADR-077: compaction changes only the synthesis input, never the trajectory.
    expect(compacted.metadata.multi_hop.context_chars_uncompacted).toBe(
      full.metadata.multi_hop.context_chars_uncompacted,
    );
    expect(compacted.result.hops.map((hop) => hop.kind)).toEqual(full.result.hops.map((hop) => hop.kind));
    const text = await all.registry.metrics();
    expect(text).toMatch(/multi_hop_context_chars_sum\{planner="compact"\} \d+/);
  });

  it('serves 100 concurrent HTTP requests on the real engine without an error', async () => {
    const { capability, registry } = await realCapability({
      enabled: true,
      compactionFlag: false,
      compactionYaml: false,
    });
    const server = createHttpServer({ capability, onError: () => {} });
    const address: AddressInfo = await server.listen({ port: 0 });
    const questions = [
      question,
      'Who directed The Glass Orchard?',
      'When did Corwin Hale die?',
      'Who produced Inception?',
    ];
    try {
      const started = performance.now();
      const responses = await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const response = await fetch(`http://127.0.0.1:${address.port}/v1/ask`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              query: questions[index % questions.length],
              user: { id: `user-${index}` },
            }),
          });
          return { status: response.status, body: (await response.json()) as { answer?: string } };
        }),
      );
      const elapsedMs = performance.now() - started;
      expect(responses.filter((response) => response.status !== 200)).toEqual([]);
      expect(responses.every((response) => typeof response.body.answer === 'string')).toBe(true);
      const metrics = await registry.metrics();
      const answered = /multi_hop_requests_total\{planner="compact",outcome="answered"\} (\d+)/.exec(
        metrics,
      )?.[1];
      const refused = /multi_hop_requests_total\{planner="compact",outcome="refused"\} (\d+)/.exec(
        metrics,
      )?.[1];
      expect(Number(answered ?? 0) + Number(refused ?? 0)).toBe(100);
      console.log(
        `100 concurrent POST /v1/ask on MultiHopRAG (in-memory store, no LLM): ${elapsedMs.toFixed(0)} ms, 0 errors, ${answered ?? 0} answered, ${refused ?? 0} refused`,
      );
    } finally {
      await server.close({ timeoutMs: 1_000 });
    }
  });
});

describe('MultiHopCapability.create with an index directory', () => {
  it('opens the embedded store through createProviderSet and answers from it', async () => {
    const { EmbeddedStore } = await import('@rootweaver/providers');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const directory = mkdtempSync(join(tmpdir(), 'rw-capability-index-'));
    const store = await EmbeddedStore.open({ directory });
    await store.upsert({ items: engineWorldItems });
    await store.close();
    // A store alone is not an index: without the manifest a build or import writes, create refuses it.
    await expect(
      MultiHopCapability.create({ indexDirectory: directory, env: {}, flagSource: new FakeFlagSource() }),
    ).rejects.toThrow(/holds no rootweaver index \(no manifest\.json/);
    writeFileSync(join(directory, 'manifest.json'), '{"schemaVersion": 2, "documents": {}}\n');

    const capability = await MultiHopCapability.create({
      indexDirectory: directory,
      env: {},
      flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    });
    try {
      const result = await capability.execute({ query: question });
      expect(result.metadata.multi_hop.planner).toBe('compact');
      expect(result.result.pool.length).toBeGreaterThan(0);
    } finally {
      await capability.close();
    }
  });

  it('answers from an index an older rootweaver left a selector.json in, as without it (the file is never read)', async () => {
    const { EmbeddedStore } = await import('@rootweaver/providers');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const directory = mkdtempSync(join(tmpdir(), 'rw-capability-legacy-'));
    const store = await EmbeddedStore.open({ directory });
    await store.upsert({ items: engineWorldItems });
    await store.close();
    writeFileSync(join(directory, 'manifest.json'), '{"schemaVersion": 2, "documents": {}}\n');
    const answer = async () => {
      const capability = await MultiHopCapability.create({
        indexDirectory: directory,
        env: {},
        flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
      });
      try {
        return (await capability.execute({ query: question })).result.answer;
      } finally {
        await capability.close();
      }
    };
    const without = await answer();
    // What the learned selector (ADR-0007, removed) wrote, truncated: the old reader refused to open it.
    writeFileSync(
      join(directory, 'selector.json'),
      '{"format": "rootweaver-answer-selector", "formatVersion": 3,',
    );
    expect(await answer()).toBe(without);
  });

  it('opens providers.index_directory of the YAML (default .rootweaver/index) and says what to do when it is missing', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join, resolve } = await import('node:path');
    const configPath = join(mkdtempSync(join(tmpdir(), 'rw-capability-yaml-')), 'multi_hop.yaml');
    writeFileSync(configPath, 'providers:\n  index_directory: /nonexistent/from-yaml\n');
    await expect(
      MultiHopCapability.create({ env: {}, flagSource: new FakeFlagSource(), configPath }),
    ).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('/nonexistent/from-yaml does not exist'),
    });
    // With no YAML setting at all the default directory is named, relative to the working directory.
    const emptyConfig = join(mkdtempSync(join(tmpdir(), 'rw-capability-yaml-')), 'multi_hop.yaml');
    writeFileSync(emptyConfig, 'top_k: 3\n');
    const cwd = mkdtempSync(join(tmpdir(), 'rw-capability-cwd-'));
    const previous = process.cwd();
    process.chdir(cwd);
    try {
      await expect(
        MultiHopCapability.create({ env: {}, flagSource: new FakeFlagSource(), configPath: emptyConfig }),
      ).rejects.toThrow(
        `${resolve(cwd, '.rootweaver/index')} does not exist; build one with 'rootweaver index build`,
      );
    } finally {
      process.chdir(previous);
    }
    await expect(
      MultiHopCapability.create({
        env: {},
        flagSource: new FakeFlagSource(),
        indexDirectory: '/nonexistent/index',
      }),
    ).rejects.toThrow(/does not exist; build one with 'rootweaver index build/);
  });
});
