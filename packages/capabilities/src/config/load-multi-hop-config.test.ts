import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError, RootweaverError } from '@rootweaver/core';
import { defaultMultiHopConfig, multiHopConfigSchema } from '@rootweaver/innovations';
import { defaultMinimumConfidence } from '@rootweaver/models';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  defaultMultiHopConfigPath,
  loadMultiHopConfig,
  multiHopConfigEnvironmentVariable,
  parseMultiHopConfig,
} from './load-multi-hop-config.js';
import { renderMultiHopYaml } from './render-multi-hop-yaml.js';

function errorOf(run: () => unknown): RootweaverError {
  try {
    run();
  } catch (error) {
    if (error instanceof RootweaverError) return error;
    throw error;
  }
  throw new Error('expected a RootweaverError');
}

function writeTemporary(text: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'rw-config-'));
  const path = join(directory, 'multi_hop.yaml');
  writeFileSync(path, text);
  return path;
}

describe('loadMultiHopConfig', () => {
  it('reads the shipped configs/retrieval/multi_hop.yaml and its values equal the ADR defaults', () => {
    const loaded = loadMultiHopConfig({ env: {} });
    expect(loaded.source).toBe(defaultMultiHopConfigPath);
    // The engine's defaults, but the trained rewriter and the trained reader on untyped questions: the
    // file's readers load both (ADR-0017, ADR-0019).
    expect(loaded.config).toEqual({
      ...defaultMultiHopConfig,
      extractorScope: 'untyped',
      rewriter: { ...defaultMultiHopConfig.rewriter, kind: 'trained' },
    });
    expect(defaultMultiHopConfig.rewriter.kind).toBe('rules');
    expect(defaultMultiHopConfig.extractorScope).toBe('all');
    // The ADR-077 figures, spelled out so a change to either side is caught.
    expect(loaded.config).toMatchObject({
      planner: 'compact',
      maxHops: 5,
      answerabilityThreshold: 0.6,
      compactionEnabled: false,
      compactionMaxChars: 2000,
      budgets: { maxLlmCalls: 8, maxTokens: 24_000 },
    });
    expect(loaded.providers).toEqual({ indexDirectory: '.rootweaver/index', extractor: 'trained' });
  });

  it('the shipped file is the one the schema generates (descriptions, allowed values, defaults)', () => {
    expect(readFileSync(defaultMultiHopConfigPath, 'utf8')).toBe(renderMultiHopYaml());
  });

  it('the shipped file names every knob explicitly (no knob relies on a code default)', () => {
    const shipped = parse(readFileSync(defaultMultiHopConfigPath, 'utf8')) as Record<string, unknown>;
    const expectedKeys = [...Object.keys(multiHopConfigSchema.shape), 'providers'];
    expect(Object.keys(shipped).sort()).toEqual(expectedKeys.sort());
    expect(Object.keys(shipped.budgets as object).sort()).toEqual(['max_llm_calls', 'max_tokens']);
    // An empty file gives the same config: the file's values and the code defaults agree.
    expect(parseMultiHopConfig('').config).toEqual(loadMultiHopConfig({ env: {} }).config);
  });

  it('maps snake_case to camelCase and keeps unset knobs at their defaults', () => {
    const { config, providers } = parseMultiHopConfig(
      [
        'planner: adaptive',
        'max_depth: 2',
        'compaction_enabled: true',
        'budgets:',
        '  max_tokens: 1000',
        'providers:',
        '  index_directory: /tmp/index',
      ].join('\n'),
    );
    expect(config.planner).toBe('adaptive');
    expect(config.maxDepth).toBe(2);
    expect(config.compactionEnabled).toBe(true);
    expect(config.budgets).toEqual({ maxLlmCalls: 8, maxTokens: 1000 });
    expect(config.topK).toBe(defaultMultiHopConfig.topK);
    expect(providers).toEqual({ indexDirectory: '/tmp/index', extractor: 'trained' });
  });

  it('rejects an unknown key, naming it, suggesting the nearest and listing the allowed keys', () => {
    const error = errorOf(() => parseMultiHopConfig('max_hop: 3\n'));
    expect(error.code).toBe('invalid-config');
    expect(error.message).toContain('unknown key `max_hop` at `max_hop`');
    expect(error.message).toContain('did you mean `max_hops`?');
    expect(error.message).toContain('Allowed keys: planner, max_hops,');
  });

  it('rejects an unknown nested key with its full path', () => {
    const error = errorOf(() => parseMultiHopConfig('budgets:\n  max_llm_call: 3\n'));
    expect(error.message).toContain('unknown key `max_llm_call` at `budgets.max_llm_call`');
    expect(error.message).toContain('did you mean `max_llm_calls`?');
    expect(error.message).toContain('Allowed keys: max_llm_calls, max_tokens');
  });

  it('rejects an extractor it does not know, naming providers.extractor and the two it has', () => {
    const extractor = errorOf(() => parseMultiHopConfig('providers:\n  extractor: bert\n'));
    expect(extractor.code).toBe('invalid-config');
    expect(extractor.message).toContain(
      'bad value at `providers.extractor`: got "bert"; allowed: one of trained, heuristic',
    );
  });

  it('rejects an extractor scope it does not know, and reads the two it has', () => {
    const scope = errorOf(() => parseMultiHopConfig('extractor_scope: typed\n'));
    expect(scope.code).toBe('invalid-config');
    expect(scope.message).toContain(
      'bad value at `extractor_scope`: got "typed"; allowed: one of untyped, all',
    );
    expect(parseMultiHopConfig('extractor_scope: all\n').config.extractorScope).toBe('all');
    expect(parseMultiHopConfig('').config.extractorScope).toBe('untyped');
  });

  it('rejects bad values, naming the key path, the value and what is allowed', () => {
    const planner = errorOf(() => parseMultiHopConfig('planner: greedy\n'));
    expect(planner.code).toBe('invalid-config');
    expect(planner.message).toContain(
      'bad value at `planner`: got "greedy"; allowed: one of compact, adaptive, keyterm',
    );

    const threshold = errorOf(() => parseMultiHopConfig('answerability_threshold: 1.5\n'));
    expect(threshold.message).toContain(
      'bad value at `answerability_threshold`: got 1.5; allowed: a number between 0 and 1',
    );

    const hops = errorOf(() => parseMultiHopConfig('max_hops: 2.5\n'));
    expect(hops.message).toContain('`max_hops`');
    expect(hops.message).toContain('an integer >= 1');

    const nested = errorOf(() => parseMultiHopConfig('budgets:\n  max_tokens: "lots"\n'));
    expect(nested.message).toContain('bad value at `budgets.max_tokens`: got "lots"');

    const flag = errorOf(() => parseMultiHopConfig('compaction_enabled: "yes please"\n'));
    expect(flag.message).toContain('allowed: true or false');
  });

  it('reads the rewriter section, and names its key path in errors', () => {
    const loaded = parseMultiHopConfig(
      'rewriter:\n  kind: llm\n  model: tiny-rewriter\n  base_url: http://127.0.0.1:8081/v1\n',
    );
    expect(loaded.config.rewriter).toEqual({
      kind: 'llm',
      model: 'tiny-rewriter',
      baseUrl: 'http://127.0.0.1:8081/v1',
      timeoutMs: 2000,
      maxOutputTokens: 64,
    });
    const kind = errorOf(() => parseMultiHopConfig('rewriter:\n  kind: t5\n'));
    expect(kind.message).toContain(
      'bad value at `rewriter.kind`: got "t5"; allowed: one of rules, trained, llm',
    );
    const url = errorOf(() => parseMultiHopConfig('rewriter:\n  base_url: localhost:8081\n'));
    expect(url.message).toContain('bad value at `rewriter.base_url`');
    expect(url.message).toContain('an http(s) URL');
  });

  it("reads the trained rewriter's confidence floor, leaving it to the model when unset, and refuses one outside [0, 1]", () => {
    expect(
      parseMultiHopConfig('rewriter:\n  kind: trained\n  min_confidence: 0.6\n').config.rewriter,
    ).toMatchObject({
      kind: 'trained',
      minConfidence: 0.6,
    });
    expect(parseMultiHopConfig('rewriter:\n  kind: trained\n').config.rewriter).not.toHaveProperty(
      'minConfidence',
    );
    // The file documents the model's own floor, the one an unset key leaves in place.
    const shipped = readFileSync(defaultMultiHopConfigPath, 'utf8');
    expect(shipped).toContain(`  # min_confidence: ${defaultMinimumConfidence}\n`);
    expect(shipped).toContain(`(default: the model's own, ${defaultMinimumConfidence} —`);
    const floor = errorOf(() => parseMultiHopConfig('rewriter:\n  min_confidence: 1.5\n'));
    expect(floor.message).toContain(
      'bad value at `rewriter.min_confidence`: got 1.5; allowed: a number between 0 and 1',
    );
  });

  it('reports every problem at once', () => {
    const error = errorOf(() => parseMultiHopConfig('top_k: 0\nretrieval_mode: fuzzy\n'));
    expect(error.message).toContain('`top_k`');
    expect(error.message).toContain('`retrieval_mode`');
  });

  it('rejects a file that is not a mapping', () => {
    const error = errorOf(() => parseMultiHopConfig('- just\n- a list\n'));
    expect(error.message).toContain('must be a YAML mapping');
  });

  it('reports a YAML syntax error with its line', () => {
    const error = errorOf(() => parseMultiHopConfig('planner: compact\nmax_hops: [3\ntop_k: 5\n', 'my.yaml'));
    expect(error.code).toBe('invalid-config');
    expect(error.message).toMatch(/^my\.yaml: YAML syntax error at line \d+, column \d+/);
    expect(error.details.line).toBeGreaterThanOrEqual(2);
  });

  it('reports a duplicate key as a YAML error with its line', () => {
    const error = errorOf(() => parseMultiHopConfig('top_k: 5\ntop_k: 6\n'));
    expect(error.message).toContain('at line 2');
  });

  it('says which file is missing and how it was chosen (option)', () => {
    const error = errorOf(() => loadMultiHopConfig({ configPath: '/nonexistent/multi_hop.yaml', env: {} }));
    expect(isRootweaverError(error, 'invalid-config')).toBe(true);
    expect(error.message).toContain('/nonexistent/multi_hop.yaml (given as configPath): no such file');
  });

  it('takes the path from ROOTWEAVER_MULTI_HOP_CONFIG, and the option wins over it', () => {
    const fromEnvironment = writeTemporary('top_k: 9\n');
    const fromOption = writeTemporary('top_k: 3\n');
    const env = { [multiHopConfigEnvironmentVariable]: fromEnvironment };
    expect(loadMultiHopConfig({ env }).config.topK).toBe(9);
    expect(loadMultiHopConfig({ env }).source).toBe(fromEnvironment);
    expect(loadMultiHopConfig({ env, configPath: fromOption }).config.topK).toBe(3);

    const missing = errorOf(() =>
      loadMultiHopConfig({ env: { [multiHopConfigEnvironmentVariable]: '/nowhere/x.yaml' } }),
    );
    expect(missing.message).toContain(`(set by ${multiHopConfigEnvironmentVariable}): no such file`);
  });

  it('names the file in validation errors', () => {
    const path = writeTemporary('max_hop: 3\n');
    const error = errorOf(() => loadMultiHopConfig({ configPath: path, env: {} }));
    expect(error.message.startsWith('multi_hop.yaml: unknown key `max_hop`')).toBe(true);
    expect(error.details.path).toBe(path);
  });
});
