#!/usr/bin/env node
// `pnpm train:reader`: the shipped reader's whole recipe, from the training sets to the weights file.
//  1. the extraction set's train split as a corpus (extraction-set-corpus.mjs, in .rootweaver/train-reader,
//     kept so that the eval cache's index of it is reused by the next run);
//  2. what the engine hands its extractor for each train question (engine-evidence.mjs: the default
//     multi_hop.yaml, the rule-built index of that corpus) — deterministic, its SHA-256 recorded;
//  3. the span ranker's trainer with those index-shaped copies for a seeded half of the train questions
//     (`--engine-evidence FILE --engine-evidence-share 0.5`, ADR-0019's revision of stop 44).
// Arguments after `--` go to the trainer (`--seed`, `--out`, `--trees` …). Run from the project's root,
// after `pnpm build`, with ../shared/datasets/compactrag-train beside it.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The share of train questions given an index-shaped copy (chosen on `qa/valid`'s choose half). */
const engineEvidenceShare = '0.5';

const folder = resolve('.rootweaver/train-reader');
mkdirSync(folder, { recursive: true });
const run = (script, args) => {
  const result = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('tools/scripts/extraction-set-corpus.mjs', [folder, 'train']);
const evidence = join(folder, 'engine-evidence.jsonl');
run('tools/scripts/engine-evidence.mjs', [
  join(folder, 'questions.jsonl'),
  join(folder, 'corpus.jsonl'),
  evidence,
]);
run('tools/train/dist/reader/reader-main.js', [
  '--engine-evidence',
  evidence,
  '--engine-evidence-share',
  engineEvidenceShare,
  ...process.argv.slice(2).filter((argument) => argument !== '--'),
]);
