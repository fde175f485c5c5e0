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
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readerNetworkName, readWeightsFile, shippedReaderPath } from '../../packages/models/dist/index.js';

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
// The evidence is what this commit's engine hands its extractor: a later engine that retrieves
// differently makes other evidence, and then this run trains another reader than the shipped one.
const shipped = await readWeightsFile(shippedReaderPath, readerNetworkName, {
  what: 'reader',
  howToFix: 'reinstall @rootweaver/models',
});
const shippedEvidence = shipped.header.training.augmentation?.engineEvidence?.sha256;
const madeEvidence = createHash('sha256').update(readFileSync(evidence, 'utf8')).digest('hex');
console.error(
  madeEvidence === shippedEvidence
    ? `engine evidence ${madeEvidence.slice(0, 8)}… is the shipped reader's: with the trainer's defaults (seed 1) this run reproduces its trees.`
    : `engine evidence ${madeEvidence.slice(0, 8)}… is not the shipped reader's (${String(shippedEvidence).slice(0, 8)}…): this commit's engine retrieves otherwise than the one the shipped reader was trained with, so this run writes another reader (ADR-0019, stop 46).`,
);
run('tools/train/dist/reader/reader-main.js', [
  '--engine-evidence',
  evidence,
  '--engine-evidence-share',
  engineEvidenceShare,
  ...process.argv.slice(2).filter((argument) => argument !== '--'),
]);
