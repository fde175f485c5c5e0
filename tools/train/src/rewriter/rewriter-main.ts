#!/usr/bin/env node
// Trains the shipped sub-question rewriter:
//   pnpm train:rewriter [-- --seed 1 --epochs 20 --data DIR --out FILE]
// Fits on compactrag-train/rewrite/train.json, chooses the epoch on one half of valid.json, fits the
// confidence map on the other half, reports on test.json (beside the engine's rules), writes
// packages/models/assets/rewriter.bin.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { expectedCalibrationError } from '@rootweaver/eval';
import {
  applyCalibration,
  encodeWeights,
  loadWordVectors,
  ReaderNetwork,
  rewriterNetworkName,
  TrainedRewriter,
  WinkTagger,
} from '@rootweaver/models';
import { evaluationCorpusText, halvesOf, locateTrainingSets, readSplit } from '../data/training-sets.js';
import {
  predictSpans,
  readerCalibrationInputs,
  spanCorrect,
  spanScores,
  trainReader,
} from '../reader/train-reader.js';
import { buildRewriterExamples, type RewriteRecord } from './rewriter-examples.js';
import { scoreRewrites } from './score-rewrites.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    seed: { type: 'string', default: '1' },
    epochs: { type: 'string', default: '20' },
    patience: { type: 'string', default: '3' },
    dimension: { type: 'string', default: '64' },
    blocks: { type: 'string', default: '2' },
    'learning-rate': { type: 'string', default: '0.001' },
    dropout: { type: 'string', default: '0.1' },
    negatives: { type: 'string', default: '0.3' },
    out: {
      type: 'string',
      default: new URL('../../../../packages/models/assets/rewriter.bin', import.meta.url).pathname,
    },
    limit: { type: 'string' },
    workers: { type: 'string', default: '2' },
    ngrams: { type: 'string', default: '16' },
  },
});
const seed = Number(values.seed);
const limit = values.limit === undefined ? undefined : Number(values.limit);
const negativeShare = Number(values.negatives);
const log = (line: string): void => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const started = performance.now();
const directory = locateTrainingSets(values.data);
const vectors = await loadWordVectors();
const tagger = await WinkTagger.load();
const train = readSplit<RewriteRecord>(directory, 'rewrite', 'train');
const valid = readSplit<RewriteRecord>(directory, 'rewrite', 'valid');
const test = readSplit<RewriteRecord>(directory, 'rewrite', 'test');

// valid.json in two halves by a seeded shuffle: one chooses the epoch, the other fits the confidence map.
const validHalves = halvesOf(valid.records, seed);
const choose = buildRewriterExamples(vectors, validHalves.choose, {
  tagger,
  negativeShare: 0,
  seed,
});
const calibrate = buildRewriterExamples(vectors, validHalves.calibrate, {
  tagger,
  negativeShare,
  seed: seed + 1,
});
const testWithNegatives = buildRewriterExamples(vectors, test.records, {
  tagger,
  negativeShare: 1,
  seed: seed + 2,
});
log(
  `examples: choose ${choose.examples.length}, calibrate ${calibrate.examples.length}; test ${test.records.length} records, ${testWithNegatives.skipped} with no phrase to point at`,
);

const architecture = {
  dimension: Number(values.dimension),
  alignDimension: 32,
  kernelWidth: 5,
  contextBlocks: Number(values.blocks),
  questionBlocks: 1,
  ngramDimension: Number(values.ngrams),
  questionConditioning: true,
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
const { parameters, calibration, history } = await trainReader({
  vectors,
  task: {
    source: 'rewrite',
    directory,
    limit,
    negativeShare,
    shortAnswerShare: 0,
    paraphraseShare: 0,
    seed,
    architecture,
    dropout: settings.dropout,
  },
  workerCount: Number(values.workers),
  choose: choose.examples,
  calibrate: calibrate.examples,
  settings,
  log,
});

// Test figures through the shipped class: the phrase it points at, and the rewrite it writes (alone,
// and with the engine's rules where it declines), beside the rules alone.
const version = `rewriter-${new Date().toISOString().slice(0, 10)}-seed${seed}`;
const rewriter = new TrainedRewriter(
  {
    format: 'rootweaver-weights',
    network: rewriterNetworkName,
    version,
    training: { calibration },
    tensors: [],
  },
  new ReaderNetwork(architecture, parameters, vectors),
  tagger,
);
const network = new ReaderNetwork(architecture, parameters, vectors);
const positives = testWithNegatives.examples.filter((example) => example.startToken >= 0);
const phrase = spanScores(positives, predictSpans(network, positives));
const negativePredictions = predictSpans(network, testWithNegatives.examples);
const confidences = negativePredictions.map((prediction) =>
  applyCalibration(calibration, readerCalibrationInputs(prediction)),
);
const outcomes = testWithNegatives.examples.map((example, index) =>
  spanCorrect(example, negativePredictions[index] as (typeof negativePredictions)[number]),
);
const corpus = evaluationCorpusText(directory);
const testFigures = {
  phrase: { exactMatch: round(phrase.exactMatch), f1: round(phrase.f1), count: phrase.count },
  rewrites: scoreRewrites(rewriter, test.records, corpus),
  calibration: {
    examples: testWithNegatives.examples.length,
    noReplacementExamples: testWithNegatives.examples.length - positives.length,
    expectedCalibrationError: Number(expectedCalibrationError(confidences, outcomes).toFixed(4)),
  },
};
log(`test: ${JSON.stringify(testFigures, null, 1)}`);

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

const bytes = encodeWeights(
  {
    network: rewriterNetworkName,
    version,
    training: {
      architecture,
      settings,
      data: {
        source: 'CompactRAG compactrag-train/rewrite (How-Young-X/CompactRAG, MIT, commit 4ac3245e)',
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
  parameters.tensors(),
);
writeFileSync(values.out as string, bytes);
log(
  `wrote ${values.out} (${(bytes.length / 1e6).toFixed(2)} MB) in ${Math.round((performance.now() - started) / 1000)} s`,
);
