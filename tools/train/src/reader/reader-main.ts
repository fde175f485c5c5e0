#!/usr/bin/env node
// Trains the shipped reader (the span ranker):
//   pnpm train:reader [-- --seed 1 --trees 700 --data DIR --out FILE --engine-evidence FILE --engine-evidence-share 0.5]
// Fits boosted trees on compactrag-train/qa/train.json, chooses how many trees on one half of
// valid.json, fits the confidence map on the other half, reports on test.json, writes
// packages/models/assets/reader.bin.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { expectedCalibrationError, fitLogistic } from '@rootweaver/eval';
import {
  encodeWeights,
  featureFingerprint,
  loadWordVectors,
  type ReaderSettings,
  readerNetworkName,
  spanFeatureNames,
  WinkTagger,
} from '@rootweaver/models';
import { evaluationCorpusText, halvesOf, locateTrainingSets, readSplit } from '../data/training-sets.js';
import { trainRankingTrees } from '../trees/gradient-boosting.js';
import { parseEvidenceShare, selectEngineEvidence } from './engine-evidence.js';
import {
  buildEvidenceExamples,
  buildRankerExamples,
  type QaRecord,
  type RankerExample,
  rankingDataOf,
} from './ranker-examples.js';
import { calibrationInputs, readExamples, scoreReadings } from './reader-scores.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    seed: { type: 'string', default: '1' },
    trees: { type: 'string', default: '700' },
    leaves: { type: 'string', default: '63' },
    'learning-rate': { type: 'string', default: '0.08' },
    'max-span': { type: 'string', default: '10' },
    'no-answer': { type: 'string', default: '0.3' },
    'bare-answers': { type: 'string', default: '0.25' },
    'blank-questions': { type: 'string', default: '0.3' },
    patience: { type: 'string', default: '100' },
    out: {
      type: 'string',
      default: new URL('../../../../packages/models/assets/reader.bin', import.meta.url).pathname,
    },
    limit: { type: 'string' },
    'engine-evidence': { type: 'string' },
    'engine-evidence-share': { type: 'string', default: '1' },
  },
});
const seed = Number(values.seed);
const limit = values.limit === undefined ? undefined : Number(values.limit);
// Checked before anything is loaded: a bad share or an unreadable file fails in a second, not after featurising.
const engineEvidenceShare = parseEvidenceShare(values['engine-evidence-share'] as string);
const engineEvidenceText =
  values['engine-evidence'] === undefined ? undefined : readFileSync(values['engine-evidence'], 'utf8');
const log = (line: string): void => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const started = performance.now();
const directory = locateTrainingSets(values.data);
const vectors = await loadWordVectors();
const tagger = await WinkTagger.load();
const train = readSplit<QaRecord>(directory, 'qa', 'train');
const valid = readSplit<QaRecord>(directory, 'qa', 'valid');
const test = readSplit<QaRecord>(directory, 'qa', 'test');
const maxSpanTokens = Number(values['max-span']);
const noAnswerShare = Number(values['no-answer']);
const bareAnswerShare = Number(values['bare-answers']);
const blankQuestionShare = Number(values['blank-questions']);
const common = { vectors, tagger, maxSpanTokens };

// valid.json in two halves by a seeded shuffle: one chooses the tree count, the other fits the confidence map.
const halves = halvesOf(valid.records, seed);
const trainExamples = buildRankerExamples(train.records.slice(0, limit), {
  ...common,
  noAnswerShare,
  bareAnswerShare,
  blankQuestionShare,
  seed,
});
// Index-shaped copies of the train split: what the engine hands its extractor for each train question.
const idOf = (record: QaRecord): string => `qatrain-${record.id}`;
const engineEvidenceUsed =
  engineEvidenceText === undefined
    ? []
    : selectEngineEvidence(engineEvidenceText, {
        trainIds: new Set(train.records.map(idOf)),
        usedIds: new Set(train.records.slice(0, limit).map(idOf)),
        share: engineEvidenceShare,
        seed: seed + 4,
      });
trainExamples.push(...buildEvidenceExamples(engineEvidenceUsed, { ...common, seed }));
const chooseExamples = buildRankerExamples(halves.choose, { ...common, seed });
const calibrateExamples = buildRankerExamples(halves.calibrate, { ...common, noAnswerShare, seed: seed + 1 });
const testExamples = buildRankerExamples(test.records, { ...common, seed });
const testWithNoAnswers = buildRankerExamples(test.records, { ...common, noAnswerShare: 1, seed: seed + 2 });
const testBareAnswers = buildRankerExamples(test.records, {
  ...common,
  bareAnswerShare: 1,
  seed: seed + 3,
}).filter((example) => example.id.endsWith('-bare-answer'));
const data = rankingDataOf(trainExamples);
log(
  `examples: train ${trainExamples.length} (${data.labels.length} candidates), choose ${chooseExamples.length}, calibrate ${calibrateExamples.length}, test ${testExamples.length} (featurised in ${Math.round((performance.now() - started) / 1000)} s)`,
);

const settings = {
  trees: Number(values.trees),
  learningRate: Number(values['learning-rate']),
  maxLeaves: Number(values.leaves),
  minLeafRows: 20,
  minLeafHessian: 1e-3,
  lambda: 1,
  featureFraction: 0.8,
  groupFraction: 0.8,
  bins: 64,
  seed,
};
const history: { trees: number; exactMatch: number; f1: number }[] = [];
let best = { trees: 0, exactMatch: -1 };
const trainingStarted = performance.now();
const grown = trainRankingTrees(data, {
  ...settings,
  afterTree: (trees, ensemble) => {
    if (trees % 25 !== 0) return true;
    const figures = scoreReadings(chooseExamples, readExamples(ensemble(), chooseExamples));
    history.push({ trees, exactMatch: round(figures.exactMatch), f1: round(figures.f1) });
    if (figures.exactMatch > best.exactMatch) best = { trees, exactMatch: figures.exactMatch };
    log(
      `${trees} trees: choose EM ${figures.exactMatch.toFixed(1)} F1 ${figures.f1.toFixed(1)} (${Math.round((performance.now() - trainingStarted) / 1000)} s)`,
    );
    return trees - best.trees < Number(values.patience);
  },
});
const model = grown.firstTrees(best.trees);
log(`kept ${best.trees} trees (choose EM ${best.exactMatch.toFixed(1)})`);

// The confidence map: σ(a · logit p(answer) + b · logit p(no answer) + c), fitted on the calibration half.
const calibrateReadings = readExamples(model, calibrateExamples);
const fitted = fitLogistic(
  calibrateReadings.map(calibrationInputs),
  calibrateReadings.map((reading) => (reading.correct ? 1 : 0)),
);
const calibration = {
  ...fitted,
  inputs: ['logit p(answer)', 'logit p(no answer)'],
  fittedOn: `qa/valid.json, calibration half with no-answer copies (${calibrateExamples.length} examples)`,
};
const confidenceOf = (inputs: readonly number[]): number =>
  1 /
  (1 +
    Math.exp(
      -(
        calibration.bias +
        inputs.reduce((sum, value, index) => sum + value * (calibration.weights[index] as number), 0)
      ),
    ));

// Test figures: all records, those whose answer occurs in no evaluation corpus, bare answer lines.
const corpus = evaluationCorpusText(directory);
const outside = (example: RankerExample): boolean =>
  corpus === '' || !corpus.includes(example.answer.toLowerCase());
const testReadings = readExamples(model, testExamples);
const all = scoreReadings(testExamples, testReadings);
const outsideIndexes = testExamples
  .map((example, index) => (outside(example) ? index : -1))
  .filter((index) => index >= 0);
const outsideScores = scoreReadings(
  outsideIndexes.map((index) => testExamples[index] as RankerExample),
  outsideIndexes.map((index) => testReadings[index] as (typeof testReadings)[number]),
);
const bareScores = scoreReadings(testBareAnswers, readExamples(model, testBareAnswers));
const noAnswerReadings = readExamples(model, testWithNoAnswers);
const testFigures = {
  exactMatch: round(all.exactMatch),
  f1: round(all.f1),
  count: all.count,
  answerInNoEvaluationCorpus: {
    exactMatch: round(outsideScores.exactMatch),
    f1: round(outsideScores.f1),
    count: outsideScores.count,
  },
  bareAnswerLines: {
    exactMatch: round(bareScores.exactMatch),
    f1: round(bareScores.f1),
    count: bareScores.count,
  },
  calibration: {
    examples: testWithNoAnswers.length,
    noAnswerExamples: testWithNoAnswers.filter((example) => example.answer === '').length,
    expectedCalibrationError: Number(
      expectedCalibrationError(
        noAnswerReadings.map((reading) => confidenceOf(calibrationInputs(reading))),
        noAnswerReadings.map((reading) => (reading.correct ? 1 : 0)),
      ).toFixed(4),
    ),
  },
};
log(`test: ${JSON.stringify(testFigures)}`);

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

const reader: ReaderSettings = {
  features: [...spanFeatureNames],
  maxSpanTokens,
  calibration,
  featureFingerprint: featureFingerprint(vectors, tagger, maxSpanTokens),
};
const bytes = encodeWeights(
  {
    network: readerNetworkName,
    version: `reader-${new Date().toISOString().slice(0, 10)}-seed${seed}`,
    training: {
      reader,
      boosting: { ...settings, keptTrees: best.trees },
      augmentation: {
        noAnswerShare,
        bareAnswerShare,
        blankQuestionShare,
        engineEvidence:
          engineEvidenceText === undefined
            ? null
            : {
                questions: engineEvidenceUsed.length,
                share: engineEvidenceShare,
                sha256: createHash('sha256').update(engineEvidenceText).digest('hex'),
                made: 'tools/scripts/engine-evidence.mjs over extraction-set-corpus.mjs DIR train',
              },
      },
      data: {
        source: 'CompactRAG compactrag-train/qa (How-Young-X/CompactRAG, MIT, commit 4ac3245e)',
        trainSha256: train.sha256,
        validSha256: valid.sha256,
        testSha256: test.sha256,
        limit: limit ?? null,
      },
      wordVectors: { source: vectors.info.source, sha256: vectors.info.sourceSha256, count: vectors.count },
      history,
      test: testFigures,
      trainingSeconds: Math.round((performance.now() - started) / 1000),
    },
  },
  model.toTensors('trees'),
);
writeFileSync(values.out as string, bytes);
log(
  `wrote ${values.out} (${(bytes.length / 1e6).toFixed(2)} MB) in ${Math.round((performance.now() - started) / 1000)} s`,
);
