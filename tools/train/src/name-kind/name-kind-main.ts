#!/usr/bin/env node
// Trains the shipped name-kind model (what kind of thing a name names):
//   pnpm train:name-kind [-- --data DIR --out FILE]
// Fits a softmax regression on the names answering compactrag-train/qa/train.json's person, place,
// organisation and title questions, chooses the L2 penalty and the epoch by log-loss on valid.json,
// reports on test.json, writes packages/models/assets/name-kind.bin. Deterministic: no seed.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { nameKinds } from '@rootweaver/core';
import {
  encodeWeights,
  loadWordVectors,
  nameKindFeaturesOf,
  nameKindFingerprint,
  nameKindNetworkName,
  nameShapeFeatureNames,
} from '@rootweaver/models';
import { locateTrainingSets, readSplit, type SplitName } from '../data/training-sets.js';
import type { QaRecord } from '../reader/ranker-examples.js';
import { fitSoftmax, type NameKindData, parsePositive, scoreSoftmax } from './fit-name-kinds.js';
import { nameKindExamplesOf } from './name-kind-examples.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    epochs: { type: 'string', default: '800' },
    'learning-rate': { type: 'string', default: '0.5' },
    out: {
      type: 'string',
      default: new URL('../../../../packages/models/assets/name-kind.bin', import.meta.url).pathname,
    },
  },
});
const penalties = [0, 1e-4, 1e-3, 1e-2];
const checkpoints = new Set([10, 20, 30, 50, 100, 200, 400, 800]);
const epochs = Math.round(parsePositive(values.epochs, '--epochs', '800'));
const learningRate = parsePositive(values['learning-rate'], '--learning-rate', '0.5');

const directory = locateTrainingSets(values.data);
const vectors = await loadWordVectors();
const splits = Object.fromEntries(
  (['train', 'valid', 'test'] as SplitName[]).map((split) => {
    const { records, sha256 } = readSplit<QaRecord>(directory, 'qa', split);
    const examples = nameKindExamplesOf(records);
    const data: NameKindData = {
      inputs: examples.map((example) => nameKindFeaturesOf(vectors, example.name)),
      kinds: examples.map((example) => example.kind),
    };
    return [split, { data, sha256, count: examples.length }];
  }),
) as Record<SplitName, { data: NameKindData; sha256: string; count: number }>;
const counts = (data: NameKindData) =>
  nameKinds.map((_, kind) => data.kinds.filter((k) => k === kind).length);
console.log(
  `examples: train ${splits.train.count} (${counts(splits.train.data)}), valid ${splits.valid.count}, test ${splits.test.count}; kinds ${nameKinds.join(' / ')}`,
);

let best = { logLoss: Number.POSITIVE_INFINITY, penalty: 0, epoch: 0, weights: new Float32Array() };
const history: { penalty: number; epoch: number; validLogLoss: number; validAccuracy: number }[] = [];
for (const penalty of penalties) {
  fitSoftmax(splits.train.data, {
    penalty,
    epochs,
    learningRate,
    onEpoch: (epoch, weights) => {
      if (!checkpoints.has(epoch)) return;
      const valid = scoreSoftmax(weights, splits.valid.data);
      history.push({
        penalty,
        epoch,
        validLogLoss: round(valid.logLoss),
        validAccuracy: round(valid.accuracy),
      });
      console.log(
        `penalty ${penalty} epoch ${epoch}: valid log-loss ${valid.logLoss.toFixed(4)}, accuracy ${(100 * valid.accuracy).toFixed(1)}`,
      );
      if (valid.logLoss < best.logLoss)
        best = { logLoss: valid.logLoss, penalty, epoch, weights: new Float32Array(weights) };
    },
  });
}
const test = scoreSoftmax(best.weights, splits.test.data);
const train = scoreSoftmax(best.weights, splits.train.data);
console.log(
  `chosen: penalty ${best.penalty}, epoch ${best.epoch}; accuracy train ${(100 * train.accuracy).toFixed(1)}, test ${(100 * test.accuracy).toFixed(1)} (log-loss ${test.logLoss.toFixed(4)}); test confusion (rows gold, columns predicted) ${JSON.stringify(test.confusion)}`,
);

const featureCount = best.weights.length / nameKinds.length;
const bytes = encodeWeights(
  {
    network: nameKindNetworkName,
    version: `1.${best.penalty}.${best.epoch}`,
    training: {
      command: 'pnpm train:name-kind',
      data: { train: splits.train.sha256, valid: splits.valid.sha256, test: splits.test.sha256 },
      kinds: nameKinds,
      shapeFeatures: nameShapeFeatureNames,
      featureFingerprint: nameKindFingerprint(vectors),
      vectors: vectors.info,
      learningRate,
      penalty: best.penalty,
      epochs: best.epoch,
      history,
      test: {
        count: splits.test.count,
        accuracy: round(test.accuracy),
        logLoss: round(test.logLoss),
        confusion: test.confusion,
      },
    },
  },
  new Map([['weights', { shape: [nameKinds.length, featureCount], values: best.weights }]]),
);
writeFileSync(values.out, bytes);
console.log(`wrote ${values.out} (${(bytes.byteLength / 1024).toFixed(1)} kB)`);

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
