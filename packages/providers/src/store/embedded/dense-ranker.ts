import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreFilter } from '@rootweaver/core';
import { cosineSimilarity, RootweaverError } from '@rootweaver/core';
import type Database from 'better-sqlite3';
import { type HnswSettings, VectorIndex } from '../vector-index.js';
import { fileFingerprint, fileStamp, stampFile } from './file-fingerprint.js';
import { byScore, type Ranked } from './fusion.js';
import { defaultExpansionSearch, type ResolvedHnswSettings } from './hnsw-settings.js';
import { filterSql, isFilterEmpty } from './store-filter.js';
import { corrupt, type MetaTable, rebuildHint } from './store-schema.js';
import { dequantizeVector, quantizedDimension, quantizeVector } from './vector-codec.js';

/** A filtered dense search scores this many allowed items (or fewer) exactly, from their 8-bit copies. */
export const exactScoringLimit = 4096;

/** One item's vector after a write: `undefined` when the item has none any more. */
export interface VectorChange {
  readonly rowid: number;
  readonly vector: Float32Array | undefined;
}

/**
 * Dense search over an HNSW index (usearch, cosine, f16) kept in `vectors.usearch` and keyed by
 * item rowid. SQLite is the source of truth: every vector is also written, in the item's own
 * transaction, as an 8-bit copy in the `vectors` table. The HNSW file is saved on flush and loaded
 * on open (memory-mapped when the store is read-only) only when its generation matches `meta` and
 * the file is the one flush saved: untouched since by its stamp (inode, size, the modification
 * time flush gave it), or else by its fingerprint (size + CRC-32 of every byte); otherwise it is
 * rebuilt from the copies. So a crash between a commit and a flush loses nothing, and a file written,
 * damaged or replaced since it was saved never reaches usearch's loader.
 */
export class DenseRanker {
  private readonly directory: string;
  private readonly database: Database.Database;
  private readonly meta: MetaTable;
  private readonly readonly: boolean;
  private readonly settings: ResolvedHnswSettings;
  private index: VectorIndex | undefined;
  private dirty = false;
  /**
   * How the saved file was trusted on open: its stamp (inode, size and the modification time flush
   * gave it, so not written since) or its checksum (a pass over every byte); `undefined` when no
   * saved file matched the data's generation.
   */
  verifiedBy: 'stamp' | 'checksum' | undefined;
  private readonly statements;

  constructor(options: {
    directory: string;
    database: Database.Database;
    meta: MetaTable;
    readonly: boolean;
    /** The graph's settings (from `resolveHnswSettings`) and the query-time expansion. */
    settings: ResolvedHnswSettings;
  }) {
    this.directory = options.directory;
    this.database = options.database;
    this.meta = options.meta;
    this.readonly = options.readonly;
    this.settings = options.settings;
    const writer = (sql: string): Database.Statement =>
      options.database.prepare(this.readonly ? 'SELECT 1' : sql);
    this.statements = {
      put: writer(
        'INSERT INTO vectors (rowid, vector) VALUES (?, ?) ON CONFLICT (rowid) DO UPDATE SET vector = excluded.vector',
      ),
      delete: writer('DELETE FROM vectors WHERE rowid = ? RETURNING rowid'),
      bumpGeneration: writer(
        "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'vector_generation'",
      ),
      byRowids: options.database.prepare(
        'SELECT rowid, vector FROM vectors WHERE rowid IN (SELECT value FROM json_each(?))',
      ),
      all: options.database.prepare('SELECT rowid, vector FROM vectors'),
    };
  }

  get path(): string {
    return join(this.directory, 'vectors.usearch');
  }

  /** Vectors held (0 until the store has a dimension). */
  get size(): number {
    return this.index?.size ?? 0;
  }

  /** Whether the HNSW index is memory-mapped from its file (a read-only store's saved index). */
  get mapped(): boolean {
    return this.index?.mapped ?? false;
  }

  get hasVectors(): boolean {
    return this.size > 0;
  }

  /** The expansion a search uses now: the one set at open, else `defaultExpansionSearch` of the size. */
  get expansionSearch(): number {
    return this.settings.expansionSearch ?? defaultExpansionSearch(this.size);
  }

  /** The settings an index of this store is created or loaded with. */
  private get indexSettings(): HnswSettings {
    return {
      connectivity: this.settings.connectivity,
      expansionAdd: this.settings.expansionAdd,
      expansionSearch: this.expansionSearch,
    };
  }

  /** Loads `vectors.usearch` when it is the one saved for the current data; else rebuilds it from SQLite. */
  open(dimension: number | undefined): void {
    this.verifiedBy = undefined;
    if (dimension === undefined) return;
    const generation = this.meta.get('vector_generation');
    const recorded = this.meta.get('vectors_file_fingerprint');
    if (this.meta.get('vectors_file_generation') === generation && recorded !== undefined) {
      // The file flush stamped, untouched since, needs no pass over its bytes; any other is checked.
      const stamp = this.meta.get('vectors_file_stamp');
      this.verifiedBy = stamp !== undefined && fileStamp(this.path) === stamp ? 'stamp' : 'checksum';
      if (this.verifiedBy === 'stamp' || fileFingerprint(this.path) === recorded) {
        // Read-only (every `ask`): map the file rather than copy it; a writer loads it to change it.
        const { index, fileDimension, fileConnectivity } = VectorIndex.load(this.path, dimension, {
          mapped: this.readonly,
          settings: this.indexSettings,
        });
        if (fileDimension !== dimension) {
          throw new RootweaverError(
            'dimension-mismatch',
            `The vectors file in ${this.directory} holds vectors of dimension ${fileDimension}, but the store records ${dimension}. ${rebuildHint}`,
            { details: { expected: dimension, actual: fileDimension } },
          );
        }
        // usearch links the graph by the file's own connectivity; one other than recorded means the
        // record is not this file's: rebuild from the copies with the recorded settings.
        if (fileConnectivity === this.settings.connectivity) {
          this.index = index;
          return;
        }
      }
    }
    this.rebuild(dimension);
  }

  private rebuild(dimension: number): void {
    const index = new VectorIndex(dimension, this.indexSettings);
    const chunk = 4096;
    const keys: number[] = [];
    let matrix = new Float32Array(chunk * dimension);
    for (const row of this.statements.all.iterate()) {
      const { rowid, vector } = row as { rowid: number; vector: Buffer };
      if (quantizedDimension(vector) !== dimension) {
        throw corrupt(
          this.directory,
          `item row ${rowid} has a vector of dimension ${quantizedDimension(vector)} where ${dimension} is recorded`,
        );
      }
      matrix.set(dequantizeVector(vector), keys.length * dimension);
      keys.push(rowid);
      if (keys.length === chunk) {
        index.addMany(keys, matrix);
        keys.length = 0;
        matrix = new Float32Array(chunk * dimension);
      }
    }
    index.addMany(keys, matrix.subarray(0, keys.length * dimension));
    this.index = index;
    this.dirty = !this.readonly;
  }

  /** Writes the 8-bit copies of changed vectors (call inside the write transaction). */
  persist(changes: readonly VectorChange[]): void {
    for (const change of changes) {
      if (change.vector === undefined) this.statements.delete.run(change.rowid);
      else this.statements.put.run(change.rowid, quantizeVector(change.vector));
    }
    if (changes.length > 0) this.statements.bumpGeneration.run();
  }

  /** Removes the copies of deleted items (inside the transaction); returns the rowids that had one. */
  forget(rowids: readonly number[]): number[] {
    const removed = rowids.filter((rowid) => this.statements.delete.get(rowid) !== undefined);
    if (removed.length > 0) this.statements.bumpGeneration.run();
    return removed;
  }

  /** Brings the HNSW index in line with committed changes. */
  apply(dimension: number, changes: readonly VectorChange[], removed: readonly number[] = []): void {
    if (changes.length === 0 && removed.length === 0) return;
    this.index ??= new VectorIndex(dimension, this.indexSettings);
    for (const rowid of removed) this.index.delete(rowid);
    const additions: { key: number; vector: Float32Array }[] = [];
    for (const change of changes) {
      if (change.vector === undefined) this.index.delete(change.rowid);
      else additions.push({ key: change.rowid, vector: change.vector });
    }
    this.index.setMany(additions);
    this.dirty = true;
  }

  /** The `limit` nearest items (cosine) among those passing `filter`. */
  rank(vector: Float32Array, limit: number, filter: StoreFilter | undefined): Ranked[] {
    const index = this.index;
    if (index === undefined || index.size === 0) return [];
    if (vector.length !== index.dimension) {
      throw new RootweaverError(
        'dimension-mismatch',
        `The query vector has dimension ${vector.length}, but the store in ${this.directory} holds dimension ${index.dimension}. Embed queries with the embedder the index was built with.`,
        { details: { expected: index.dimension, actual: vector.length } },
      );
    }
    if (isFilterEmpty(filter)) {
      return index
        .search(vector, limit, this.expansionSearch)
        .map((match) => ({ rowid: match.key, score: match.similarity }));
    }
    const conditions = filterSql(filter);
    const allowed = this.database
      .prepare(
        `SELECT i.rowid FROM items i WHERE EXISTS (SELECT 1 FROM vectors v WHERE v.rowid = i.rowid) AND ${conditions.sql}`,
      )
      .pluck()
      .all(...conditions.parameters) as number[];
    if (allowed.length <= exactScoringLimit) {
      // Few candidates: score them exactly (to the 8-bit copies' precision).
      const rows = this.statements.byRowids.all(JSON.stringify(allowed)) as {
        rowid: number;
        vector: Buffer;
      }[];
      return rows
        .map((row) => ({ rowid: row.rowid, score: cosineSimilarity(vector, dequantizeVector(row.vector)) }))
        .sort(byScore)
        .slice(0, limit);
    }
    const allowedSet = new Set(allowed);
    for (let depth = limit * 8; ; depth *= 4) {
      const matches = index
        .search(vector, depth, this.expansionSearch)
        .filter((match) => allowedSet.has(match.key));
      if (matches.length >= limit || depth >= index.size) {
        return matches.slice(0, limit).map((match) => ({ rowid: match.key, score: match.similarity }));
      }
    }
  }

  /** Saves the HNSW index (temporary file, then rename) and records its generation and fingerprint. */
  flush(): void {
    if (this.readonly || !this.dirty || this.index === undefined) return;
    const temporary = `${this.path}.tmp`;
    this.index.save(temporary);
    const fingerprint = fileFingerprint(temporary) ?? '';
    // A rename keeps the inode and modification time the stamp is made of.
    const stamp = stampFile(temporary);
    renameSync(temporary, this.path);
    const generation = this.meta.get('vector_generation') ?? '0';
    this.database.transaction(() => {
      this.meta.set('vectors_file_generation', generation);
      this.meta.set('vectors_file_fingerprint', fingerprint);
      this.meta.set('vectors_file_stamp', stamp);
    })();
    this.dirty = false;
  }
}
