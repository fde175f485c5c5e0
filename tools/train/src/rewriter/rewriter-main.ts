#!/usr/bin/env node
// Trains the shipped sub-question rewriter (the phrase pointer):
//   pnpm train:rewriter [-- --seed 1 --trees 300 --data DIR --out FILE]
// Fits boosted trees on compactrag-train/rewrite/train.json, chooses how many trees on one half of
// valid.json, fits the confidence map on the other half, reports on test.json (beside the engine's
// rules), writes packages/models/assets/rewriter.bin.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { exactMatch, expectedCalibrationError, f1Score, fitLogistic } from '@rootweaver/eval';
import {
  applyCalibration,
  encodeWeights,
  loadWordVectors,
  logit,
  type PointedPhrase,
  pointerFeatureNames,
  pointerFingerprint,
  pointPhrase,
  type RewriterSettings,
  replaceSpan,
  rewriterNetworkName,
  TrainedRewriter,
  type TreeEnsemble,
  WinkTagger,
} from '@rootweaver/models';
import { evaluationCorpusText, halvesOf, locateTrainingSets, readSplit } from '../data/training-sets.js';
import { trainRankingTrees } from '../trees/gradient-boosting.js';
import {
  buildPointerExamples,
  namesItsAnswer,
  type PointerExample,
  pointableRecord,
  type RewriteRecord,
  rankingDataOf,
} from './rewriter-examples.js';
import { scoreRewrites } from './score-rewrites.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    seed: { type: 'string', default: '1' },
    trees: { type: 'string', default: '300' },
    leaves: { type: 'string', default: '63' },
    'learning-rate': { type: 'string', default: '0.15' },
    'min-leaf-rows': { type: 'string', default: '20' },
    'max-span': { type: 'string', default: '16' },
    'no-replacement': { type: 'string', default: '0.3' },
    // Also label the nearest phrase of records no phrase rewrites exactly (worse on valid: off).
    nearest: { type: 'boolean', default: false },
    patience: { type: 'string', default: '75' },
    out: {
      type: 'string',
      default: new URL('../../../../packages/models/assets/rewriter.bin', import.meta.url).pathname,
    },
    limit: { type: 'string' },
  },
});
const seed = Number(values.seed);
const limit = values.limit === undefined ? undefined : Number(values.limit);
const maxSpanTokens = Number(values['max-span']);
const noReplacementShare = Number(values['no-replacement']);
const nearest = values.nearest === true;
const log = (line: string): void => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const started = performance.now();
const directory = locateTrainingSets(values.data);
const vectors = await loadWordVectors();
const tagger = await WinkTagger.load();
const train = readSplit<RewriteRecord>(directory, 'rewrite', 'train');
const valid = readSplit<RewriteRecord>(directory, 'rewrite', 'valid');
const test = readSplit<RewriteRecord>(directory, 'rewrite', 'test');
const common = { vectors, tagger, maxSpanTokens, nearest };

// valid.json in two halves by a seeded shuffle: one chooses the tree count, the other fits the confidence map.
const halves = halvesOf(valid.records, seed);
const trainExamples = buildPointerExamples(train.records.slice(0, limit).filter(pointableRecord), {
  ...common,
  noReplacementShare,
  seed,
});
const chooseExamples = buildPointerExamples(halves.choose, { ...common, seed });
const calibrateExamples = buildPointerExamples(halves.calibrate, {
  ...common,
  noReplacementShare,
  seed: seed + 1,
});
const testExamples = buildPointerExamples(test.records, { ...common, noReplacementShare: 1, seed: seed + 2 });
const data = rankingDataOf(trainExamples);
const taught = trainExamples.filter((entry) => entry.labels.includes(1)).length;
log(
  `examples: train ${trainExamples.length} (${taught} with a right candidate, ${data.labels.length} candidates), choose ${chooseExamples.length}, calibrate ${calibrateExamples.length}, test ${testExamples.length} with no-replacement copies (featurised in ${Math.round((performance.now() - started) / 1000)} s)`,
);

/** The phrase the trees point at is the record's phrase: an exact one, or the nearest when none is. */
function phraseRight(entry: PointerExample, pointed: PointedPhrase): boolean {
  if (entry.noReplacementCopy || pointed.index < 0) return false;
  return entry.gold.exact.includes(pointed.index) || entry.gold.nearest === pointed.index;
}

/**
 * The share (%) of records the rewriter alone rewrites exactly (tokens): its best phrase always
 * replaced, the sub-question left as it is when it already names the answer.
 */
function aloneExact(model: TreeEnsemble, examples: readonly PointerExample[], trees?: number): number {
  let right = 0;
  let count = 0;
  for (const entry of examples) {
    if (entry.noReplacementCopy) continue;
    count += 1;
    if (namesItsAnswer(entry.question, entry.answer)) {
      if (entry.gold.unchanged) right += 1;
      continue;
    }
    const pointed = pointPhrase(model, entry.input, trees);
    if (entry.gold.exact.includes(pointed.index)) right += 1;
  }
  return (100 * right) / Math.max(1, count);
}

const settings = {
  trees: Number(values.trees),
  learningRate: Number(values['learning-rate']),
  maxLeaves: Number(values.leaves),
  minLeafRows: Number(values['min-leaf-rows']),
  minLeafHessian: 1e-3,
  lambda: 1,
  featureFraction: 0.8,
  groupFraction: 0.8,
  bins: 64,
  seed,
};
const history: { trees: number; exactMatch: number }[] = [];
let best = { trees: 0, exactMatch: -1 };
const trainingStarted = performance.now();
const grown = trainRankingTrees(data, {
  ...settings,
  afterTree: (trees, ensemble) => {
    if (trees % 25 !== 0) return true;
    const exact = aloneExact(ensemble(), chooseExamples);
    history.push({ trees, exactMatch: round(exact) });
    if (exact > best.exactMatch) best = { trees, exactMatch: exact };
    log(
      `${trees} trees: choose rewrite EM (tokens, best phrase always replaced) ${exact.toFixed(1)} (${Math.round((performance.now() - trainingStarted) / 1000)} s)`,
    );
    return trees - best.trees < Number(values.patience);
  },
});
const model = grown.firstTrees(best.trees);
log(`kept ${best.trees} trees (choose rewrite EM ${best.exactMatch.toFixed(1)})`);

// The confidence map: σ(a · logit p(phrase) + b · logit p(no replacement) + c), fitted on the
// calibration half (with its no-replacement copies): the probability that the phrase is the record's.
const calibrationInputs = (pointed: PointedPhrase): number[] => [
  logit(pointed.probability),
  logit(pointed.noReplacementProbability),
];
const calibratePointed = calibrateExamples.map((entry) => pointPhrase(model, entry.input));
const fitted = fitLogistic(
  calibratePointed.map(calibrationInputs),
  calibratePointed.map((pointed, index) =>
    phraseRight(calibrateExamples[index] as PointerExample, pointed) ? 1 : 0,
  ),
);
const calibration = {
  ...fitted,
  inputs: ['logit p(phrase)', 'logit p(no replacement)'],
  fittedOn: `rewrite/valid.json, calibration half with no-replacement copies (${calibrateExamples.length} examples)`,
};
const rewriterSettings: RewriterSettings = {
  features: [...pointerFeatureNames],
  maxSpanTokens,
  calibration,
  featureFingerprint: pointerFingerprint(vectors, tagger, maxSpanTokens),
};

// Test figures through the shipped class: the rewrite it writes (alone, and with the engine's rules
// where it declines) beside the rules alone; the phrase it points at; the calibration.
const version = `rewriter-${new Date().toISOString().slice(0, 10)}-seed${seed}`;
const header = {
  format: 'rootweaver-weights' as const,
  network: rewriterNetworkName,
  version,
  training: { rewriter: rewriterSettings },
  tensors: [],
};
const rewriter = new TrainedRewriter(header, model, vectors, tagger);
const corpus = evaluationCorpusText(directory);
const testRecords = testExamples.filter((entry) => !entry.noReplacementCopy);
const testPointed = testExamples.map((entry) => pointPhrase(model, entry.input));
let phraseCount = 0;
let phraseExact = 0;
let phraseF1 = 0;
testExamples.forEach((entry, index) => {
  const goldIndex = entry.gold.exact[0] ?? entry.gold.nearest;
  if (entry.noReplacementCopy || goldIndex === undefined) return;
  const goldText = (entry.input.candidates[goldIndex] as { text: string }).text;
  const text = (testPointed[index] as PointedPhrase).candidate?.text ?? '';
  phraseCount += 1;
  phraseExact += exactMatch(text, goldText);
  phraseF1 += f1Score(text, goldText);
});
// What any pointer can reach: records one phrase replacement (or none) rewrites exactly.
let ceilingStrict = 0;
let ceilingTokens = 0;
for (const entry of testRecords) {
  if (entry.gold.unchanged || entry.gold.exact.length > 0) ceilingTokens += 1;
  const collapsed = entry.output.replace(/\s+/gu, ' ').trim();
  if (
    entry.question === collapsed ||
    entry.input.candidates.some(
      (candidate) => replaceSpan(entry.question, candidate.start, candidate.end, entry.answer) === collapsed,
    )
  )
    ceilingStrict += 1;
}
const testFigures = {
  rewrites: scoreRewrites(rewriter, test.records, corpus),
  pointerCeiling: {
    strict: round((100 * ceilingStrict) / testRecords.length),
    tokens: round((100 * ceilingTokens) / testRecords.length),
    count: testRecords.length,
  },
  phrase: {
    exactMatch: round((100 * phraseExact) / Math.max(1, phraseCount)),
    f1: round((100 * phraseF1) / Math.max(1, phraseCount)),
    count: phraseCount,
  },
  calibration: {
    examples: testExamples.length,
    noReplacementExamples: testExamples.length - testRecords.length,
    expectedCalibrationError: Number(
      expectedCalibrationError(
        testPointed.map((pointed) => applyCalibration(calibration, calibrationInputs(pointed))),
        testPointed.map((pointed, index) =>
          phraseRight(testExamples[index] as PointerExample, pointed) ? 1 : 0,
        ),
      ).toFixed(4),
    ),
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
      rewriter: rewriterSettings,
      boosting: { ...settings, keptTrees: best.trees },
      labels: { nearestWhenNoneExact: nearest, noReplacementShare },
      data: {
        source: 'CompactRAG compactrag-train/rewrite (How-Young-X/CompactRAG, MIT, commit 4ac3245e)',
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
