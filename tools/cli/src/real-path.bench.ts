import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadQuestionRecords,
  locateSharedDatasets,
  type QuestionRecord,
  RecordedPlanChatModel,
} from '@rootweaver/eval';
import { syntheticQaPairs } from '@rootweaver/providers/test';
import { afterAll, bench, describe } from 'vitest';
import { type OpenedEngine, openEngine } from './open-engine.js';
import { findRepoRoot } from './repo-root.js';
import { createRecordingIo } from './test-io.js';

// Non-LLM time per question on the real path (issue 27 part 3): the index's own extractor, the default
// answer policy and the embedded SQLite store on disk, as `eval` and `serve` open them (`openEngine`),
// on a real index: the 2wiki dev questions with their recorded decompositions over the imported
// `kb.llama8b.jsonl` (14,517 pairs) when ../shared is beside the checkout; else a generated knowledge
// base of the same size, asked its own pairs' questions with rule plans. No LLM: a question that would
// need the synthesis call gets its extractive answer. One question per iteration, each in turn.

const shared = locateSharedDatasets(findRepoRoot(process.cwd()));
const cache = await mkdtemp(join(tmpdir(), 'rw-real-path-'));
const io = createRecordingIo({ env: { ROOTWEAVER_CACHE_DIR: cache } });
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;

async function openReal(): Promise<{
  opened: OpenedEngine;
  records: QuestionRecord[] | undefined;
  questions: string[];
  label: string;
}> {
  if (shared !== undefined) {
    const records = await loadQuestionRecords({ file: join(shared, '2wiki', 'questions.dev.jsonl') });
    const opened = await openEngine({
      io,
      source: { kind: 'kb', path: join(shared, '2wiki', 'kb.llama8b.jsonl') },
      settings: { configPath: undefined, overrides: {} },
    });
    return {
      opened,
      records,
      questions: records.map((record) => record.question),
      label: `${records.length} 2wiki dev questions, recorded plans, kb.llama8b index`,
    };
  }
  const pairs = syntheticQaPairs(14_517);
  const byDocument = new Map<string, typeof pairs>();
  for (const pair of pairs)
    byDocument.set(pair.documentId, [...(byDocument.get(pair.documentId) ?? []), pair]);
  const kb = join(cache, 'generated-kb.jsonl');
  writeFileSync(
    kb,
    [...byDocument.values()]
      .map((items) =>
        JSON.stringify({
          title: items[0]?.title,
          passage: items[0]?.passage,
          qa: items.map((item) => ({ question: item.question, answer: item.answer })),
        }),
      )
      .join('\n'),
  );
  const opened = await openEngine({
    io,
    source: { kind: 'kb', path: kb },
    settings: { configPath: undefined, overrides: {} },
  });
  const questions = pairs.filter((_pair, index) => index % 145 === 0).map((pair) => pair.question ?? '');
  return {
    opened,
    records: undefined,
    questions,
    label: `${questions.length} questions of a generated 14,517-pair knowledge base (no ../shared), rule plans`,
  };
}

const real = await openReal();
const samples: number[] = [];
let next = 0;

async function askNext(): Promise<void> {
  const index = next % real.questions.length;
  next += 1;
  const record = real.records?.[index];
  const engine =
    record === undefined
      ? real.opened.engine
      : real.opened.engineWith({ chatModel: new RecordedPlanChatModel({ record }) });
  const started = performance.now();
  await engine.ask(real.questions[index] ?? '', {
    planner: 'compact',
    synthesis: 'auto',
    synthesisFallback: 'extractive',
  });
  samples.push(performance.now() - started);
}

afterAll(async () => {
  await real.opened.close();
});

const percentile = (values: readonly number[], fraction: number): number => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
};

describe(`time per question on the real path, no LLM: ${real.label} (${real.opened.extractorDescription.replace(/ from .*/, '')})`, () => {
  bench('one question (the index\u2019s extractor, default answer policy, embedded store)', askNext, {
    iterations: real.questions.length * 3,
    time: 0,
    warmupIterations: real.questions.length,
    warmupTime: 0,
    setup: (_task, mode) => {
      if (mode === 'run') samples.length = 0;
    },
    teardown: (_task, mode) => {
      if (mode !== 'run' || samples.length === 0) return;
      console.log(
        `[bench] real path: p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms over ${samples.length} questions (${real.label}; ${machine}; load ${loadavg()[0]?.toFixed(1)})`,
      );
    },
  });
});
