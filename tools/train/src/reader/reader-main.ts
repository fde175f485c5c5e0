#!/usr/bin/env node
// Trains the shipped span reader:
//   pnpm train:reader [-- --seed 1 --epochs 30 --data DIR --out FILE]
// Fits on compactrag-train/qa/train.json, chooses the epoch on one half of valid.json, fits the
// confidence map on the other half, reports on test.json, writes packages/models/assets/reader.bin.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { expectedCalibrationError } from '@rootweaver/eval';
import {
  applyCalibration,
  encodeWeights,
  loadWordVectors,
  readerNetworkName,
  WinkTagger,
} from '@rootweaver/models';
import { evaluationCorpusText, halvesOf, locateTrainingSets, readSplit } from '../data/training-sets.js';
import { buildReaderExamples, type QaRecord, type ReaderExample } from './reader-examples.js';
import {
  predictSpans,
  readerCalibrationInputs,
  spanCorrect,
  spanScores,
  trainReader,
} from './train-reader.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    seed: { type: 'string', default: '1' },
    epochs: { type: 'string', default: '30' },
    patience: { type: 'string', default: '4' },
    dimension: { type: 'string', default: '64' },
    blocks: { type: 'string', default: '3' },
    'learning-rate': { type: 'string', default: '0.001' },
    dropout: { type: 'string', default: '0.1' },
    out: {
      type: 'string',
      default: new URL('../../../../packages/models/assets/reader.bin', import.meta.url).pathname,
    },
    limit: { type: 'string' },
    workers: { type: 'string', default: '2' },
    ngrams: { type: 'string', default: '16' },
    condition: { type: 'string', default: 'on' },
    'short-answers': { type: 'string', default: '0.25' },
    paraphrases: { type: 'string', default: '0.5' },
  },
});
const seed = Number(values.seed);
const limit = values.limit === undefined ? undefined : Number(values.limit);
const log = (line: string): void => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const started = performance.now();
const directory = locateTrainingSets(values.data);
const vectors = await loadWordVectors();
const tagger = await WinkTagger.load();
const train = readSplit<QaRecord>(directory, 'qa', 'train');
const valid = readSplit<QaRecord>(directory, 'qa', 'valid');
const test = readSplit<QaRecord>(directory, 'qa', 'test');

// valid.json in two halves by a seeded shuffle: one chooses the epoch, the other fits the confidence map.
const validHalves = halvesOf(valid.records, seed);
const negativeShare = 0.3;
const shortAnswerShare = Number(values['short-answers']);
const paraphraseShare = Number(values.paraphrases);
const chooseExamples = buildReaderExamples(vectors, validHalves.choose, {
  negativeShare: 0,
  seed,
}).examples;
const calibrateExamples = buildReaderExamples(vectors, validHalves.calibrate, {
  tagger,
  negativeShare,
  shortAnswerShare,
  seed: seed + 1,
}).examples;
const testPositive = buildReaderExamples(vectors, test.records, {
  tagger,
  negativeShare: 0,
  seed,
}).examples;
const testShort = buildReaderExamples(vectors, test.records, {
  tagger,
  negativeShare: 0,
  shortAnswerShare: 1,
  seed: seed + 3,
}).examples.filter((example) => example.id.endsWith('-short-answer'));
const testWithNegatives = buildReaderExamples(vectors, test.records, {
  tagger,
  negativeShare: 1,
  seed: seed + 2,
}).examples;
log(
  `examples: choose ${chooseExamples.length}, calibrate ${calibrateExamples.length}, test ${testPositive.length}`,
);

const architecture = {
  dimension: Number(values.dimension),
  alignDimension: 32,
  kernelWidth: 5,
  contextBlocks: Number(values.blocks),
  questionBlocks: 1,
  ngramDimension: Number(values.ngrams),
  questionConditioning: values.condition === 'on',
};
const settings = {
  seed,
  epochs: Number(values.epochs),
  batchSize: 32,
  learningRate: Number(values['learning-rate']),
  dropout: Number(values.dropout),
  architecture,
  patience: Number(values.patience),
};
const { network, parameters, calibration, history } = await trainReader({
  vectors,
  task: {
    source: 'qa',
    directory,
    limit,
    negativeShare,
    shortAnswerShare,
    paraphraseShare,
    seed,
    architecture,
    dropout: settings.dropout,
  },
  workerCount: Number(values.workers),
  choose: chooseExamples,
  calibrate: calibrateExamples,
  // The best epoch so far, uncalibrated (the identity map on log p(span)), for looking at errors mid-run.
  onBest: (trained, epoch) =>
    writeFileSync(
      `${values.out}.checkpoint`,
      encodeWeights(
        {
          network: readerNetworkName,
          version: `checkpoint-epoch${epoch}`,
          training: {
            architecture,
            calibration: { weights: [1, 0], bias: 0, inputs: [], fittedOn: 'none (checkpoint)' },
          },
        },
        trained.tensors(),
      ),
    ),
  settings,
  log,
});

// Test figures: all records, and those whose answer occurs in no evaluation corpus.
const corpus = evaluationCorpusText(directory);
const outside = (example: ReaderExample): boolean =>
  corpus === '' || !corpus.includes(example.answer.toLowerCase());
const predictions = predictSpans(network, testPositive);
const all = spanScores(testPositive, predictions);
const outsideIndexes = testPositive
  .map((example, index) => (outside(example) ? index : -1))
  .filter((index) => index >= 0);
const outsideScores = spanScores(
  outsideIndexes.map((index) => testPositive[index] as ReaderExample),
  outsideIndexes.map((index) => predictions[index] as (typeof predictions)[number]),
);
const negativePredictions = predictSpans(network, testWithNegatives);
const confidences = negativePredictions.map((prediction) =>
  applyCalibration(calibration, readerCalibrationInputs(prediction)),
);
const outcomes = testWithNegatives.map((example, index) =>
  spanCorrect(example, negativePredictions[index] as (typeof negativePredictions)[number]),
);
const shortScores = spanScores(testShort, predictSpans(network, testShort));
const testFigures = {
  exactMatch: round(all.exactMatch),
  f1: round(all.f1),
  count: all.count,
  bareAnswerLines: {
    exactMatch: round(shortScores.exactMatch),
    f1: round(shortScores.f1),
    count: shortScores.count,
  },
  answerInNoEvaluationCorpus: {
    exactMatch: round(outsideScores.exactMatch),
    f1: round(outsideScores.f1),
    count: outsideScores.count,
  },
  calibration: {
    examples: testWithNegatives.length,
    noAnswerExamples: testWithNegatives.filter((example) => example.startToken < 0).length,
    expectedCalibrationError: Number(expectedCalibrationError(confidences, outcomes).toFixed(4)),
  },
};
log(`test: ${JSON.stringify(testFigures)}`);

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

const tensors = parameters.tensors();
const bytes = encodeWeights(
  {
    network: readerNetworkName,
    version: `reader-${new Date().toISOString().slice(0, 10)}-seed${seed}`,
    training: {
      architecture,
      settings,
      data: {
        source: 'CompactRAG compactrag-train/qa (How-Young-X/CompactRAG, MIT, commit 4ac3245e)',
        trainSha256: train.sha256,
        validSha256: valid.sha256,
        testSha256: test.sha256,
        limit: limit ?? null,
      },
      wordVectors: { source: vectors.info.source, sha256: vectors.info.sourceSha256, count: vectors.count },
      calibration,
      history,
      test: testFigures,
      trainingSeconds: Math.round((performance.now() - started) / 1000),
    },
  },
  tensors,
);
writeFileSync(values.out as string, bytes);
log(
  `wrote ${values.out} (${(bytes.length / 1e6).toFixed(2)} MB) in ${Math.round((performance.now() - started) / 1000)} s`,
);
