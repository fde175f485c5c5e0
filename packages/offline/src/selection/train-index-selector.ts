import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KnowledgeStore } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { type SelectorModel, selectorFileName } from '@rootweaver/innovations';
import { buildSelectorTrainingSet, defaultMaxPairs } from './selector-training-set.js';
import { type RankerSettings, trainSelector } from './train-selector.js';

export interface TrainIndexSelectorOptions {
  /** The index's store: its pairs are listed (`listItems`) and searched. */
  readonly store: KnowledgeStore;
  /** The index folder; `selector.json` is written there when given. */
  readonly directory?: string;
  /** Hits per training question (the engine's `topK`, default 5). */
  readonly topK?: number;
  readonly maxPairs?: number;
  /** Seed of the training questions' sampling, and of the rankers unless `modelSeed` is given. */
  readonly seed?: number;
  /** Base seed of the rankers' starts and mini-batch order alone (the training questions stay the same). */
  readonly modelSeed?: number;
  /** Rankers in the seed ensemble (default `defaultEnsembleSize`, 3). */
  readonly members?: number;
  readonly grid?: readonly RankerSettings[];
  readonly trainedAt?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
}

export interface TrainIndexSelectorResult {
  readonly model: SelectorModel;
  /** The written file, when a directory was given. */
  readonly file?: string;
  readonly trainingSetMs: number;
  readonly totalMs: number;
}

/** Writes `<directory>/selector.json` atomically (a temporary file, then a rename). */
export async function writeSelectorFile(directory: string, model: SelectorModel): Promise<string> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, selectorFileName);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(model)}\n`, 'utf8');
  await rename(temporary, path);
  return path;
}

/**
 * Trains the answer selector of one index from its own pairs (ADR-0007) and stores it in the index
 * folder: lists the pairs, builds the self-supervised questions against the store, trains, writes.
 */
export async function trainIndexSelector(
  options: TrainIndexSelectorOptions,
): Promise<TrainIndexSelectorResult> {
  const started = performance.now();
  const { store, signal } = options;
  if (store.listItems === undefined) {
    throw new RootweaverError(
      'not-configured',
      'This store cannot list its pairs, so no answer selector can be trained on it: train on an embedded index (rootweaver index train-selector DIR).',
    );
  }
  const progress = (message: string) => options.onProgress?.(message);
  const pairs = await store.listItems({ kind: 'qa', ...(signal === undefined ? {} : { signal }) });
  const set = await buildSelectorTrainingSet({
    pairs,
    search: async (query, topK) =>
      (await store.search({ query, topK, ...(signal === undefined ? {} : { signal }) })).hits,
    ...(options.topK === undefined ? {} : { topK: options.topK }),
    ...(options.maxPairs === undefined ? {} : { maxPairs: options.maxPairs }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(signal === undefined ? {} : { signal }),
  });
  const trainingSetMs = performance.now() - started;
  progress(
    `selector: ${set.queries.length} training questions from ${Math.min(set.eligiblePairs, options.maxPairs ?? defaultMaxPairs)} of ${set.eligiblePairs} usable pairs (${pairs.length} pairs) in ${(trainingSetMs / 1000).toFixed(1)} s`,
  );
  const modelSeed = options.modelSeed ?? options.seed;
  const { model } = await trainSelector({
    queries: set.queries,
    pairs: pairs.length,
    onProgress: progress,
    ...(options.grid === undefined ? {} : { grid: options.grid }),
    ...(modelSeed === undefined ? {} : { seed: modelSeed }),
    ...(options.members === undefined ? {} : { members: options.members }),
    ...(options.trainedAt === undefined ? {} : { trainedAt: options.trainedAt }),
    ...(signal === undefined ? {} : { signal }),
  });
  const file =
    options.directory === undefined ? undefined : await writeSelectorFile(options.directory, model);
  const totalMs = performance.now() - started;
  const cv = model.training.crossValidation;
  progress(
    `selector@${model.version}: held-out top-1 ${(cv.top1 * 100).toFixed(1)} % (heuristic ${(cv.heuristicTop1 * 100).toFixed(1)} %), ECE ${cv.expectedCalibrationError.toFixed(3)}, ${resolveSummary(model)}, ${(totalMs / 1000).toFixed(1)} s`,
  );
  return { model, ...(file === undefined ? {} : { file }), trainingSetMs, totalMs };
}

/** The resolve threshold and what it measured on the held-out training questions, in one phrase. */
export function resolveSummary(model: SelectorModel): string {
  const { resolve } = model;
  const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
  return `resolves at ≥ ${resolve.threshold.toFixed(3)} (${percent(resolve.coverage)} of held-out questions, ${percent(resolve.precision)} right; the heuristic as often: ${percent(resolve.heuristicAtSameCoverage.precision)} right)`;
}

/** What an index build did about the selector. */
export type SelectorTrainingOutcome =
  | {
      readonly status: 'trained';
      readonly version: string;
      readonly file: string;
      readonly top1: number;
      readonly heuristicTop1: number;
      readonly expectedCalibrationError: number;
      /** See `resolveSummary`. */
      readonly resolve: string;
      readonly queries: number;
      readonly totalMs: number;
    }
  | { readonly status: 'skipped'; readonly reason: string };

/**
 * The build's training step: trains and writes the index's selector, or says why it could not (too
 * few usable pairs, a store that cannot list them). The index itself is complete either way and
 * answers with the heuristic extractor until a selector is trained.
 */
export async function trainSelectorAfterBuild(
  options: TrainIndexSelectorOptions & { readonly directory: string },
): Promise<SelectorTrainingOutcome> {
  try {
    const result = await trainIndexSelector(options);
    const cv = result.model.training.crossValidation;
    return {
      status: 'trained',
      version: result.model.version,
      file: result.file ?? options.directory,
      top1: cv.top1,
      heuristicTop1: cv.heuristicTop1,
      expectedCalibrationError: cv.expectedCalibrationError,
      resolve: resolveSummary(result.model),
      queries: result.model.training.queries,
      totalMs: Math.round(result.totalMs),
    };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (
      error instanceof RootweaverError &&
      (error.code === 'index-build-failed' || error.code === 'not-configured')
    )
      return { status: 'skipped', reason: error.message };
    throw error;
  }
}
