import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seededRandom } from '@rootweaver/core';

export type SplitName = 'train' | 'valid' | 'test';

/** `compactrag-train` beside the checkout (`../shared/datasets/compactrag-train`), or where `--data` says. */
export function locateTrainingSets(explicit?: string): string {
  const candidates =
    explicit === undefined
      ? [
          resolve(process.cwd(), '../shared/datasets/compactrag-train'),
          resolve(import.meta.dirname, '../../../../../shared/datasets/compactrag-train'),
        ]
      : [resolve(explicit)];
  for (const candidate of candidates) if (existsSync(join(candidate, 'qa', 'train.json'))) return candidate;
  throw new Error(
    `CompactRAG's training sets are not at ${candidates.join(' or ')}; pass --data DIR (the folder holding qa/ and rewrite/).`,
  );
}

/** A split's records and the SHA-256 of its file (recorded in the weights' header). */
export function readSplit<T>(
  directory: string,
  task: 'qa' | 'rewrite',
  split: SplitName,
): { records: T[]; sha256: string } {
  const bytes = readFileSync(join(directory, task, `${split}.json`));
  return {
    records: JSON.parse(bytes.toString('utf8')) as T[],
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * The texts of the evaluation corpora (`../compactrag/*​/corpus.jsonl` beside the training sets), lower-cased,
 * for reporting test figures on the records whose answer occurs in none of them. Empty when absent.
 */
export function evaluationCorpusText(trainingDirectory: string): string {
  const root = resolve(trainingDirectory, '..', 'compactrag');
  const parts: string[] = [];
  for (const dataset of ['2wiki', 'hotpotqa', 'musique']) {
    const file = join(root, dataset, 'corpus.jsonl');
    if (existsSync(file)) parts.push(readFileSync(file, 'utf8').toLowerCase());
  }
  return parts.join('\n');
}

/**
 * A split's records in two halves by a seeded shuffle: one chooses the epoch, the other fits the
 * confidence map (so the map is fitted on records neither training nor the choice has seen).
 */
export function halvesOf<T>(records: readonly T[], seed: number): { choose: T[]; calibrate: T[] } {
  const random = seededRandom(seed + 7);
  const shuffled = records
    .map((record) => ({ record, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.record);
  const half = Math.floor(shuffled.length / 2);
  return { choose: shuffled.slice(0, half), calibrate: shuffled.slice(half) };
}
