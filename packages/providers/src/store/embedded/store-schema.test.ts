import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError } from '@rootweaver/core';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedStoreSchemaVersion, MetaTable, openStoreDatabase } from './store-schema.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-store-schema-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function errorOf(action: () => unknown): { code: string; message: string } {
  try {
    action();
  } catch (error) {
    if (isRootweaverError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('openStoreDatabase', () => {
  it('creates the current schema once and reopens it', () => {
    const directory = join(root, 'fresh');
    const database = openStoreDatabase(directory, false);
    const meta = new MetaTable(database, false);
    expect(meta.get('schema_version')).toBe(String(embeddedStoreSchemaVersion));
    meta.set('dimension', '8');
    database.close();
    const again = openStoreDatabase(directory, true);
    expect(new MetaTable(again, true).get('dimension')).toBe('8');
    const tables = again.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['meta', 'passages', 'items', 'items_fts', 'vectors']));
    again.close();
  });

  it('refuses a version 1 store (one row per pair with its passage) naming the rebuild', () => {
    const directory = join(root, 'v1');
    mkdirSync(directory);
    const database = new Database(join(directory, 'store.sqlite'));
    database.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE items (rowid INTEGER PRIMARY KEY, id TEXT, passage TEXT, vector BLOB, terms TEXT);
      CREATE VIRTUAL TABLE items_fts USING fts5 (terms, content = 'items', content_rowid = 'rowid');
      INSERT INTO meta VALUES ('schema_version', '1');`);
    database.close();
    const error = errorOf(() => openStoreDatabase(directory, false));
    expect(error.code).toBe('store-corrupt');
    expect(error.message).toMatch(/schema version 1, and this rootweaver reads version 3/);
    expect(error.message).toMatch(/rootweaver index build/);
  });

  it('refuses a version 2 store (a lookup index on id hashes, not a unique one) naming the rebuild', () => {
    const directory = join(root, 'v2');
    const database = openStoreDatabase(directory, false);
    database.prepare("UPDATE meta SET value = '2' WHERE key = 'schema_version'").run();
    database.close();
    const error = errorOf(() => openStoreDatabase(directory, true));
    expect(error.code).toBe('store-corrupt');
    expect(error.message).toMatch(/schema version 2, and this rootweaver reads version 3/);
  });

  it('refuses a missing store when read-only, a file for a directory and a foreign file', () => {
    expect(errorOf(() => openStoreDatabase(join(root, 'absent'), true)).code).toBe('not-found');
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    expect(errorOf(() => openStoreDatabase(file, false)).code).toBe('store-corrupt');
    const foreign = join(root, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'store.sqlite'), 'not a database '.repeat(100));
    expect(errorOf(() => openStoreDatabase(foreign, false)).code).toBe('store-corrupt');
  });
});
