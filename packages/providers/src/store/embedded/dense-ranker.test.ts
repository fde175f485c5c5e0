import { appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cosineSimilarity } from '@rootweaver/core';
import { afterAll, describe, expect, it } from 'vitest';
import { clusteredUnitVectors } from '../synthetic-qa.js';
import { DenseRanker } from './dense-ranker.js';
import { fileFingerprint, fileStamp, stampFile } from './file-fingerprint.js';
import { MetaTable, openStoreDatabase } from './store-schema.js';
import { dequantizeVector, quantizedDimension, quantizeVector } from './vector-codec.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-dense-ranker-'));
let counter = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

const settings = { connectivity: 16, expansionAdd: 64, expansionSearch: undefined };

function open(directory: string): {
  ranker: DenseRanker;
  close: () => void;
  database: ReturnType<typeof openStoreDatabase>;
} {
  const database = openStoreDatabase(directory, false);
  const ranker = new DenseRanker({
    directory,
    database,
    meta: new MetaTable(database, false),
    readonly: false,
    settings,
  });
  return { ranker, database, close: () => database.close() };
}

describe('vector codec', () => {
  it('keeps cosine similarities within 0.01 and the dimension', () => {
    const [first, ...rest] = clusteredUnitVectors(50, 384, { seed: 3 });
    for (const vector of rest) {
      const copy = dequantizeVector(quantizeVector(vector));
      expect(quantizedDimension(quantizeVector(vector))).toBe(384);
      expect(cosineSimilarity(copy, vector)).toBeGreaterThan(0.9999);
      const exact = cosineSimilarity(first as Float32Array, vector);
      expect(Math.abs(cosineSimilarity(first as Float32Array, copy) - exact)).toBeLessThan(0.01);
    }
    expect([...dequantizeVector(quantizeVector(new Float32Array(3)))]).toEqual([0, 0, 0]);
  });
});

describe('fileFingerprint', () => {
  it('changes when a file is truncated, extended, replaced or has one bit flipped', () => {
    const path = join(root, 'fingerprinted');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    writeFileSync(path, bytes);
    const original = fileFingerprint(path);
    expect(fileFingerprint(path)).toBe(original);
    truncateSync(path, bytes.length - 1);
    expect(fileFingerprint(path)).not.toBe(original);
    writeFileSync(path, bytes);
    appendFileSync(path, 'x');
    expect(fileFingerprint(path)).not.toBe(original);
    const flipped = Buffer.from(bytes);
    flipped.writeUInt8((flipped[2 * 1024 * 1024 + 5] ?? 0) ^ 0x10, 2 * 1024 * 1024 + 5);
    writeFileSync(path, flipped);
    expect(fileFingerprint(path)).not.toBe(original);
    writeFileSync(path, bytes);
    expect(fileFingerprint(path)).toBe(original);
    expect(fileFingerprint(join(root, 'absent'))).toBeUndefined();
  });
});

describe('stampFile', () => {
  it('stamps a file so that any later write, even of the same bytes at once, changes its stamp', () => {
    const path = join(root, 'stamped');
    writeFileSync(path, 'abc');
    const stamp = stampFile(path);
    expect(fileStamp(path)).toBe(stamp);
    writeFileSync(path, 'abc');
    expect(fileStamp(path)).not.toBe(stamp);
    const again = stampFile(path);
    truncateSync(path, 2);
    expect(fileStamp(path)).not.toBe(again);
    expect(fileStamp(join(root, 'absent'))).toBeUndefined();
  });
});

describe('DenseRanker', () => {
  const vectors = clusteredUnitVectors(300, 16, { clusters: 10, seed: 9 });
  const fill = (ranker: DenseRanker, database: ReturnType<typeof openStoreDatabase>): void => {
    const changes = vectors.map((vector, index) => ({ rowid: index + 1, vector }));
    database.transaction(() => ranker.persist(changes))();
    ranker.apply(16, changes);
  };

  it('finds a stored vector as its own nearest neighbour, and forgets removed ones', () => {
    counter += 1;
    const { ranker, database, close } = open(join(root, `store-${counter}`));
    fill(ranker, database);
    expect(ranker.size).toBe(300);
    expect(ranker.rank(vectors[42] as Float32Array, 1, undefined)[0]?.rowid).toBe(43);
    const removed = database.transaction(() => ranker.forget([43, 999]))();
    expect(removed).toEqual([43]);
    ranker.apply(16, [], removed);
    expect(ranker.rank(vectors[42] as Float32Array, 5, undefined).map((entry) => entry.rowid)).not.toContain(
      43,
    );
    expect(() => ranker.rank(new Float32Array(3), 1, undefined)).toThrow(/dimension 3/);
    close();
  });

  it('loads the saved file when it matches, and rebuilds from the 8-bit copies when it does not', () => {
    counter += 1;
    const directory = join(root, `store-${counter}`);
    const first = open(directory);
    fill(first.ranker, first.database);
    first.ranker.flush();
    const saved = readFileSync(first.ranker.path);
    first.close();

    const reopened = open(directory);
    reopened.ranker.open(16);
    expect(reopened.ranker.size).toBe(300);
    expect(reopened.ranker.verifiedBy).toBe('stamp'); // untouched since flush: no pass over its bytes
    reopened.ranker.flush(); // nothing changed: nothing written
    expect(readFileSync(reopened.ranker.path).equals(saved)).toBe(true);
    reopened.close();

    // The same bytes written again: the stamp no longer holds, the checksum does.
    writeFileSync(join(directory, 'vectors.usearch'), saved);
    const rewritten = open(directory);
    rewritten.ranker.open(16);
    expect(rewritten.ranker.verifiedBy).toBe('checksum');
    expect(rewritten.ranker.size).toBe(300);
    rewritten.close();

    // A file of the right size with one byte changed never reaches usearch's loader.
    const damaged = Buffer.from(saved);
    damaged.writeUInt8((damaged[damaged.length - 3] ?? 0) ^ 0xff, damaged.length - 3);
    writeFileSync(join(directory, 'vectors.usearch'), damaged);
    const rebuilt = open(directory);
    rebuilt.ranker.open(16);
    expect(rebuilt.ranker.verifiedBy).toBe('checksum');
    expect(rebuilt.ranker.size).toBe(300);
    expect(rebuilt.ranker.rank(vectors[7] as Float32Array, 1, undefined)[0]?.rowid).toBe(8);
    rebuilt.ranker.flush();
    rebuilt.close();
    expect(fileFingerprint(join(directory, 'vectors.usearch'))).not.toBe(
      fileFingerprint(join(directory, 'absent')),
    );
  });

  it('maps the saved file when the store is read-only, with the same neighbours, and refuses writes', () => {
    counter += 1;
    const directory = join(root, `store-${counter}`);
    const first = open(directory);
    fill(first.ranker, first.database);
    first.ranker.flush();
    const expected = vectors.slice(0, 20).map((vector) => first.ranker.rank(vector, 5, undefined));
    expect(first.ranker.mapped).toBe(false);
    first.close();

    const database = openStoreDatabase(directory, true);
    const ranker = new DenseRanker({
      directory,
      database,
      meta: new MetaTable(database, true),
      readonly: true,
      settings,
    });
    ranker.open(16);
    expect(ranker.mapped).toBe(true);
    expect(ranker.size).toBe(300);
    expect(vectors.slice(0, 20).map((vector) => ranker.rank(vector, 5, undefined))).toEqual(expected);
    expect(() => ranker.apply(16, [{ rowid: 1, vector: vectors[1] as Float32Array }])).toThrow(
      /memory-mapped/,
    );
    database.close();

    // A writable open copies the file into memory, so it can change.
    const writable = open(directory);
    writable.ranker.open(16);
    expect(writable.ranker.mapped).toBe(false);
    writable.close();
  });

  it('rebuilds when SQLite changed after the file was saved (a crash before flush)', () => {
    counter += 1;
    const directory = join(root, `store-${counter}`);
    const first = open(directory);
    fill(first.ranker, first.database);
    first.ranker.flush();
    const extra = [{ rowid: 301, vector: vectors[0] as Float32Array }];
    first.database.transaction(() => first.ranker.persist(extra))();
    first.close(); // no flush: the file is a generation behind
    const reopened = open(directory);
    reopened.ranker.open(16);
    expect(reopened.ranker.size).toBe(301);
    reopened.close();
  });
});
