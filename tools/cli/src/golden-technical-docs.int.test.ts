import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GoldenReport, loadGoldenSet } from '@rootweaver/eval';
import { afterAll, describe, expect, it } from 'vitest';
import { allCommands } from './all-commands.js';
import { runCli } from './run-cli.js';
import { createRecordingIo } from './test-io.js';

// The technical-docs golden set (tools/eval/src/test-fixtures/technical-docs): 55 npm READMEs, 30
// questions written from them. Scored as a user runs it — `rootweaver eval --golden golden.toml`, a
// rule-built index of the set's own corpus, no LLM — against floors a little under what it scores, so
// a change that makes the pipeline or the engine worse on technical prose fails here.
const goldenFile = fileURLToPath(
  new URL('../../eval/src/test-fixtures/technical-docs/golden.toml', import.meta.url),
);
const corpus = join(dirname(goldenFile), 'corpus');
let cache: string | undefined;

afterAll(async () => {
  if (cache !== undefined) await rm(cache, { recursive: true, force: true });
});

describe('the technical-docs golden set', () => {
  it('has the seed shape, licences beside every document, and answers that its sources state', async () => {
    const golden = await loadGoldenSet(goldenFile);
    expect(golden.corpus).toBe(corpus);
    const count = (category: string) =>
      golden.questions.filter((question) => question.category === category).length;
    expect([count('cross-document'), count('within-document'), count('single-fact')]).toEqual([10, 10, 10]);
    for (const question of golden.questions) {
      expect(question.multi_hop_required).toBe(question.category !== 'single-fact');
      expect(question.expected_sources.length).toBe(question.category === 'cross-document' ? 2 : 1);
      const texts: string[] = [];
      for (const source of question.expected_sources) {
        expect(existsSync(join(corpus, dirname(source), 'LICENSE'))).toBe(true);
        texts.push(await readFile(join(corpus, source), 'utf8'));
      }
      for (const part of question.expected_answer_contains) expect(texts.join('\n')).toContain(part);
    }
  });

  it('scores at or above its floors, multi-hop beside single-pass, by category', {
    timeout: 600_000,
  }, async () => {
    cache = await mkdtemp(join(tmpdir(), 'rw-golden-docs-'));
    const io = createRecordingIo({ env: { ROOTWEAVER_CACHE_DIR: cache } });
    const code = await runCli(
      ['eval', '--golden', goldenFile, '--json'],
      io,
      allCommands,
      new AbortController().signal,
    );
    expect(code).toBe(0);
    const report = JSON.parse(io.out()) as GoldenReport;
    console.log(
      `technical-docs golden set: ${['multiHop', 'singlePass']
        .map((mode) => {
          const aggregate = report[mode as 'multiHop' | 'singlePass'];
          return `${mode} P@5 ${aggregate.precisionAt5} P@10 ${aggregate.precisionAt10} answer-contains ${aggregate.answerContainsHits}/30 citation coverage ${aggregate.citationCoverage}% answer in pool ${aggregate.answerInPoolHits}/30`;
        })
        .join('; ')}`,
    );
    for (const aggregate of [report.multiHop, report.singlePass]) {
      expect(aggregate.n).toBe(30);
      expect(aggregate.llmCallsPerQuestion).toBe(0);
      expect(aggregate.precisionAt5).toBeGreaterThanOrEqual(FLOORS.precisionAt5);
      expect(aggregate.precisionAt10).toBeGreaterThanOrEqual(FLOORS.precisionAt10);
      expect(aggregate.citationCoverage).toBeGreaterThanOrEqual(FLOORS.citationCoverage);
      expect(aggregate.answerContainsHits).toBeGreaterThanOrEqual(FLOORS.answerContainsHits);
      expect(aggregate.answerInPoolHits).toBeGreaterThanOrEqual(FLOORS.answerInPoolHits);
    }
    expect(Object.keys(report.byCategory).sort()).toEqual([
      'cross-document',
      'single-fact',
      'within-document',
    ]);
  });
});

/** A little under the measured figures (README, "Technical documentation"): raise them when the engine gets better. */
const FLOORS = {
  // measured 94.7 / 47.3 (top_k 5: P@10 is at most 50)
  precisionAt5: 90,
  precisionAt10: 45,
  // measured 80 %
  citationCoverage: 75,
  // measured 4/30: the expected answer is in the retrieved pool for 25 questions, the extractors pick it
  // for 4 (2 with the heuristic alone: the trained reader answers the untyped questions, ADR-0019; 7 with
  // the reader shipped before ADR-0019's stop-44 revision — the floor was not lowered for it)
  answerContainsHits: 4,
  answerInPoolHits: 23,
} as const;
