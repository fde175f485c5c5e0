import { InMemoryStore, InstrumentedStore, ScriptedExtractor } from '@rootweaver/core/test';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { engineWorldItems } from '@rootweaver/innovations/test';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { FakeMultiHopEngine } from '../test/fake-multi-hop-engine.js';
import { MultiHopCapability } from './multi-hop-capability.js';

// The capability on the real engine (MultiHopRAG) with no LLM: rule decomposition, heuristic extraction.
async function capability(enabled: boolean) {
  const store = new InstrumentedStore(new InMemoryStore({ items: engineWorldItems }));
  const created = await MultiHopCapability.create({
    config: resolveMultiHopConfig({ retrievalMode: 'lexical' }),
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: enabled } }),
    providers: { store },
    registry: new Registry(),
  });
  return { capability: created, store };
}

const question = 'When did the director of The Glass Orchard die?';

describe('MultiHopCapability.retrieve', () => {
  it('returns the multi-hop evidence with the metadata of what ran, and no answer', async () => {
    const { capability: rag, store } = await capability(true);
    const retrieval = await rag.retrieve({ query: question, user: { id: 'u1' } });
    expect(retrieval.evidence.length).toBeGreaterThan(0);
    expect(retrieval.result.nodes.length).toBeGreaterThan(1);
    expect(store.log.filter((entry) => entry.event === 'start')).toHaveLength(retrieval.result.nodes.length);
    expect(retrieval.metadata.multi_hop).toMatchObject({
      enabled: true,
      planner: 'compact',
      llm_calls: 0,
      evidence: retrieval.evidence.length,
      refusal: null,
      extractor: 'heuristic',
      rewriter: null,
    });
    // The metrics count answers only.
    expect(await rag.metricsText()).not.toMatch(/multi_hop_requests_total\{[^}]*\} [1-9]/);
  });

  it('names the extractor the engine answers with: the given one, or the router with extractorScope untyped', async () => {
    for (const [scope, expected] of [
      ['all', 'scripted'],
      ['untyped', 'answer-type-router(heuristic, scripted)'],
    ] as const) {
      const rag = await MultiHopCapability.create({
        config: resolveMultiHopConfig({ retrievalMode: 'lexical', extractorScope: scope }),
        flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
        providers: {
          store: new InMemoryStore({ items: engineWorldItems }),
          extractor: new ScriptedExtractor([]),
        },
        registry: new Registry(),
      });
      const retrieval = await rag.retrieve({ query: question, user: { id: 'u1' } });
      expect(retrieval.metadata.multi_hop).toMatchObject({ extractor: expected });
    }
  });

  it("names the heuristic's name-kind model when the providers give one", async () => {
    const rag = await MultiHopCapability.create({
      config: resolveMultiHopConfig({ retrievalMode: 'lexical', extractorScope: 'untyped' }),
      flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
      providers: {
        store: new InMemoryStore({ items: engineWorldItems }),
        extractor: new ScriptedExtractor([]),
        nameKinds: {
          id: 'test-kinds',
          kindsOf: () => ({ person: 0.25, place: 0.25, organisation: 0.25, title: 0.25 }),
        },
      },
      registry: new Registry(),
    });
    const retrieval = await rag.retrieve({ query: question, user: { id: 'u1' } });
    expect(retrieval.metadata.multi_hop).toMatchObject({
      extractor: 'answer-type-router(heuristic(test-kinds), scripted)',
    });
  });

  it('with the capability flag off retrieves once, single-pass', async () => {
    const { capability: rag, store } = await capability(false);
    const retrieval = await rag.retrieve({ query: question });
    expect(retrieval.metadata.multi_hop.planner).toBe('single-pass');
    expect(store.log.filter((entry) => entry.event === 'start')).toHaveLength(1);
  });

  it('validates the request and says when the engine cannot retrieve', async () => {
    const { capability: rag } = await capability(true);
    await expect(rag.retrieve({ query: ' ' })).rejects.toMatchObject({ code: 'invalid-input' });
    const custom = await MultiHopCapability.create({
      config: resolveMultiHopConfig({}),
      flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
      providers: { store: new InMemoryStore({ items: [] }) },
      engineFactory: () => new FakeMultiHopEngine(),
      registry: new Registry(),
    });
    await expect(custom.retrieve({ query: question })).rejects.toMatchObject({
      code: 'not-configured',
      message: expect.stringContaining('no retrieve method'),
    });
  });
});

describe('MultiHopCapability.asEngine', () => {
  it('answers, retrieves and streams through the capability, with its flags', async () => {
    const { capability: rag } = await capability(false);
    const engine = rag.asEngine({ user: { id: 'u1', tenant: 't1' } });
    const answer = await engine.ask(question);
    expect(answer.planner).toBe('single-pass');
    expect((await engine.retrieve(question)).planner).toBe('single-pass');
    const types: string[] = [];
    let finished: unknown;
    for await (const event of engine.stream(question)) {
      types.push(event.type);
      if (event.type === 'finished') finished = event.answer;
    }
    expect(types.at(-1)).toBe('finished');
    expect(finished).toMatchObject({ answer: answer.answer, planner: 'single-pass' });
    expect(await rag.metricsText()).toMatch(
      /multi_hop_requests_total\{planner="single-pass",outcome="[a-z]+"\} 2/,
    );
  });

  it('passes the signal on: a request cancelled before it starts is an aborted error, as execute has it', async () => {
    const { capability: rag } = await capability(true);
    const signal = AbortSignal.abort();
    await expect(rag.asEngine().ask(question, { signal })).rejects.toMatchObject({ code: 'aborted' });
    await expect(rag.asEngine().retrieve(question, { signal })).rejects.toMatchObject({ code: 'aborted' });
  });
});
