import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import {
  aggregateGolden,
  answerContains,
  citationCoverage,
  documentKey,
  precisionAtK,
  sameSource,
} from './golden-metrics.js';
import { loadGoldenSet, parseGoldenSet } from './golden-set.js';

const goldenFile = fileURLToPath(new URL('../../../../examples/golden-set.json', import.meta.url));

describe('golden metrics', () => {
  it('keys documents by path without passage part or extension, and matches whole-folder suffixes', () => {
    expect(documentKey('examples/sample-corpus/The-Glass-Orchard.md')).toBe(
      'examples/sample-corpus/the-glass-orchard',
    );
    expect(documentKey('jonah-whitlow.md#jonah-whitlow/2')).toBe('jonah-whitlow');
    expect(documentKey('./docs\\api.html#/1')).toBe('docs/api');
    expect(sameSource('examples/sample-corpus/The-Glass-Orchard.md', 'the-glass-orchard')).toBe(true);
    expect(sameSource('zod/README.md#/3', 'zod/README.md')).toBe(true);
    expect(sameSource('zod/README.md#/3', 'pino/README.md')).toBe(false);
    expect(sameSource('glass-orchard.md', 'the-glass-orchard.md')).toBe(false);
  });

  it('computes precision at k over the ranked pool, dividing by k', () => {
    const ranked = ['a.md', 'b', 'a', 'c', 'x', 'b', 'y'];
    expect(precisionAtK(ranked, ['a.md', 'b.md'], 5)).toBeCloseTo(3 / 5, 10);
    expect(precisionAtK(ranked, ['a.md', 'b.md'], 10)).toBeCloseTo(4 / 10, 10);
    expect(precisionAtK([], ['a'], 5)).toBe(0);
  });

  it('computes citation coverage and answer-contains', () => {
    expect(citationCoverage(['a', 'c'], ['a.md', 'b.md'])).toBe(0.5);
    expect(citationCoverage([], [])).toBe(1);
    expect(answerContains('It was the university of HALDEN.', ['University of Halden'])).toBe(1);
    expect(answerContains('Port Halden', ['Port Halden', '1620'])).toBe(0);
  });

  it('aggregates outcomes in percent', () => {
    const aggregate = aggregateGolden([
      {
        id: '1',
        category: 'single-fact',
        mode: 'multi-hop',
        answer: '',
        precisionAt5: 0.2,
        precisionAt10: 0.1,
        answerContains: 1,
        citationCoverage: 1,
        answerInPool: 1,
        llmCalls: 0,
      },
      {
        id: '2',
        category: 'single-fact',
        mode: 'multi-hop',
        answer: '',
        precisionAt5: 0.6,
        precisionAt10: 0.3,
        answerContains: 0,
        citationCoverage: 0,
        answerInPool: 0,
        llmCalls: 2,
      },
    ]);
    expect(aggregate).toEqual({
      n: 2,
      precisionAt5: 40,
      precisionAt10: 20,
      answerContainsHits: 1,
      answerContains: 50,
      citationCoverage: 50,
      answerInPoolHits: 1,
      llmCallsPerQuestion: 1,
    });
  });
});

describe('golden set', () => {
  it('the shipped golden set has the seed shape: 5 across, 5 within, 5 single-fact', async () => {
    const golden = await loadGoldenSet(goldenFile);
    const count = (category: string) =>
      golden.questions.filter((question) => question.category === category).length;
    expect(golden.questions).toHaveLength(15);
    expect([count('cross-document'), count('within-document'), count('single-fact')]).toEqual([5, 5, 5]);
    for (const question of golden.questions) {
      expect(question.expected_answer_contains.length).toBeGreaterThan(0);
      expect(question.expected_sources.length).toBeGreaterThan(0);
      expect(question.multi_hop_required).toBe(question.category !== 'single-fact');
    }
  });

  it('every expected source exists in the sample corpus and the expected answers occur in those sources', async () => {
    const golden = await loadGoldenSet(goldenFile);
    const corpus = join(dirname(goldenFile), 'sample-corpus');
    const files = await readdir(corpus);
    expect(files.filter((file) => file.endsWith('.md')).length).toBeGreaterThanOrEqual(30);
    for (const question of [...golden.questions, ...(golden.demo_questions ?? [])]) {
      const texts: string[] = [];
      for (const source of question.expected_sources) {
        expect(files).toContain(source);
        texts.push(await readFile(join(corpus, source), 'utf8'));
      }
      if (question.expected_answer_contains.join() === 'no') continue; // a yes/no question
      for (const part of question.expected_answer_contains) expect(texts.join('\n')).toContain(part);
    }
  });

  it('rejects a malformed question naming it', () => {
    expect(() => parseGoldenSet({ questions: [{ id: 'x', query: 'q', category: 'odd' }] })).toThrow(
      /questions\[0\]/,
    );
    let caught: unknown;
    try {
      parseGoldenSet({});
    } catch (error) {
      caught = error;
    }
    expect(isRootweaverError(caught, 'invalid-input')).toBe(true);
  });
});
