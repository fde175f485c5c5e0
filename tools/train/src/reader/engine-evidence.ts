import { seededRandom } from '@rootweaver/core';
import type { EngineEvidenceRecord } from './ranker-examples.js';

/** `--engine-evidence-share` as a number from 0 to 1; anything else is an error naming the fix. */
export function parseEvidenceShare(text: string): number {
  const share = Number(text);
  if (text.trim() === '' || !(share >= 0 && share <= 1))
    throw new Error(`--engine-evidence-share needs a number from 0 to 1 (got "${text}"), e.g. 0.5.`);
  return share;
}

export interface EvidenceSelection {
  /** Ids of every `qa/train` record (`qatrain-<id>`): a line with another id is refused. */
  readonly trainIds: ReadonlySet<string>;
  /** Ids of the records this run trains on (`--limit`); the others' lines are skipped. */
  readonly usedIds: ReadonlySet<string>;
  /** The seeded share of the used questions that give index-shaped copies. */
  readonly share: number;
  readonly seed: number;
}

/**
 * The lines of an `engine-evidence.mjs` file, checked before any of them is used: a line that is not a
 * JSON record with an id, a question, an answer and pairs, or a question not of the train split, is an
 * error naming the line and the fix. Returns the seeded share of the used questions.
 */
export function selectEngineEvidence(text: string, selection: EvidenceSelection): EngineEvidenceRecord[] {
  const records = text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let record: Partial<EngineEvidenceRecord> | undefined;
    try {
      record = JSON.parse(line) as Partial<EngineEvidenceRecord>;
    } catch {
      record = undefined;
    }
    if (
      typeof record?.id !== 'string' ||
      typeof record.question !== 'string' ||
      typeof record.answer !== 'string' ||
      !Array.isArray(record.pairs)
    )
      throw new Error(
        `--engine-evidence line ${index + 1} is not an {id, question, answer, pairs} record; write the file with tools/scripts/engine-evidence.mjs.`,
      );
    if (!selection.trainIds.has(record.id))
      throw new Error(
        `--engine-evidence line ${index + 1} holds ${record.id}, not a qa/train question; build the file from the train split only (extraction-set-corpus.mjs DIR train).`,
      );
    return [record as EngineEvidenceRecord];
  });
  const random = seededRandom(selection.seed);
  return records.filter((record) => selection.usedIds.has(record.id) && random() < selection.share);
}
