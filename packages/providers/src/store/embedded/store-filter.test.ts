import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { filterSql, isFilterEmpty } from './store-filter.js';

describe('filterSql', () => {
  const database = new Database(':memory:');
  database.exec(`CREATE TABLE passages (rowid INTEGER PRIMARY KEY, document_id TEXT);
    CREATE TABLE items (rowid INTEGER PRIMARY KEY, passage_rowid INTEGER, kind TEXT, metadata TEXT);
    INSERT INTO passages VALUES (1, 'alpha'), (2, 'beta "quoted"');
    INSERT INTO items VALUES (10, 1, 'qa', '{"lang":"en","year":2010,"ok":true}'),
      (11, 2, 'qa', '{"lang":"fr","year":"2010","ok":false}'), (12, 2, 'passage', NULL);`);
  const matching = (filter: Parameters<typeof filterSql>[0]): number[] => {
    const { sql, parameters } = filterSql(filter);
    return database
      .prepare(`SELECT i.rowid FROM items i${sql === '' ? '' : ` WHERE ${sql}`} ORDER BY i.rowid`)
      .pluck()
      .all(...parameters) as number[];
  };

  it('filters by kind, by document id and by exact metadata values of the right type', () => {
    expect(matching(undefined)).toEqual([10, 11, 12]);
    expect(matching({ kind: 'passage' })).toEqual([12]);
    expect(matching({ documentIds: ['beta "quoted"'] })).toEqual([11, 12]);
    expect(matching({ documentIds: [] })).toEqual([]);
    expect(matching({ metadata: { year: 2010 } })).toEqual([10]);
    expect(matching({ metadata: { year: '2010' } })).toEqual([11]);
    expect(matching({ metadata: { ok: false } })).toEqual([11]);
    expect(matching({ metadata: { lang: 'en', ok: true }, kind: 'qa' })).toEqual([10]);
  });

  it('matches any value of an `in` condition, and a source path at folder boundaries, case and all', () => {
    database.exec(`INSERT INTO items VALUES (13, 1, 'qa', '{"source":"docs/api/client.md","lang":"de"}'),
      (14, 1, 'qa', '{"source":"docs/api-old.md"}'), (15, 1, 'qa', '{"source":"docs/api"}'),
      (16, 1, 'qa', '{"source":"DOCS/api/x.md"}'), (17, 1, 'qa', '{"source":"docs/100%_/a.md"}');`);
    expect(matching({ metadata: { lang: { in: ['en', 'de'] } } })).toEqual([10, 13]);
    expect(matching({ metadata: { year: { in: [2010, 'nope'] } } })).toEqual([10]);
    expect(matching({ sourcePrefix: 'docs/api' })).toEqual([13, 15]);
    expect(matching({ sourcePrefix: 'docs/api/' })).toEqual([13, 15]);
    expect(matching({ sourcePrefix: 'docs/100%_' })).toEqual([17]);
    expect(matching({ sourcePrefix: 'docs/api', metadata: { lang: 'de' } })).toEqual([13]);
    expect(matching({ sourcePrefix: 'docs' })).toEqual([13, 14, 15, 17]);
    database.exec('DELETE FROM items WHERE rowid >= 13');
  });

  it('binds every value, so keys and values with quotes or SQL are plain text', () => {
    expect(matching({ metadata: { 'la"ng': "x' OR 1=1 --" } })).toEqual([]);
    expect(matching({ documentIds: ["alpha' OR '1'='1"] })).toEqual([]);
  });

  it('knows an empty filter', () => {
    expect(isFilterEmpty(undefined)).toBe(true);
    expect(isFilterEmpty({ metadata: {} })).toBe(true);
    expect(isFilterEmpty({ documentIds: [] })).toBe(false);
    expect(isFilterEmpty({ kind: 'qa' })).toBe(false);
    expect(isFilterEmpty({ sourcePrefix: '/' })).toBe(true);
    expect(isFilterEmpty({ sourcePrefix: 'docs' })).toBe(false);
  });
});
