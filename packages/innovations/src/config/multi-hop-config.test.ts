import type { PlannerName, SearchMode, SynthesisMode } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { InMemoryStore } from '@rootweaver/core/test';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MultiHopRAG } from '../engine/multi-hop-rag.js';
import {
  compactionRuns,
  defaultMultiHopConfig,
  isResolvedMultiHopConfig,
  type MultiHopConfig,
  multiHopConfigSchema,
  overrideMultiHopConfig,
  resolveMultiHopConfig,
} from './index.js';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isRootweaverError(error, 'invalid-config')) return error.message;
    throw error;
  }
  throw new Error('expected an invalid-config error');
}

describe('the configuration schema', () => {
  it('gives the ADR-077 defaults, camelCased', () => {
    expect(defaultMultiHopConfig).toEqual({
      planner: 'compact',
      maxHops: 5,
      answerabilityThreshold: 0.6,
      maxDepth: 3,
      maxSubQueriesPerIter: 5,
      maxTotalSubQueries: 12,
      maxPoolChunks: 30,
      topK: 5,
      retrievalMode: 'hybrid',
      extractorScope: 'all',
      extractionConfidenceThreshold: 0.3,
      composeMinConfidence: 0.8,
      synthesis: 'auto',
      compactionEnabled: false,
      compactionMaxChars: 2000,
      temperature: 0,
      maxOutputTokens: 512,
      maxAnswerChars: 4_000,
      deadlineMs: 60_000,
      budgets: { maxLlmCalls: 8, maxTokens: 24_000 },
      rewriter: { kind: 'rules', timeoutMs: 2000, maxOutputTokens: 64 },
    });
  });

  it('describes every knob (the generated YAML and the docs read the descriptions)', () => {
    for (const [key, schema] of Object.entries(multiHopConfigSchema.shape)) {
      expect(schema.description, key).toMatch(/\w/);
    }
  });

  it('infers MultiHopConfig with the vocabulary types of core', () => {
    expectTypeOf<MultiHopConfig['planner']>().toEqualTypeOf<PlannerName>();
    expectTypeOf<MultiHopConfig['retrievalMode']>().toEqualTypeOf<SearchMode>();
    expectTypeOf<MultiHopConfig['synthesis']>().toEqualTypeOf<SynthesisMode>();
    expectTypeOf<MultiHopConfig['budgets']['maxLlmCalls']>().toEqualTypeOf<number>();
  });
});

describe('resolveMultiHopConfig', () => {
  it('fills unset knobs, nested ones included', () => {
    const config = resolveMultiHopConfig({ planner: 'keyterm', budgets: { maxTokens: 100 } });
    expect(config.planner).toBe('keyterm');
    expect(config.topK).toBe(5);
    expect(config.budgets).toEqual({ maxLlmCalls: 8, maxTokens: 100 });
  });

  it('validates knobs given in code, naming them in camelCase with what is allowed', () => {
    expect(messageOf(() => resolveMultiHopConfig({ topK: 0 }))).toBe(
      'MultiHopRAG config: bad value at `topK`: got 0; allowed: an integer >= 1',
    );
    expect(
      messageOf(() =>
        resolveMultiHopConfig({ planner: 'greedy' as PlannerName, budgets: { maxTokens: -1 } }),
      ),
    ).toBe(
      'MultiHopRAG config: bad value at `planner`: got "greedy"; allowed: one of compact, adaptive, keyterm; ' +
        'bad value at `budgets.maxTokens`: got -1; allowed: an integer >= 1',
    );
    const unknown = messageOf(() => resolveMultiHopConfig({ maxHop: 2 } as never));
    expect(unknown).toContain('unknown key `maxHop` at `maxHop` — did you mean `maxHops`?');
    expect(unknown).toContain('Allowed keys: planner, maxHops, answerabilityThreshold,');
  });

  it('returns a resolved config as it is, and a changed copy is resolved (validated) again', () => {
    const config = resolveMultiHopConfig({ topK: 2 });
    expect(isResolvedMultiHopConfig(config)).toBe(true);
    expect(resolveMultiHopConfig(config)).toBe(config);
    expect(new MultiHopRAG({ store: new InMemoryStore(), config }).config).toBe(config);
    expect(Object.isFrozen(config) && Object.isFrozen(config.budgets)).toBe(true);
    const copy = { ...config, topK: 0 };
    expect(isResolvedMultiHopConfig(copy)).toBe(false);
    expect(() => new MultiHopRAG({ store: new InMemoryStore(), config: copy })).toThrow('`topK`');
    // The mark is invisible to JSON and equality.
    expect(JSON.parse(JSON.stringify(config))).toEqual(config);
  });
});

describe('overrideMultiHopConfig', () => {
  it('applies the knobs set, keeps the rest, and returns the config itself when nothing is set', () => {
    const base = resolveMultiHopConfig({ planner: 'keyterm', topK: 1 });
    expect(overrideMultiHopConfig(base, {})).toBe(base);
    expect(overrideMultiHopConfig(base, { planner: undefined, budgets: {} })).toBe(base);
    const changed = overrideMultiHopConfig(base, { topK: 3, budgets: { maxLlmCalls: 2 } });
    expect(changed).toMatchObject({
      planner: 'keyterm',
      topK: 3,
      budgets: { maxLlmCalls: 2, maxTokens: 24_000 },
    });
    expect(() => overrideMultiHopConfig(base, { topK: -2 })).toThrow('bad value at `topK`');
  });

  it('merges a section: the rewriter keeps the timeout the YAML set when a flag names the model', () => {
    const base = resolveMultiHopConfig({ rewriter: { timeoutMs: 750 } });
    expect(overrideMultiHopConfig(base, { rewriter: { kind: undefined } })).toBe(base);
    const changed = overrideMultiHopConfig(base, {
      rewriter: { kind: 'llm', model: 'tiny-rewriter', baseUrl: 'http://127.0.0.1:9/v1' },
    });
    expect(changed.rewriter).toEqual({
      kind: 'llm',
      model: 'tiny-rewriter',
      baseUrl: 'http://127.0.0.1:9/v1',
      timeoutMs: 750,
      maxOutputTokens: 64,
    });
    expect(() => overrideMultiHopConfig(base, { rewriter: { baseUrl: 'not a url' } })).toThrow(
      '`rewriter.baseUrl`',
    );
  });
});

describe('compactionRuns', () => {
  const on = resolveMultiHopConfig({ compactionEnabled: true });
  const off = defaultMultiHopConfig;
  it.each([
    ['compact', off, undefined, false],
    ['compact', on, undefined, true],
    ['keyterm', off, true, true],
    ['adaptive', on, false, false],
    ['single-pass', on, undefined, false],
    ['single-pass', on, true, false],
  ] as const)('%s, config %#, request %s → %s', (planner, config, request, expected) => {
    expect(compactionRuns({ planner, config, request })).toBe(expected);
  });
});
