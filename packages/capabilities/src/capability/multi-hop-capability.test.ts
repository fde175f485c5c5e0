import { RootweaverError } from '@rootweaver/core';
import { defaultMultiHopConfig, resolveMultiHopConfig } from '@rootweaver/innovations';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { multiHopFlagNames } from '../flags/flag-names.js';
import type { FlagSource } from '../flags/flag-source.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { FakeMultiHopEngine } from '../test/fake-multi-hop-engine.js';
import { MultiHopCapability } from './multi-hop-capability.js';
import type { CapabilityProviders } from './multi-hop-engine.js';

const unusedProviders = {} as CapabilityProviders;

async function capabilityWith(input: {
  flagSource: FlagSource;
  compactionYaml?: boolean;
  planner?: 'compact' | 'adaptive' | 'keyterm';
  engine?: FakeMultiHopEngine;
  registry?: Registry;
}): Promise<{ capability: MultiHopCapability; engine: FakeMultiHopEngine }> {
  const engine = input.engine ?? new FakeMultiHopEngine();
  const capability = await MultiHopCapability.create({
    config: resolveMultiHopConfig({
      compactionEnabled: input.compactionYaml ?? false,
      planner: input.planner ?? 'compact',
    }),
    flagSource: input.flagSource,
    providers: unusedProviders,
    engineFactory: () => engine,
    ...(input.registry === undefined ? {} : { registry: input.registry }),
  });
  return { capability, engine };
}

describe('MultiHopCapability flag matrix (capability × YAML compaction × Unleash compaction)', () => {
  const cases = [];
  for (const capabilityFlag of [false, true]) {
    for (const compactionYaml of [false, true]) {
      for (const compactionFlag of [false, true]) {
        cases.push({ capabilityFlag, compactionYaml, compactionFlag });
      }
    }
  }

  it.each(cases)('capability=$capabilityFlag yaml=$compactionYaml flag=$compactionFlag', async (row) => {
    const flags = new FakeFlagSource({
      toggles: {
        [multiHopFlagNames.enabled]: row.capabilityFlag,
        [multiHopFlagNames.compaction]: row.compactionFlag,
      },
    });
    const { capability, engine } = await capabilityWith({
      flagSource: flags,
      compactionYaml: row.compactionYaml,
    });
    const result = await capability.execute({ query: 'Who directed Inception?' });

    const expectCompaction = row.capabilityFlag && row.compactionYaml && row.compactionFlag;
    expect(engine.calls).toHaveLength(1);
    const call = engine.calls[0];
    expect(call?.method).toBe(row.capabilityFlag ? 'ask' : 'askSinglePass');
    expect(call?.options.compaction).toBe(expectCompaction);
    const metadata = result.metadata.multi_hop;
    expect(metadata.enabled).toBe(row.capabilityFlag);
    expect(metadata.compaction).toBe(expectCompaction);
    expect(metadata.planner).toBe(row.capabilityFlag ? 'compact' : 'single-pass');
    expect(metadata.context_chars).toBe(expectCompaction ? 2000 : 5000);
    expect(metadata.context_chars_uncompacted).toBe(5000);
    expect(metadata.flags).toEqual({
      enabled: row.capabilityFlag,
      compaction: row.compactionFlag,
      compaction_yaml: row.compactionYaml,
      planner_variant: null,
    });
  });
});

describe('MultiHopCapability', () => {
  it('reads each flag once per request with that request’s user id and tenant', async () => {
    const flags = new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } });
    const { capability } = await capabilityWith({ flagSource: flags });
    await capability.execute({ query: 'q1', user: { id: 'alice', tenant: 'acme' } });
    await capability.execute({ query: 'q2', user: { id: 'bob' } });

    const names = Object.values(multiHopFlagNames);
    expect(flags.lookups).toHaveLength(2 * names.length);
    expect(
      flags.lookups
        .slice(0, 3)
        .map((lookup) => lookup.name)
        .sort(),
    ).toEqual([...names].sort());
    for (const lookup of flags.lookups.slice(0, 3))
      expect(lookup.context).toEqual({ userId: 'alice', tenant: 'acme' });
    for (const lookup of flags.lookups.slice(3)) expect(lookup.context).toEqual({ userId: 'bob' });
  });

  it('uses the planner variant when it names a planner, else the YAML planner', async () => {
    const flags = new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } });
    const { capability, engine } = await capabilityWith({ flagSource: flags, planner: 'adaptive' });

    await capability.execute({ query: 'no variant' });
    flags.setVariant(multiHopFlagNames.planner, { name: 'keyterm', enabled: true });
    const withVariant = await capability.execute({ query: 'variant' });
    flags.setVariant(multiHopFlagNames.planner, { name: 'greedy', enabled: true });
    const unknownVariant = await capability.execute({ query: 'unknown variant' });
    flags.setVariant(multiHopFlagNames.planner, { name: 'keyterm', enabled: false });
    await capability.execute({ query: 'disabled variant' });

    expect(engine.calls.map((call) => call.options.planner)).toEqual([
      'adaptive',
      'keyterm',
      'adaptive',
      'adaptive',
    ]);
    expect(withVariant.metadata.multi_hop.planner).toBe('keyterm');
    expect(withVariant.metadata.multi_hop.flags.planner_variant).toBe('keyterm');
    expect(unknownVariant.metadata.multi_hop.flags.planner_variant).toBe('greedy');
  });

  it('answers single-pass when the flag is unknown (conservative fallback)', async () => {
    const { capability, engine } = await capabilityWith({ flagSource: new FakeFlagSource() });
    const result = await capability.execute({ query: 'q' });
    expect(engine.calls[0]?.method).toBe('askSinglePass');
    expect(result.metadata.multi_hop.enabled).toBe(false);
  });

  it('keeps answering when the flag source throws (fallbacks: single-pass, no compaction)', async () => {
    const throwing: FlagSource = {
      isEnabled: () => {
        throw new Error('boom');
      },
      variant: () => {
        throw new Error('boom');
      },
    };
    const { capability, engine } = await capabilityWith({ flagSource: throwing, compactionYaml: true });
    const result = await capability.execute({ query: 'q' });
    expect(engine.calls[0]?.method).toBe('askSinglePass');
    expect(result.metadata.multi_hop.compaction).toBe(false);
  });

  it('passes history and signal through and reports usage', async () => {
    const flags = new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } });
    const { capability, engine } = await capabilityWith({ flagSource: flags });
    const controller = new AbortController();
    const history = [{ role: 'user' as const, content: 'earlier' }];
    const result = await capability.execute({ query: 'q', history, signal: controller.signal });
    expect(engine.calls[0]?.options.history).toBe(history);
    expect(engine.calls[0]?.options.signal).toBe(controller.signal);
    expect(result.metadata.multi_hop).toMatchObject({
      llm_calls: 2,
      tokens: 220,
      // The fake's trace: a decompose step and two retrieve hops.
      hops: 2,
      refusal: null,
      forced_stop: null,
    });
    expect(result.answer).toBe('answer to q by compact');
  });

  it('rejects an empty query and an already-aborted request', async () => {
    const { capability, engine } = await capabilityWith({ flagSource: new FakeFlagSource() });
    await expect(capability.execute({ query: '  ' })).rejects.toMatchObject({ code: 'invalid-input' });
    const controller = new AbortController();
    controller.abort();
    await expect(capability.execute({ query: 'q', signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(engine.calls).toHaveLength(0);
  });

  it('records metrics on the injected registry, not the global one', async () => {
    const registry = new Registry();
    const flags = new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } });
    const { capability } = await capabilityWith({ flagSource: flags, registry });
    await capability.execute({ query: 'one' });
    await capability.execute({ query: 'two' });
    flags.set(multiHopFlagNames.enabled, false);
    await capability.execute({ query: 'three' });

    const text = await registry.metrics();
    expect(text).toContain('# HELP multi_hop_context_chars Characters of the final synthesis context');
    expect(text).toContain('multi_hop_requests_total{planner="compact",outcome="answered"} 2');
    expect(text).toContain('multi_hop_requests_total{planner="single-pass",outcome="answered"} 1');
    expect(text).toContain('multi_hop_context_chars_count{planner="compact"} 2');
    expect(text).toContain('multi_hop_context_chars_sum{planner="compact"} 10000');
    expect(text).toContain('multi_hop_llm_calls_sum{planner="compact"} 4');
    expect(text).toContain(
      'multi_hop_request_duration_seconds_count{planner="compact",outcome="answered"} 2',
    );
    const { register } = await import('prom-client');
    expect(register.getSingleMetric('multi_hop_requests_total')).toBeUndefined();
  });

  it('counts refusals and errors by outcome', async () => {
    const registry = new Registry();
    const flags = new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } });
    const refusing = await capabilityWith({
      flagSource: flags,
      registry,
      engine: new FakeMultiHopEngine({ refusal: 'no-evidence' }),
    });
    const failing = await capabilityWith({
      flagSource: flags,
      registry,
      engine: new FakeMultiHopEngine({ failWith: new RootweaverError('llm-unavailable', 'down') }),
    });
    const refused = await refusing.capability.execute({ query: 'q' });
    expect(refused.metadata.multi_hop.refusal).toBe('no-evidence');
    await expect(failing.capability.execute({ query: 'q' })).rejects.toMatchObject({
      code: 'llm-unavailable',
    });
    const text = await registry.metrics();
    expect(text).toContain('multi_hop_requests_total{planner="compact",outcome="refused"} 1');
    expect(text).toContain('multi_hop_requests_total{planner="compact",outcome="error"} 1');
  });

  it('loads the YAML when no config is given', async () => {
    const capability = await MultiHopCapability.create({
      env: {},
      flagSource: new FakeFlagSource(),
      providers: unusedProviders,
      engineFactory: () => new FakeMultiHopEngine(),
    });
    expect(capability.config).toEqual({
      ...defaultMultiHopConfig,
      extractorScope: 'untyped',
      rewriter: { ...defaultMultiHopConfig.rewriter, kind: 'trained' },
    });
    expect(capability.configSource.endsWith('configs/retrieval/multi_hop.yaml')).toBe(true);
  });
});
