import type { Embedder, KnowledgeItem, KnowledgeStore } from '@rootweaver/core';
import { throwIfAborted } from '@rootweaver/core';
import type { InputProblem } from '../corpus/document.js';
import { isRecord, readJsonLines } from '../corpus/json-lines.js';
import { contentHash, corpusHash } from '../index/hashing.js';
import { acquireIndexLock } from '../index/index-lock.js';
import {
  type DocumentEntry,
  type IndexManifest,
  manifestSchemaVersion,
  readManifest,
  writeManifest,
} from '../index/manifest.js';
import { toQaItem } from '../index/qa-item.js';
import { type StageProgress, type StageTiming, StageTracker } from '../progress/stage-tracker.js';
import {
  addRejectionCounts,
  emptyRejectionCounts,
  type RejectionCounts,
  validatePairs,
} from '../validation/validate-pairs.js';

export interface ImportKnowledgeBaseOptions {
  /** A JSONL file of `{title, passage, qa: [{question, answer}]}` records (2wiki kb.*.jsonl form). */
  readonly path: string;
  readonly store: KnowledgeStore;
  readonly embedder?: Embedder;
  /** The index folder for the manifest; without it no manifest is written. */
  readonly directory?: string;
  /** Items per store write. Default 2,000. */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: {
    readonly done: number;
    readonly total: number;
    readonly elapsedMs: number;
  }) => void;
  /** Each stage (read, remove, store, manifest) as it starts, advances and ends. */
  readonly onStage?: (progress: StageProgress) => void;
}

export interface ImportKnowledgeBaseSummary {
  readonly passages: number;
  readonly pairs: number;
  readonly removed: number;
  readonly rejected: RejectionCounts;
  readonly problems: readonly InputProblem[];
  readonly timings: {
    readonly readMs: number;
    readonly embedMs: number;
    readonly storeMs: number;
    readonly totalMs: number;
  };
  readonly manifest: IndexManifest;
  /** The wall time of every stage, in order. */
  readonly stages: readonly StageTiming[];
}

/** A knowledge-base passage has no id: it is derived from its title and text, so re-imports match. */
export function knowledgeBaseDocumentId(title: string, passage: string): string {
  return `kb:${contentHash({ title, text: passage }).slice(0, 20)}`;
}

/**
 * Imports an existing atomic QA knowledge base as it is (answers may be rephrased, so only empty
 * and duplicate pairs are dropped). A bad line or a record missing a field is reported with file
 * and line; the rest is imported. Re-importing replaces each passage's pairs and deletes passages
 * no longer present.
 */
export async function importKnowledgeBase(
  options: ImportKnowledgeBaseOptions,
): Promise<ImportKnowledgeBaseSummary> {
  // One writer per index directory (ADR-0005): a second import or build into it fails at once.
  const release = options.directory === undefined ? undefined : await acquireIndexLock(options.directory);
  try {
    return await importLocked(options);
  } finally {
    release?.();
  }
}

async function importLocked(options: ImportKnowledgeBaseOptions): Promise<ImportKnowledgeBaseSummary> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { path, store, embedder, signal } = options;
  const batchSize = Math.max(1, options.batchSize ?? 2000);
  throwIfAborted(signal);
  const stages = new StageTracker(options.onStage);
  const reading = stages.begin('read', { unit: 'pairs' });
  const { lines, problems } = await readJsonLines(path);
  const report = (line: number, message: string): void => {
    problems.push({ file: path, line, message });
  };
  const documents = new Map<string, DocumentEntry>();
  const items = new Map<string, KnowledgeItem>();
  const rejected = emptyRejectionCounts();
  for (const { line, value } of lines) {
    if (!isRecord(value)) {
      report(line, 'not a JSON object with title, passage and qa');
      continue;
    }
    const missing = ['title', 'passage'].filter((field) => typeof value[field] !== 'string');
    if (value.qa === undefined) missing.push('qa');
    if (missing.length > 0) {
      report(line, `missing field ${missing.join(', ')}`);
      continue;
    }
    if (!Array.isArray(value.qa)) {
      report(line, `qa is ${value.qa === null ? 'null' : typeof value.qa}, not a list of {question, answer}`);
      continue;
    }
    const title = String(value.title).trim();
    const passage = String(value.passage).trim();
    if (passage === '') {
      report(line, 'empty passage');
      continue;
    }
    const pairs: { question: string; answer: string }[] = [];
    (value.qa as unknown[]).forEach((pair, index) => {
      if (!isRecord(pair) || typeof pair.question !== 'string' || typeof pair.answer !== 'string') {
        report(line, `qa[${index}] is missing question or answer`);
        return;
      }
      pairs.push({ question: pair.question, answer: pair.answer });
    });
    const documentId = knowledgeBaseDocumentId(title, passage);
    const validated = validatePairs({
      pairs,
      passageText: passage,
      checks: { questionMark: false, selfContained: false, answerInPassage: false, nearDuplicates: false },
    });
    addRejectionCounts(rejected, validated.rejected);
    let added = 0;
    for (const pair of validated.accepted) {
      const item = toQaItem({
        documentId,
        title,
        passage,
        question: pair.question,
        answer: pair.answer,
        generator: 'import',
      });
      if (items.has(item.id)) {
        rejected.duplicate += 1;
        continue;
      }
      items.set(item.id, item);
      added += 1;
    }
    const previous = documents.get(documentId);
    documents.set(documentId, {
      hash: contentHash({ title, text: passage }),
      pairs: (previous?.pairs ?? 0) + added,
    });
  }
  const readMs = performance.now() - started;
  reading.end(items.size);

  const previousManifest =
    options.directory === undefined ? undefined : await readManifest(options.directory);
  const removedIds = Object.keys(previousManifest?.documents ?? {}).filter((id) => !documents.has(id));
  let embedMs = 0;
  let storeMs = 0;
  const all = [...items.values()];
  let storeStarted = performance.now();
  const replaced = previousManifest === undefined ? [] : [...documents.keys()];
  const removing =
    replaced.length + removedIds.length > 0
      ? stages.begin('remove', { total: replaced.length + removedIds.length, unit: 'passages' })
      : undefined;
  for (const ids of [replaced, removedIds]) {
    for (let start = 0; start < ids.length; start += 5000) {
      await store.deleteByDocument({
        documentIds: ids.slice(start, start + 5000),
        ...(signal === undefined ? {} : { signal }),
      });
    }
  }
  storeMs += performance.now() - storeStarted;
  removing?.end(replaced.length + removedIds.length);
  const storing = stages.begin(embedder === undefined ? 'store' : 'embed + store', {
    total: all.length,
    unit: 'pairs',
  });
  let dimension: number | undefined = embedder?.dimension;
  for (let start = 0; start < all.length; start += batchSize) {
    throwIfAborted(signal);
    let batch = all.slice(start, start + batchSize);
    if (embedder !== undefined) {
      const embedStarted = performance.now();
      const embedded = await embedder.embed({
        values: batch.map((item) => item.text),
        ...(signal === undefined ? {} : { signal }),
      });
      dimension = embedded.dimension;
      batch = batch.map((item, index) => {
        const vector = embedded.vectors[index];
        return vector === undefined ? item : { ...item, vector };
      });
      embedMs += performance.now() - embedStarted;
    }
    storeStarted = performance.now();
    await store.upsert({ items: batch, ...(signal === undefined ? {} : { signal }) });
    storeMs += performance.now() - storeStarted;
    options.onProgress?.({
      done: Math.min(all.length, start + batchSize),
      total: all.length,
      elapsedMs: performance.now() - started,
    });
    storing.advance(Math.min(all.length, start + batchSize));
  }
  storing.end(all.length);
  const totalMs = performance.now() - started;
  const manifest: IndexManifest = {
    schemaVersion: manifestSchemaVersion,
    generator: 'import',
    ...(embedder !== undefined && dimension !== undefined
      ? { embedder: { modelId: embedder.modelId, dimension } }
      : {}),
    corpus: { path, hash: corpusHash([...documents].map(([id, entry]) => [id, entry.hash] as const)) },
    counts: { passages: documents.size, pairs: all.length, rejected, failed: 0, problems: problems.length },
    lastRun: {
      added: documents.size,
      changed: 0,
      unchanged: 0,
      removed: removedIds.length,
      resumed: 0,
      failed: [],
    },
    timings: {
      startedAt,
      finishedAt: new Date().toISOString(),
      totalMs,
      annotateMs: 0,
      generateMs: 0,
      embedMs,
      storeMs,
    },
    documents: Object.fromEntries(documents),
  };
  if (options.directory !== undefined) {
    const writing = stages.begin('manifest');
    await writeManifest(options.directory, manifest);
    writing.end();
  }
  return {
    stages: stages.timings(),
    passages: documents.size,
    pairs: all.length,
    removed: removedIds.length,
    rejected,
    problems,
    timings: { readMs, embedMs, storeMs, totalMs },
    manifest,
  };
}
