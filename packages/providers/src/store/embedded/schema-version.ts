// Apart from `store-schema.ts` so that the package's public declarations never reach better-sqlite3's types.

/**
 * The on-disk layout this code reads and writes; bump when it changes. Version 2 (issue 17): passages
 * stored once per document instead of once per pair, the FTS5 index contentless (terms are not
 * stored), `text` stored only when it is not `question answer` / `title: question answer`, vectors
 * as 8-bit copies in their own table. Version 3 (issue 17 part 1): the id-hash index is unique, so
 * an insert finds a stored id itself instead of a lookup before it; an id whose hash another id
 * holds is stored without one and found through a partial index on `id`.
 */
export const embeddedStoreSchemaVersion = 3;
