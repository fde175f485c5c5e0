#!/usr/bin/env node
// The shipped reader's one training command (`pnpm train:reader`), every step from the training sets:
//   1. the `qa/train` split as a corpus (`extraction-set-corpus.mjs WORK train`),
//   2. what the real engine hands its extractor for each of those questions (`engine-evidence.mjs`),
//   3. the trainer (`tools/train/dist/reader/reader-main.js`) with that evidence for a seeded half of
//      the questions (ADR-0019, "Trained also on what the engine hands it").
// Every argument but `--work DIR` goes to the trainer (`--seed`, `--out`, `--trees`, …). With
// `--engine-evidence FILE` given, steps 1–2 are skipped and the file is used as it is. Nothing is written
// into the project but the trainer's `--out` (default packages/models/assets/reader.bin); the work
// directory (default: a new one under the system's temporary directory) holds the derived files.
//
//   pnpm train:reader [-- --seed 1 --work DIR --engine-evidence-share 0.5 --out FILE]
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const trainer = here('../train/dist/reader/reader-main.js');

/**
 * The commands that train the reader for these arguments: each `{ script, args }` runs as
 * `node script ...args`, in order. `workDirectory` holds the derived corpus and evidence. Throws when
 * `--work` has no value, or on `--data` without `--engine-evidence` (the evidence reads ../shared).
 */
export function readerTrainingSteps(argv, workDirectory) {
  const trainerArgs = [];
  let work = workDirectory;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--work' || argument.startsWith('--work=')) {
      const value = argument === '--work' ? argv[index + 1] : argument.slice('--work='.length);
      if (value === undefined || value === '' || value.startsWith('--'))
        throw new Error(
          '--work needs a directory: give --work DIR (the derived corpus and evidence go there).',
        );
      work = value;
      if (argument === '--work') index += 1;
    } else trainerArgs.push(argument);
  }
  const hasEvidence = trainerArgs.some(
    (argument) => argument === '--engine-evidence' || argument.startsWith('--engine-evidence='),
  );
  if (hasEvidence) return [{ script: trainer, args: trainerArgs }];
  if (trainerArgs.some((argument) => argument === '--data' || argument.startsWith('--data=')))
    throw new Error(
      '--data moves the training sets, but the engine evidence is made from ../shared/datasets/compactrag-train: make it from your copy (extraction-set-corpus.mjs, engine-evidence.mjs) and give --engine-evidence FILE.',
    );
  const evidence = join(work, 'engine-evidence.jsonl');
  return [
    { script: here('./extraction-set-corpus.mjs'), args: [work, 'train'] },
    {
      script: here('./engine-evidence.mjs'),
      args: [join(work, 'questions.jsonl'), join(work, 'corpus.jsonl'), evidence],
    },
    { script: trainer, args: ['--engine-evidence', evidence, ...trainerArgs] },
  ];
}

function main() {
  const argv = process.argv.slice(2);
  const given = argv.some((argument) => argument === '--work' || argument.startsWith('--work='));
  let steps;
  try {
    steps = readerTrainingSteps(argv, given ? undefined : mkdtempSync(join(tmpdir(), 'rootweaver-reader-')));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  for (const step of steps) {
    console.error(`$ node ${step.script} ${step.args.join(' ')}`);
    const run = spawnSync(process.execPath, [step.script, ...step.args], { stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(
        `train-reader: ${step.script} exited with ${run.status ?? run.signal}; nothing after it ran.`,
      );
      process.exit(run.status ?? 1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
