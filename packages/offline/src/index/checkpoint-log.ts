import { appendFile, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentEntry } from './manifest.js';

export const checkpointFileName = 'checkpoint.jsonl';

/** One line of the checkpoint log: a passage done (its pairs are in the store), failed, or removed. */
export type CheckpointEntry =
  | ({ readonly id: string; readonly status: 'done' } & DocumentEntry)
  | { readonly id: string; readonly status: 'failed'; readonly hash: string; readonly error: string }
  | { readonly id: string; readonly status: 'removed' };

/**
 * An append-only JSONL log of finished passages, written after their pairs reached the store. A
 * build killed at any point leaves at worst a torn last line, which reading ignores; the passages
 * it covered are redone (store upserts are idempotent by id).
 */
export class CheckpointLog {
  readonly path: string;

  constructor(directory: string) {
    this.path = join(directory, checkpointFileName);
  }

  async read(): Promise<CheckpointEntry[]> {
    let content: string;
    try {
      content = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries: CheckpointEntry[] = [];
    for (const line of content.split('\n')) {
      if (line.trim() === '') continue;
      try {
        const entry = JSON.parse(line) as CheckpointEntry;
        if (typeof entry.id === 'string') entries.push(entry);
      } catch {
        // a line torn by a crash: its passages are redone
      }
    }
    return entries;
  }

  async append(entries: readonly CheckpointEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await mkdir(join(this.path, '..'), { recursive: true });
    await appendFile(this.path, `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`, 'utf8');
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
