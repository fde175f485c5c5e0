import { createHash } from 'node:crypto';
import { RootweaverError, seededRandom, throwIfAborted } from '@rootweaver/core';
import { defaultMultiHopConfig, type SelectorModel } from '@rootweaver/innovations';
import {
  calibrate,
  candidateProbabilities,
  type DenseLayer,
  reliabilityTable,
  type SelectorMember,
  selectorCandidateLimit,
  selectorFeatureNames,
  selectorFeatureVersion,
  selectorModelFormat,
  selectorModelFormatVersion,
} from '@rootweaver/innovations/selection';
import * as tf from '@tensorflow/tfjs';
import { fitIsotonic } from './fit-isotonic.js';
import { chooseResolvePolicy, defaultResolveCoverage } from './resolve-policy.js';
import { roundFigure } from './round-figure.js';
import type { TrainingQuery } from './selector-training-set.js';
import { shuffled } from './shuffled.js';

/** Settings of one ranker; the trainer picks among `defaultSettingsGrid` by cross-validation. */
export interface RankerSettings {
  /** Hidden units of the one hidden layer; 0 is a linear ranker (conditional logit). */
  readonly hidden: number;
  /** L2 penalty on the weights. */
  readonly l2: number;
  readonly epochs: number;
  readonly learningRate: number;
  readonly batchSize: number;
}

/**
 * Rankers per selector (ADR-0007, revision of 2026-12-02): their probabilities are averaged, which
 * removes most of the variance a single ranker's random start and mini-batch order put on the answers.
 */
export const defaultEnsembleSize = 3;
/** Member m's seed is the base seed plus this times m (so members' fold seeds never coincide). */
export const memberSeedStride = 1000;

export const defaultSettingsGrid: readonly RankerSettings[] = [
  { hidden: 0, l2: 1e-3, epochs: 15, learningRate: 0.05, batchSize: 512 },
  { hidden: 16, l2: 1e-3, epochs: 15, learningRate: 0.02, batchSize: 512 },
];

export interface TrainSelectorOptions {
  readonly queries: readonly TrainingQuery[];
  /** Figures about the index, recorded in the model's training report. */
  readonly pairs: number;
  readonly grid?: readonly RankerSettings[];
  /** Folds of the grouped cross-validation (default 3). */
  readonly folds?: number;
  /** Base seed of the rankers' starts and mini-batch order; member m uses `seed + memberSeedStride · m`. */
  readonly seed?: number;
  /** Rankers in the seed ensemble (default `defaultEnsembleSize`). */
  readonly members?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
  /** Defaults to now; tests pass a fixed one. */
  readonly trainedAt?: string;
  /** The heuristic extractor's resolve threshold, reported beside the selector's (default: the engine's default). */
  readonly heuristicThreshold?: number;
  /** The share of held-out training questions the selector's threshold must resolve (default `defaultResolveCoverage`). */
  readonly resolveCoverage?: number;
}

let backendReady: Promise<void> | undefined;

/** The pure-JS CPU backend, once per process, without its "install tfjs-node" banner. */
function ensureBackend(): Promise<void> {
  backendReady ??= (async () => {
    await tf.setBackend('cpu');
    (tf.backend() as unknown as { firstUse?: boolean }).firstUse = false;
  })();
  return backendReady;
}

interface Standardisation {
  readonly mean: number[];
  readonly scale: number[];
}

function standardisation(queries: readonly TrainingQuery[]): Standardisation {
  const width = selectorFeatureNames.length;
  const mean = new Array<number>(width).fill(0);
  const square = new Array<number>(width).fill(0);
  let count = 0;
  for (const query of queries)
    for (const row of query.rows) {
      count += 1;
      row.forEach((value, index) => {
        mean[index] = (mean[index] ?? 0) + value;
        square[index] = (square[index] ?? 0) + value * value;
      });
    }
  const n = Math.max(1, count);
  const means = mean.map((sum) => sum / n);
  const scale = square.map((sum, index) => {
    const variance = sum / n - (means[index] ?? 0) ** 2;
    return variance > 1e-10 ? Math.sqrt(variance) : 1;
  });
  return { mean: means.map((value) => roundFigure(value)), scale: scale.map((value) => roundFigure(value)) };
}

/** The answerable queries as padded tensors' data: features, a mask of real candidates, labels. */
function packQueries(queries: readonly TrainingQuery[], scaling: Standardisation) {
  const width = selectorFeatureNames.length;
  const slots = selectorCandidateLimit;
  const features = new Float32Array(queries.length * slots * width);
  const mask = new Float32Array(queries.length * slots);
  const labels = new Float32Array(queries.length * slots);
  queries.forEach((query, q) => {
    query.rows.forEach((row, c) => {
      if (c >= slots) return;
      const base = (q * slots + c) * width;
      row.forEach((value, f) => {
        features[base + f] = (value - (scaling.mean[f] ?? 0)) / (scaling.scale[f] ?? 1);
      });
      mask[q * slots + c] = 1;
      labels[q * slots + c] = query.labels[c] ?? 0;
    });
  });
  return { features, mask, labels, count: queries.length, slots, width };
}

function glorot(random: () => number, inputs: number, outputs: number): Float32Array {
  const limit = Math.sqrt(6 / (inputs + outputs));
  return Float32Array.from({ length: inputs * outputs }, () => (random() * 2 - 1) * limit);
}

/**
 * Trains one ranker with a listwise loss: per question, softmax over its candidates, minus the log
 * of the probability given to the candidates equal to the answer. Adam, mini-batches, L2.
 */
async function trainRanker(
  queries: readonly TrainingQuery[],
  scaling: Standardisation,
  settings: RankerSettings,
  seed: number,
  signal: AbortSignal | undefined,
): Promise<DenseLayer[]> {
  await ensureBackend();
  const random = seededRandom(seed);
  const packed = packQueries(queries, scaling);
  const { width, slots } = packed;
  const hidden = settings.hidden;
  const variables: tf.Variable[] = [];
  const w1 = tf.variable(
    tf.tensor2d(glorot(random, width, hidden > 0 ? hidden : 1), [width, hidden > 0 ? hidden : 1]),
  );
  const b1 = tf.variable(tf.zeros([hidden > 0 ? hidden : 1]));
  variables.push(w1, b1);
  const w2 = hidden > 0 ? tf.variable(tf.tensor2d(glorot(random, hidden, 1), [hidden, 1])) : undefined;
  const b2 = hidden > 0 ? tf.variable(tf.zeros([1])) : undefined;
  if (w2 !== undefined && b2 !== undefined) variables.push(w2, b2);
  const optimizer = tf.train.adam(settings.learningRate);
  const order = Array.from({ length: packed.count }, (_, index) => index);
  try {
    for (let epoch = 0; epoch < settings.epochs; epoch += 1) {
      throwIfAborted(signal);
      const epochOrder = shuffled(order, random);
      for (let start = 0; start < epochOrder.length; start += settings.batchSize) {
        const batch = epochOrder.slice(start, start + settings.batchSize);
        const size = batch.length;
        const features = new Float32Array(size * slots * width);
        const mask = new Float32Array(size * slots);
        const labels = new Float32Array(size * slots);
        batch.forEach((query, index) => {
          features.set(
            packed.features.subarray(query * slots * width, (query + 1) * slots * width),
            index * slots * width,
          );
          mask.set(packed.mask.subarray(query * slots, (query + 1) * slots), index * slots);
          labels.set(packed.labels.subarray(query * slots, (query + 1) * slots), index * slots);
        });
        tf.tidy(() => {
          const x = tf.tensor2d(features, [size * slots, width]);
          const m = tf.tensor2d(mask, [size, slots]);
          const y = tf.tensor2d(labels, [size, slots]);
          optimizer.minimize(
            () => {
              let out = tf.add(tf.matMul(x, w1), b1);
              if (w2 !== undefined && b2 !== undefined) out = tf.add(tf.matMul(tf.relu(out), w2), b2);
              const logits = tf.reshape(out, [size, slots]);
              const masked = tf.add(logits, tf.mul(tf.sub(m, 1), 1e4));
              const all = tf.logSumExp(masked, 1);
              const positives = tf.logSumExp(tf.add(masked, tf.mul(tf.sub(y, 1), 1e4)), 1);
              const penalty = tf.mul(
                settings.l2,
                w2 === undefined
                  ? tf.sum(tf.square(w1))
                  : tf.add(tf.sum(tf.square(w1)), tf.sum(tf.square(w2))),
              );
              return tf.add(tf.mean(tf.sub(all, positives)), penalty) as tf.Scalar;
            },
            false,
            variables,
          );
        });
      }
    }
    const layers: DenseLayer[] = [];
    const toLayer = async (weights: tf.Variable, bias: tf.Variable, activation: DenseLayer['activation']) => {
      const matrix = (await weights.array()) as number[][];
      const vector = (await bias.array()) as number[];
      layers.push({
        weights: matrix.map((row) => row.map((value) => roundFigure(value))),
        bias: vector.map((value) => roundFigure(value)),
        activation,
      });
    };
    if (w2 !== undefined && b2 !== undefined) {
      await toLayer(w1, b1, 'relu');
      await toLayer(w2, b2, 'linear');
    } else {
      await toLayer(w1, b1, 'linear');
    }
    return layers;
  } finally {
    optimizer.dispose();
    for (const variable of variables) variable.dispose();
  }
}

function provisionalModel(scaling: Standardisation, members: SelectorMember[]): SelectorModel {
  return {
    format: selectorModelFormat,
    formatVersion: selectorModelFormatVersion,
    featureVersion: selectorFeatureVersion,
    featureNames: selectorFeatureNames,
    version: 'provisional',
    mean: scaling.mean,
    scale: scaling.scale,
    members,
    calibration: { kind: 'isotonic', thresholds: [], values: [] },
    resolve: {} as SelectorModel['resolve'],
    training: {} as SelectorModel['training'],
  };
}

/** One member's candidate probabilities per held-out question (members are averaged by `choose`). */
type MemberProbabilities = Map<TrainingQuery, number[]>;

/** The choice of the ensemble of `probabilities` (its members' lists, averaged): the top candidate and its probability. */
function choose(probabilities: readonly (readonly number[])[]): { index: number; probability: number } {
  const mean = (probabilities[0] ?? []).map(
    (_, candidate) =>
      probabilities.reduce((sum, member) => sum + (member[candidate] ?? 0), 0) / probabilities.length,
  );
  let index = 0;
  mean.forEach((probability, candidate) => {
    if (probability > (mean[index] ?? 0)) index = candidate;
  });
  return { index, probability: mean[index] ?? 0 };
}

function foldOf(group: string, folds: number): number {
  const digest = createHash('sha256').update(group).digest();
  return (digest.readUInt32BE(0) >>> 0) % folds;
}

export interface TrainedSelector {
  readonly model: SelectorModel;
}

/** Top-1 over the answerable questions and the calibration of the top probability over all of them. */
function assess(all: readonly TrainingQuery[], members: readonly MemberProbabilities[]) {
  const choices = new Map(
    all.map((query) => [query, choose(members.map((member) => member.get(query) ?? []))]),
  );
  const points = all.map((query) => {
    const choice = choices.get(query) ?? { index: 0, probability: 0 };
    return { score: choice.probability, correct: query.labels[choice.index] === 1 };
  });
  const calibration = fitIsotonic(points);
  const calibrated = points.map((point) => ({
    confidence: calibrate(calibration, point.score),
    correct: point.correct,
  }));
  const top1Of = (queries: readonly TrainingQuery[]) =>
    queries.filter((query) => query.labels[choices.get(query)?.index ?? -1] === 1).length /
    Math.max(1, queries.length);
  return { choices, calibration, calibrated, reliability: reliabilityTable(calibrated), top1Of };
}

/**
 * Trains the answer selector from self-supervised questions (ADR-0007): grouped K-fold
 * cross-validation picks the ranker's settings from a small grid (by held-out log loss, one ranker
 * per setting and fold); the chosen settings get `members − 1` more rankers per fold with other
 * seeds, and the ensemble's out-of-fold probabilities (the mean of its members') fit the isotonic
 * calibration and the resolve threshold; the final `members` rankers are trained on every
 * answerable question. Cost: |grid| · folds + (members − 1) · folds + members trainings.
 */
export async function trainSelector(options: TrainSelectorOptions): Promise<TrainedSelector> {
  const started = performance.now();
  const folds = options.folds ?? 3;
  const seed = options.seed ?? 12;
  const memberCount = options.members ?? defaultEnsembleSize;
  if (!Number.isInteger(memberCount) || memberCount < 1)
    throw new RootweaverError(
      'invalid-input',
      `An answer selector needs at least one ranker: members is ${memberCount}; give a whole number ≥ 1.`,
    );
  const grid = options.grid ?? defaultSettingsGrid;
  const all = options.queries;
  const answerable = all.filter((query) => query.labels.some((label) => label === 1));
  if (answerable.length < 20 || new Set(all.map((query) => query.group)).size < folds) {
    throw new RootweaverError(
      'index-build-failed',
      `Too little to train an answer selector: ${answerable.length} usable questions from ${new Set(all.map((query) => query.group)).size} documents (at least 20 from ${folds} documents). The index keeps the heuristic extractor.`,
    );
  }
  const progress = (message: string) => options.onProgress?.(message);
  const memberSeed = (member: number) => seed + memberSeedStride * member;
  const splits = Array.from({ length: folds }, (_, fold) => {
    const train = answerable.filter((query) => foldOf(query.group, folds) !== fold);
    return {
      train,
      held: all.filter((query) => foldOf(query.group, folds) === fold),
      scaling: standardisation(train),
    };
  });
  /** One member of `settings` trained on every fold's training part: its held-out probabilities. */
  const outOfFold = async (settings: RankerSettings, member: number): Promise<MemberProbabilities> => {
    const found: MemberProbabilities = new Map();
    for (const [fold, split] of splits.entries()) {
      const layers = await trainRanker(
        split.train,
        split.scaling,
        settings,
        memberSeed(member) + fold,
        options.signal,
      );
      const model = provisionalModel(split.scaling, [{ layers }]);
      for (const query of split.held) found.set(query, candidateProbabilities(model, query.rows));
    }
    return found;
  };
  const tried: { settings: RankerSettings; top1: number; logLoss: number; outOfFold: MemberProbabilities }[] =
    [];
  for (const settings of grid) {
    const probabilities = await outOfFold(settings, 0);
    let logLoss = 0;
    for (const query of answerable) {
      const positive = (probabilities.get(query) ?? []).reduce(
        (sum, value, index) => sum + (query.labels[index] === 1 ? value : 0),
        0,
      );
      logLoss -= Math.log(Math.max(1e-9, positive));
    }
    logLoss /= answerable.length;
    const top1 = assess(all, [probabilities]).top1Of(answerable);
    tried.push({ settings, top1, logLoss, outOfFold: probabilities });
    progress(
      `  selector CV: hidden ${settings.hidden}, l2 ${settings.l2}: top-1 ${(top1 * 100).toFixed(1)} %, log loss ${logLoss.toFixed(3)}`,
    );
  }
  const chosen = tried.reduce((best, entry) => (entry.logLoss < best.logLoss ? entry : best));
  const memberProbabilities = [chosen.outOfFold];
  for (let member = 1; member < memberCount; member += 1)
    memberProbabilities.push(await outOfFold(chosen.settings, member));
  const single = assess(all, [chosen.outOfFold]);
  const ensemble = assess(all, memberProbabilities);
  if (memberCount > 1)
    progress(
      `  selector CV: ensemble of ${memberCount}: top-1 ${(ensemble.top1Of(answerable) * 100).toFixed(1)} % (one ranker ${(single.top1Of(answerable) * 100).toFixed(1)} %), ECE ${ensemble.reliability.expectedCalibrationError.toFixed(3)} (${single.reliability.expectedCalibrationError.toFixed(3)})`,
    );
  const { calibration } = ensemble;
  const resolve = chooseResolvePolicy(
    ensemble.calibrated,
    all.map((query) => ({ confidence: query.heuristicConfidence, correct: query.labels[0] === 1 })),
    {
      coverage: options.resolveCoverage ?? defaultResolveCoverage,
      heuristicThreshold: options.heuristicThreshold ?? defaultMultiHopConfig.extractionConfidenceThreshold,
    },
  );
  const heuristicTop1 = answerable.filter((query) => query.labels[0] === 1).length / answerable.length;
  const byVariant: Record<string, { answerable: number; top1: number; heuristicTop1: number }> = {};
  for (const variant of new Set(answerable.map((query) => query.variant))) {
    const queries = answerable.filter((query) => query.variant === variant);
    byVariant[variant] = {
      answerable: queries.length,
      top1: roundFigure(ensemble.top1Of(queries)),
      heuristicTop1: roundFigure(queries.filter((query) => query.labels[0] === 1).length / queries.length),
    };
  }
  const scaling = standardisation(answerable);
  const members: SelectorMember[] = [];
  for (let member = 0; member < memberCount; member += 1)
    members.push({
      layers: await trainRanker(answerable, scaling, chosen.settings, memberSeed(member), options.signal),
    });
  const variants: Record<string, number> = {};
  for (const query of all) variants[query.variant] = (variants[query.variant] ?? 0) + 1;
  const version = createHash('sha256')
    .update(JSON.stringify({ scaling, members, calibration, resolve }))
    .digest('hex')
    .slice(0, 12);
  const model: SelectorModel = {
    ...provisionalModel(scaling, members),
    version,
    calibration,
    resolve,
    training: {
      trainedAt: options.trainedAt ?? new Date().toISOString(),
      library: `@tensorflow/tfjs ${tf.version.tfjs} (pure-JS cpu backend)`,
      pairs: options.pairs,
      queries: all.length,
      candidates: all.reduce((sum, query) => sum + query.rows.length, 0),
      answerable: answerable.length,
      variants,
      hyperParameters: { ...chosen.settings, folds, seed, members: memberCount },
      ensemble: {
        members: memberCount,
        combine: "mean of the members' softmax probabilities",
        seeds: members.map((_, member) => memberSeed(member)),
        singleTop1: roundFigure(single.top1Of(answerable)),
        singleExpectedCalibrationError: roundFigure(single.reliability.expectedCalibrationError),
      },
      crossValidation: {
        folds,
        top1: roundFigure(ensemble.top1Of(answerable)),
        heuristicTop1: roundFigure(heuristicTop1),
        byVariant,
        expectedCalibrationError: roundFigure(ensemble.reliability.expectedCalibrationError),
        candidatesTried: tried.map((entry) => ({
          settings: { ...entry.settings },
          top1: roundFigure(entry.top1),
          logLoss: roundFigure(entry.logLoss),
        })),
      },
      trainingMs: Math.round(performance.now() - started),
    },
  };
  return { model };
}
