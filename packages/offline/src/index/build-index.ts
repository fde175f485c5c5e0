import { availableParallelism } from 'node:os';
import type { Embedder, KnowledgeStore, TokenUsage } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { CorpusReadResult, InputProblem, Passage } from '../corpus/document.js';
import { readCorpus } from '../corpus/read-corpus.js';
import type { QaGenerator } from '../generation/qa-generator.js';
import { type StageProgress, type StageTiming, StageTracker } from '../progress/stage-tracker.js';
import {
  addRejectionCounts,
  emptyRejectionCounts,
  type RejectionCounts,
} from '../validation/validate-pairs.js';
import { type CheckpointEntry, CheckpointLog } from './checkpoint-log.js';
import { contentHash, corpusHash } from './hashing.js';
import { acquireIndexLock } from './index-lock.js';
import {
  type DocumentEntry,
  type IndexManifest,
  manifestSchemaVersion,
  readManifest,
  writeManifest,
} from './manifest.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import { defaultWorkerEntry, PassageWorkerPool } from './passage-worker-pool.js';
import { type PassageOutcome, processPassage } from './process-passage.js';

export interface BuildProgress {
  readonly phase: 'generate' | 'remove' | 'done';
  /** Passages finished (generated, skipped or failed) out of `total`. */
  readonly done: number;
  readonly total: number;
  readonly pairs: number;
  readonly skipped: number;
  readonly failed: number;
  readonly elapsedMs: number;
}

export interface BuildIndexOptions {
  /** A corpus path (JSONL file, .md/.txt file or folder), a read corpus, or passages. */
  readonly corpus: string | CorpusReadResult | readonly Passage[];
  readonly generator: QaGenerator;
  /** When given, items get vectors before they are stored; else the store embeds (or stays lexical). */
  readonly embedder?: Embedder;
  readonly store: KnowledgeStore;
  /** Passages generated at once (LLM calls in flight). Default 4. */
  readonly concurrency?: number;
  /** Passages per store write and checkpoint line group. Default 64. */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: BuildProgress) => void;
  /** Each stage (read, generate, remove, manifest) as it starts, advances and ends. */
  readonly onStage?: (progress: StageProgress) => void;
  /** The index folder: manifest and checkpoint log live here. Without it nothing is resumable. */
  readonly checkpointDirectory?: string;
  /** `update` requires an existing manifest; `build` (default) starts one or continues it incrementally. */
  readonly mode?: 'build' | 'update';
  /**
   * Worker threads that annotate and generate while this thread writes to the store, for
   * generators with a `workerRecipe` (the rule-based one). Default: one per core when at least
   * `minimumPassagesForWorkers` passages need work; 0 runs everything on this thread.
   */
  readonly workers?: number;
  /** The worker module to start, for bundlers and tests; default `passage-worker.js` beside this file. */
  readonly workerEntry?: URL;
  /** Extra `workerData` for a custom `workerEntry`. */
  readonly workerData?: Record<string, unknown>;
}

/**
 * Below this many passages to process, starting workers costs more than it saves: each loads the NLP
 * library (~1 s of CPU), and the rules take ~0.5 ms of CPU a passage (measured: musique's 4,013
 * passages, 2.0 s CPU on one thread, 4.1 s with two workers).
 */
export const minimumPassagesForWorkers = 8_000;

export interface BuildIndexSummary {
  /** Passages in the index after the run. */
  readonly passages: number;
  /** QA pairs in the index after the run. */
  readonly pairs: number;
  readonly added: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly removed: number;
  /** Passages a previous, interrupted run had finished. */
  readonly resumed: number;
  /** Pairs written by this run. */
  readonly pairsWritten: number;
  readonly rejected: RejectionCounts;
  readonly failed: readonly { readonly id: string; readonly error: string }[];
  readonly problems: readonly InputProblem[];
  readonly usage: TokenUsage;
  readonly llmCalls: number;
  readonly timings: IndexManifest['timings'];
  readonly manifest: IndexManifest;
  /** The wall time of every stage, in order. */
  readonly stages: readonly StageTiming[];
}

function compactRejections(rejected: RejectionCounts): Partial<RejectionCounts> | undefined {
  const entries = Object.entries(rejected).filter(([, count]) => count > 0);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Partial<RejectionCounts>);
}

async function resolveCorpus(
  corpus: BuildIndexOptions['corpus'],
  signal: AbortSignal | undefined,
): Promise<{ result: CorpusReadResult; path?: string }> {
  if (typeof corpus === 'string') {
    return {
      result: await readCorpus({ path: corpus, ...(signal === undefined ? {} : { signal }) }),
      path: corpus,
    };
  }
  if ('passages' in corpus) return { result: corpus };
  return { result: { passages: [...corpus], problems: [] } };
}

/**
 * Builds (or brings up to date) an atomic QA index: passages → entities → QA pairs → validation →
 * items (→ vectors) → store. With a `checkpointDirectory` the run is resumable — a run killed at any
 * point and started again ends with the same index — and incremental: unchanged passages are
 * skipped, changed ones replace their pairs, removed ones are deleted.
 */
export async function buildIndex(options: BuildIndexOptions): Promise<BuildIndexSummary> {
  // One writer per index directory: a second build into it fails at once, naming the holder's pid.
  const release =
    options.checkpointDirectory === undefined
      ? undefined
      : await acquireIndexLock(options.checkpointDirectory);
  try {
    return await buildIndexLocked(options);
  } finally {
    release?.();
  }
}

async function buildIndexLocked(options: BuildIndexOptions): Promise<BuildIndexSummary> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { generator, store, embedder, signal } = options;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const batchSize = Math.max(1, options.batchSize ?? 64);
  throwIfAborted(signal);
  const stages = new StageTracker(options.onStage);
  const reading = stages.begin('read', { unit: 'passages' });
  const { result: corpus, path: corpusPath } = await resolveCorpus(options.corpus, signal);
  reading.end(corpus.passages.length);
  if (corpus.passages.length === 0) throw emptyCorpus(corpusPath, corpus.problems);
  const directory = options.checkpointDirectory;
  const previousManifest = directory === undefined ? undefined : await readManifest(directory);
  const log = directory === undefined ? undefined : new CheckpointLog(directory);
  const logEntries = log === undefined ? [] : await log.read();
  if (options.mode === 'update' && previousManifest === undefined && logEntries.length === 0) {
    throw new RootweaverError(
      'not-found',
      `No index to update in ${directory ?? '(no directory given)'}: run "rootweaver index build" first.`,
    );
  }

  // What the index already holds: the manifest, then the log of an interrupted run on top.
  const sameRecipe =
    previousManifest !== undefined &&
    previousManifest.generator === generator.id &&
    (embedder === undefined || previousManifest.embedder?.modelId === embedder.modelId);
  const known = new Map<string, DocumentEntry>();
  const indexed = new Set<string>(Object.keys(previousManifest?.documents ?? {}));
  if (sameRecipe) for (const [id, entry] of Object.entries(previousManifest.documents)) known.set(id, entry);
  const resumedIds = new Set<string>();
  for (const entry of logEntries) {
    if (entry.status === 'done') {
      known.set(entry.id, {
        hash: entry.hash,
        pairs: entry.pairs,
        ...(entry.rejected === undefined ? {} : { rejected: entry.rejected }),
      });
      indexed.add(entry.id);
      resumedIds.add(entry.id);
    } else if (entry.status === 'removed') {
      known.delete(entry.id);
      indexed.delete(entry.id);
      resumedIds.delete(entry.id);
    } else {
      known.delete(entry.id);
      resumedIds.delete(entry.id);
    }
  }

  const documents = new Map<string, DocumentEntry>();
  const todo: { passage: Passage; hash: string; isNew: boolean }[] = [];
  let unchanged = 0;
  let resumed = 0;
  for (const passage of corpus.passages) {
    const hash = contentHash(passage);
    const entry = known.get(passage.id);
    if (entry !== undefined && entry.hash === hash) {
      documents.set(passage.id, entry);
      if (resumedIds.has(passage.id)) resumed += 1;
      else unchanged += 1;
    } else {
      todo.push({ passage, hash, isNew: !indexed.has(passage.id) });
    }
  }
  const corpusIds = new Set(corpus.passages.map((passage) => passage.id));
  const removedIds = [...indexed].filter((id) => !corpusIds.has(id));

  const timings = { annotateMs: 0, generateMs: 0, embedMs: 0, storeMs: 0 };
  const usage = { inputTokens: 0, outputTokens: 0 };
  let llmCalls = 0;
  let added = 0;
  let changed = 0;
  let pairsWritten = 0;
  const rejected = emptyRejectionCounts();
  const failed: { id: string; error: string }[] = [];
  const total = corpus.passages.length;
  let done = unchanged + resumed;
  const progress = (phase: BuildProgress['phase']): void => {
    options.onProgress?.({
      phase,
      done,
      total,
      pairs: pairsWritten,
      skipped: unchanged + resumed,
      failed: failed.length,
      elapsedMs: performance.now() - started,
    });
  };
  progress('generate');
  const generating = stages.begin('generate', { total: todo.length, unit: 'passages' });
  let generated = 0;

  const recipe = generator.workerRecipe;
  const workerEntry = options.workerEntry ?? defaultWorkerEntry();
  const workerCount =
    recipe === undefined || workerEntry === undefined
      ? 0
      : (options.workers ?? (todo.length >= minimumPassagesForWorkers ? availableParallelism() : 0));
  const pool =
    workerCount > 0 && recipe !== undefined && workerEntry !== undefined
      ? new PassageWorkerPool({
          count: workerCount,
          recipe,
          entry: workerEntry,
          ...(options.workerData === undefined ? {} : { extraData: options.workerData }),
        })
      : undefined;
  const batches: (typeof todo)[] = [];
  for (let offset = 0; offset < todo.length; offset += batchSize)
    batches.push(todo.slice(offset, offset + batchSize));
  const generate = (batch: typeof todo): Promise<PassageOutcome[]> =>
    pool !== undefined
      ? pool.process(batch.map(({ passage, hash }) => ({ passage, hash })))
      : mapWithConcurrency(batch, concurrency, ({ passage, hash }) =>
          processPassage({ passage, hash, generator, ...(signal === undefined ? {} : { signal }) }),
        );
  // With workers, the next batches are generated while this one is written: up to two per worker ahead.
  const ahead = pool === undefined ? 0 : workerCount * 2;
  const inFlight: Promise<PassageOutcome[]>[] = [];
  const launch = (index: number): void => {
    const batch = batches[index];
    if (batch === undefined || inFlight[index] !== undefined) return;
    const promise = generate(batch);
    promise.catch(() => undefined); // awaited in turn below; a rejection is not unhandled meanwhile
    inFlight[index] = promise;
  };

  try {
    for (let batchIndex = 0; batchIndex < batches.length; batchIndex += 1) {
      throwIfAborted(signal);
      const batch = batches[batchIndex] as typeof todo;
      for (let next = batchIndex; next <= batchIndex + ahead; next += 1) launch(next);
      const outcomes = await (inFlight[batchIndex] as Promise<PassageOutcome[]>);
      inFlight[batchIndex] = Promise.resolve([]);
      for (const outcome of outcomes) {
        timings.annotateMs += outcome.annotateMs;
        timings.generateMs += outcome.generateMs;
        usage.inputTokens += outcome.inputTokens;
        usage.outputTokens += outcome.outputTokens;
        llmCalls += outcome.llmCalls;
      }
      let items = outcomes.flatMap((outcome) => outcome.items);
      if (embedder !== undefined && items.length > 0) {
        const embedStarted = performance.now();
        const vectors: Float32Array[] = [];
        for (let start = 0; start < items.length; start += 256) {
          const values = items.slice(start, start + 256).map((item) => item.text);
          const embedded = await embedder.embed({ values, ...(signal === undefined ? {} : { signal }) });
          vectors.push(...embedded.vectors);
        }
        items = items.map((item, index) => {
          const vector = vectors[index];
          return vector === undefined ? item : { ...item, vector };
        });
        timings.embedMs += performance.now() - embedStarted;
      }
      throwIfAborted(signal);
      const storeStarted = performance.now();
      // Replace whatever an earlier (or interrupted) run stored for these passages.
      // A resumable run always deletes first: a killed run may have stored pairs it never logged.
      if (directory !== undefined || batch.some((entry) => !entry.isNew)) {
        await store.deleteByDocument({
          documentIds: batch.map((entry) => entry.passage.id),
          ...(signal === undefined ? {} : { signal }),
        });
      }
      if (items.length > 0) await store.upsert({ items, ...(signal === undefined ? {} : { signal }) });
      timings.storeMs += performance.now() - storeStarted;
      const checkpoint: CheckpointEntry[] = [];
      outcomes.forEach((outcome, index) => {
        const isNew = batch[index]?.isNew ?? true;
        if (outcome.error !== undefined) {
          failed.push({ id: outcome.passage.id, error: outcome.error });
          checkpoint.push({
            id: outcome.passage.id,
            status: 'failed',
            hash: outcome.hash,
            error: outcome.error,
          });
        } else {
          const rejections = compactRejections(outcome.rejected);
          const entry: DocumentEntry = {
            hash: outcome.hash,
            pairs: outcome.items.length,
            ...(rejections === undefined ? {} : { rejected: rejections }),
          };
          documents.set(outcome.passage.id, entry);
          checkpoint.push({ id: outcome.passage.id, status: 'done', ...entry });
          addRejectionCounts(rejected, outcome.rejected);
          pairsWritten += outcome.items.length;
          if (isNew) added += 1;
          else changed += 1;
        }
      });
      await log?.append(checkpoint);
      done += batch.length;
      generated += batch.length;
      progress('generate');
      generating.advance(generated);
    }
  } finally {
    await pool?.close();
  }
  generating.end();

  if (removedIds.length > 0) {
    throwIfAborted(signal);
    const removing = stages.begin('remove', { total: removedIds.length, unit: 'passages' });
    const storeStarted = performance.now();
    await store.deleteByDocument({ documentIds: removedIds, ...(signal === undefined ? {} : { signal }) });
    timings.storeMs += performance.now() - storeStarted;
    await log?.append(removedIds.map((id) => ({ id, status: 'removed' as const })));
    progress('remove');
    removing.end(removedIds.length);
  }

  // Order the manifest's documents as the corpus is ordered, so equal indexes have equal manifests.
  const ordered: Record<string, DocumentEntry> = {};
  let pairs = 0;
  const totalRejected = emptyRejectionCounts();
  for (const passage of corpus.passages) {
    const entry = documents.get(passage.id);
    if (entry === undefined) continue;
    ordered[passage.id] = entry;
    pairs += entry.pairs;
    addRejectionCounts(totalRejected, entry.rejected ?? {});
  }
  const finishedAt = new Date().toISOString();
  const totalMs = performance.now() - started;
  const allTimings = { startedAt, finishedAt, totalMs, ...timings };
  const embedderDimension = embedder?.dimension ?? previousManifest?.embedder?.dimension;
  const manifest: IndexManifest = {
    schemaVersion: manifestSchemaVersion,
    generator: generator.id,
    ...(embedder !== undefined && embedderDimension !== undefined
      ? { embedder: { modelId: embedder.modelId, dimension: embedderDimension } }
      : {}),
    corpus: {
      ...(corpusPath === undefined ? {} : { path: corpusPath }),
      hash: corpusHash(corpus.passages.map((passage) => [passage.id, contentHash(passage)] as const)),
    },
    counts: {
      passages: Object.keys(ordered).length,
      pairs,
      rejected: totalRejected,
      failed: failed.length,
      problems: corpus.problems.length,
    },
    lastRun: {
      added,
      changed,
      unchanged,
      removed: removedIds.length,
      resumed,
      failed: failed.map((entry) => entry.id),
    },
    timings: allTimings,
    documents: ordered,
  };
  if (directory !== undefined) {
    const writing = stages.begin('manifest');
    await writeManifest(directory, manifest);
    await log?.remove();
    writing.end();
  }
  progress('done');
  return {
    passages: manifest.counts.passages,
    pairs,
    added,
    changed,
    unchanged,
    removed: removedIds.length,
    resumed,
    pairsWritten,
    rejected,
    failed,
    problems: corpus.problems,
    usage,
    llmCalls,
    timings: allTimings,
    manifest,
    stages: stages.timings(),
  };
}

/**
 * A corpus with no readable passage (empty, binary, UTF-16, every record bad) is an error, never a
 * 0-passage index.
 */
function emptyCorpus(path: string | undefined, problems: readonly InputProblem[]): RootweaverError {
  const first = problems
    .slice(0, 3)
    .map(
      (problem) =>
        `${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.message}`,
    )
    .join('; ');
  return new RootweaverError(
    'corpus-invalid',
    `The corpus ${path ?? '(given in code)'} has no readable passage${problems.length === 0 ? '' : ` (${problems.length} problems, e.g. ${first.slice(0, 400)})`}. Pass a UTF-8 JSONL file of {"id", "title", "text"} records or a folder of UTF-8 .md/.txt files.`,
    { details: { problems: problems.length } },
  );
}

/** Brings an existing index up to date with its corpus: `buildIndex` that requires a manifest. */
export function updateIndex(
  options: Omit<BuildIndexOptions, 'mode' | 'checkpointDirectory'> & { readonly checkpointDirectory: string },
): Promise<BuildIndexSummary> {
  return buildIndex({ ...options, mode: 'update' });
}
