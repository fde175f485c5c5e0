import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type {
  DeleteOptions,
  KnowledgeItem,
  KnowledgeStore,
  SearchOptions,
  SearchResult,
  StoreStats,
  UpsertOptions,
} from '@rootweaver/core';
import { InMemoryStore } from '@rootweaver/core/test';

type Operation =
  | { readonly op: 'upsert'; readonly items: KnowledgeItem[] }
  | { readonly op: 'delete'; readonly documentIds: string[] };

/**
 * A `KnowledgeStore` for tests that must survive `kill -9`: every upsert and delete is appended to a
 * JSONL file synchronously before the call returns, and opening the file replays it. Vectors are
 * not persisted. Search is lexical over the replayed items.
 */
export class JsonlFileStore implements KnowledgeStore {
  private readonly items = new Map<string, KnowledgeItem>();

  constructor(private readonly path: string) {
    if (!existsSync(path)) return;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      let operation: Operation;
      try {
        operation = JSON.parse(line) as Operation;
      } catch {
        continue; // torn by a crash mid-write: that call never returned
      }
      this.apply(operation);
    }
  }

  async upsert(options: UpsertOptions): Promise<{ upserted: number }> {
    const items = options.items.map(({ vector: _vector, ...item }) => item);
    this.write({ op: 'upsert', items });
    return { upserted: items.length };
  }

  async deleteByDocument(options: DeleteOptions): Promise<{ deleted: number }> {
    const before = this.items.size;
    this.write({ op: 'delete', documentIds: [...options.documentIds] });
    return { deleted: before - this.items.size };
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    return new InMemoryStore({ items: this.all() }).search({ ...options, mode: 'lexical' });
  }

  async stats(): Promise<StoreStats> {
    return new InMemoryStore({ items: this.all() }).stats();
  }

  async close(): Promise<void> {}

  all(): KnowledgeItem[] {
    return [...this.items.values()];
  }

  private write(operation: Operation): void {
    appendFileSync(this.path, `${JSON.stringify(operation)}\n`);
    this.apply(operation);
  }

  private apply(operation: Operation): void {
    if (operation.op === 'upsert') {
      for (const item of operation.items) this.items.set(item.id, item);
      return;
    }
    const documents = new Set(operation.documentIds);
    for (const [id, item] of this.items) if (documents.has(item.documentId)) this.items.delete(id);
  }
}
