import type { KnowledgeItem, KnowledgeItemKind, MetadataValue, SearchHit } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import type Database from 'better-sqlite3';
import { indexTermString } from '../lexical-query.js';
import type { Ranked } from './fusion.js';

/**
 * How an item's `text` is stored: spelled out (0), or rebuilt from the row because it is
 * `${question} ${answer}` (1), `${title}: ${question} ${answer}` (2, CompactRAG pairs as
 * `index build` makes them) or the passage itself (3, passage items).
 */
export type TextForm = 0 | 1 | 2 | 3;

/** Refuses an item the store cannot hold: no id, an unknown kind, metadata that is not flat. */
export function validateItem(item: KnowledgeItem): void {
  if (typeof item.id !== 'string' || item.id === '') {
    throw new RootweaverError('invalid-input', 'Every knowledge item needs a non-empty id.');
  }
  if (item.kind !== 'qa' && item.kind !== 'passage') {
    throw new RootweaverError(
      'invalid-input',
      `Item ${item.id} has kind '${String(item.kind)}'; use 'qa' or 'passage'.`,
    );
  }
  for (const [key, value] of Object.entries(item.metadata ?? {})) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') {
      throw new RootweaverError(
        'invalid-input',
        `Item ${item.id} has metadata '${key}' of type ${type}; metadata values must be strings, numbers or booleans.`,
      );
    }
  }
}

/** The columns an item's text (and so its terms) is rebuilt from. */
export interface TextSource {
  readonly text_form: TextForm;
  readonly text: string | null;
  readonly question: string | null;
  readonly answer: string | null;
  readonly title: string;
  readonly passage: string | null;
}

export function textFormOf(item: KnowledgeItem): TextForm {
  const { text, question, answer } = item;
  if (item.kind === 'passage' && text === item.passage) return 3;
  if (question === undefined || answer === undefined || !text.endsWith(answer)) return 0;
  // Compared in place: no string is built for the (by far most common) stored forms.
  const head = text.length - answer.length - 1;
  if (head < 0 || text[head] !== ' ') return 0;
  if (head === question.length && text.startsWith(question)) return 1;
  const title = item.title;
  if (
    head === title.length + 2 + question.length &&
    text.startsWith(title) &&
    text.startsWith(': ', title.length) &&
    text.startsWith(question, title.length + 2)
  ) {
    return 2;
  }
  return 0;
}

export function textOf(row: TextSource): string {
  return composeText(row.text_form, row.text, row.question, row.answer, row.title, row.passage);
}

/** An item's text from its stored columns (see `TextForm`). */
export function composeText(
  form: TextForm,
  text: string | null,
  question: string | null,
  answer: string | null,
  title: string,
  passage: string | null,
): string {
  switch (form) {
    case 1:
      return `${question ?? ''} ${answer ?? ''}`;
    case 2:
      return `${title}: ${question ?? ''} ${answer ?? ''}`;
    case 3:
      return passage ?? '';
    default:
      return text ?? '';
  }
}

/**
 * 53-bit hash (cyrb53) of a string, `seed` continuing an earlier hash (so several strings hash
 * without being joined into one). The id and passage indexes hold these integers instead of the
 * strings, and a lookup compares the strings of the (almost always one) rows that share a hash.
 */
export function stringHash(id: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < id.length; index += 1) {
    const code = id.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

interface StoredRow extends TextSource {
  readonly rowid: number;
  readonly id: string;
  readonly passage_rowid: number;
}

/** A hit's columns, in `hitSelect`'s order (read raw: no object per row from the driver). */
type HitColumns = [
  rowid: number,
  id: string,
  documentId: string,
  kind: KnowledgeItemKind,
  title: string,
  textForm: TextForm,
  text: string | null,
  passage: string | null,
  question: string | null,
  answer: string | null,
  metadata: string | null,
];

/** What a write did to one item, for the FTS5 index and the vectors. */
export interface WrittenItem {
  readonly rowid: number;
  /** The terms the item is indexed under now, space-separated. */
  readonly terms: string;
  /** How many terms. */
  readonly termCount: number;
  /** The terms it was indexed under before, when it replaced a stored item. */
  readonly previousTerms?: string;
}

/** The item a stored row stands for (without a vector). */
function itemOf(columns: HitColumns): KnowledgeItem {
  const [, id, documentId, kind, title, textForm, text, passage, question, answer, metadata] = columns;
  // Optional fields assigned, not spread: this runs for every hit of every search.
  const item: {
    -readonly [Key in keyof KnowledgeItem]: KnowledgeItem[Key];
  } = {
    id,
    documentId,
    kind,
    title,
    text: composeText(textForm, text, question, answer, title, passage),
    passage: passage ?? '',
  };
  if (question !== null) item.question = question;
  if (answer !== null) item.answer = answer;
  if (metadata !== null) item.metadata = JSON.parse(metadata) as Record<string, MetadataValue>;
  return item;
}

const hitSelect = `SELECT i.rowid, i.id, p.document_id, i.kind, p.title, i.text_form, i.text, p.text AS passage,
  i.question, i.answer, i.metadata FROM items i JOIN passages p ON p.rowid = i.passage_rowid WHERE i.rowid`;

/**
 * The payload rows: `passages` (document id, title and passage text, once per distinct passage)
 * and `items` (id, kind, question, answer, metadata, and `text` only when it is not rebuilt from
 * them). Knows nothing of rankings; the lexical and dense rankers keep their own tables.
 */
export class ItemTable {
  private readonly statements;
  private readonly database: Database.Database;
  private readonly hitStatements: Database.Statement[] = [];

  private readonly idHash: (id: string) => number;

  /** `idHash` replaces `stringHash` for ids (tests use it to make two ids collide). */
  constructor(
    database: Database.Database,
    readonly: boolean,
    options: { idHash?: (id: string) => number } = {},
  ) {
    this.database = database;
    this.idHash = options.idHash ?? stringHash;
    const prepare = (sql: string): Database.Statement =>
      database.prepare(readonly && !/^\s*SELECT/i.test(sql) ? 'SELECT 1' : sql);
    const rowColumns =
      'i.rowid, i.id, i.passage_rowid, i.text_form, i.text, i.question, i.answer, p.title, CASE WHEN i.text_form = 3 THEN p.text END AS passage';
    this.statements = {
      byIdHash: prepare(
        `SELECT ${rowColumns} FROM items i JOIN passages p ON p.rowid = i.passage_rowid WHERE i.id_hash = ?`,
      ),
      anyColliding: prepare('SELECT 1 FROM items WHERE id_hash IS NULL LIMIT 1'),
      collidingById: prepare(
        `SELECT ${rowColumns} FROM items i JOIN passages p ON p.rowid = i.passage_rowid
         WHERE i.id_hash IS NULL AND i.id = ?`,
      ),
      passagesByHashes: prepare(
        'SELECT rowid, document_id, content_hash, title, text FROM passages WHERE content_hash IN (SELECT value FROM json_each(?))',
      ),
      insertPassage: prepare(
        'INSERT INTO passages (document_id, content_hash, title, text) VALUES (?, ?, ?, ?)',
      ),
      insertItem: prepare(
        'INSERT INTO items (id_hash, passage_rowid, kind, text_form, id, question, answer, text, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id_hash) DO NOTHING',
      ),
      updateItem: prepare(
        'UPDATE items SET passage_rowid = ?, kind = ?, text_form = ?, question = ?, answer = ?, text = ?, metadata = ? WHERE rowid = ?',
      ),
      dropOrphanPassage: prepare(
        'DELETE FROM passages WHERE rowid = ? AND NOT EXISTS (SELECT 1 FROM items WHERE passage_rowid = ?)',
      ),
      passagesOfDocuments: prepare(
        'SELECT rowid, title, text FROM passages WHERE document_id IN (SELECT value FROM json_each(?))',
      ),
      itemsOfPassage: prepare(
        'SELECT rowid, text_form, text, question, answer FROM items WHERE passage_rowid = ?',
      ),
      deleteItemsOfPassage: prepare('DELETE FROM items WHERE passage_rowid = ?'),
      deletePassage: prepare('DELETE FROM passages WHERE rowid = ?'),
      hits: prepare(`${hitSelect} IN (SELECT value FROM json_each(?))`).raw(),
      list: prepare(`${hitSelect} = i.rowid AND (? IS NULL OR i.kind = ?) ORDER BY i.id`).raw(),
      counts: prepare(`SELECT count(*) AS items, coalesce(sum(kind = 'qa'), 0) AS qa,
        coalesce(sum(kind = 'passage'), 0) AS passage FROM items`),
      documents: prepare('SELECT count(DISTINCT document_id) FROM passages').pluck(),
    };
  }

  /**
   * Inserts or replaces items by id (call inside a transaction). A new id costs one statement: the
   * insert itself finds a stored item through the unique id-hash index (`ON CONFLICT DO NOTHING`),
   * so nothing is looked up before it; only an insert that hits a stored hash reads that row.
   */
  write(items: readonly KnowledgeItem[]): WrittenItem[] {
    const passages = this.passageRowids(items);
    // Ids whose hash another id held when they were written keep no hash; almost always none.
    let collisions = this.statements.anyColliding.get() !== undefined;
    const orphans = new Set<number>();
    const written: WrittenItem[] = new Array(items.length);
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index] as KnowledgeItem;
      const passageRowid = passages[index] as number;
      // Terms first: the regular expressions flatten a concatenated text once, for all that follows.
      const { terms, count } = indexTermString(item.text);
      const textForm = textFormOf(item);
      const question = item.question ?? null;
      const answer = item.answer ?? null;
      const text = textForm === 0 ? item.text : null;
      const metadata = item.metadata === undefined ? null : JSON.stringify(item.metadata);
      const hash = this.idHash(item.id);
      let previous = collisions ? this.colliding(item.id) : undefined;
      if (previous === undefined) {
        const row = [passageRowid, item.kind, textForm, item.id, question, answer, text, metadata];
        const inserted = this.statements.insertItem.run(hash, ...row);
        if (inserted.changes === 1) {
          written[index] = { rowid: Number(inserted.lastInsertRowid), terms, termCount: count };
          continue;
        }
        // The hash is taken: by this id (a replacement) or, very rarely, by another id.
        const holder = this.statements.byIdHash.get(hash) as StoredRow | undefined;
        if (holder !== undefined && holder.id === item.id) previous = holder;
        else {
          written[index] = {
            rowid: Number(this.statements.insertItem.run(null, ...row).lastInsertRowid),
            terms,
            termCount: count,
          };
          collisions = true;
          continue;
        }
      }
      this.statements.updateItem.run(
        passageRowid,
        item.kind,
        textForm,
        question,
        answer,
        text,
        metadata,
        previous.rowid,
      );
      if (previous.passage_rowid !== passageRowid) orphans.add(previous.passage_rowid);
      written[index] = {
        rowid: previous.rowid,
        terms,
        termCount: count,
        previousTerms: indexTermString(textOf(previous)).terms,
      };
    }
    for (const rowid of orphans) this.statements.dropOrphanPassage.run(rowid, rowid);
    return written;
  }

  /** The stored item `id` among those written without a hash (their hash was another id's). */
  private colliding(id: string): StoredRow | undefined {
    return this.statements.collidingById.get(id) as StoredRow | undefined;
  }

  /** The passage row of each item, inserting the passages not stored yet. */
  private passageRowids(items: readonly KnowledgeItem[]): number[] {
    interface Entry {
      readonly documentId: string;
      readonly title: string;
      readonly hash: number;
      rowid?: number;
    }
    // Keyed by passage text: the items of one passage share one string, whose hash V8 keeps.
    const byText = new Map<string, Entry[]>();
    const hashes: number[] = [];
    const find = (documentId: string, title: string, text: string): Entry | undefined => {
      const list = byText.get(text);
      if (list === undefined) return undefined;
      for (const entry of list) if (entry.documentId === documentId && entry.title === title) return entry;
      return undefined;
    };
    const entries: Entry[] = new Array(items.length);
    let last: KnowledgeItem | undefined;
    let lastEntry: Entry | undefined;
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index] as KnowledgeItem;
      // The items of one passage mostly come one after another: same strings, no map lookup.
      let entry =
        last !== undefined &&
        item.passage === last.passage &&
        item.documentId === last.documentId &&
        item.title === last.title
          ? lastEntry
          : find(item.documentId, item.title, item.passage);
      if (entry === undefined) {
        entry = {
          documentId: item.documentId,
          title: item.title,
          hash: stringHash(item.passage, stringHash(item.title, stringHash(item.documentId))),
        };
        const list = byText.get(item.passage);
        if (list === undefined) byText.set(item.passage, [entry]);
        else list.push(entry);
        hashes.push(entry.hash);
      }
      entries[index] = entry;
      last = item;
      lastEntry = entry;
    }
    for (const row of this.statements.passagesByHashes.iterate(JSON.stringify(hashes))) {
      const passage = row as { rowid: number; document_id: string; title: string; text: string };
      const entry = find(passage.document_id, passage.title, passage.text);
      if (entry !== undefined) entry.rowid = passage.rowid;
    }
    const rowids: number[] = new Array(items.length);
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index] as KnowledgeItem;
      const entry = entries[index] as Entry;
      entry.rowid ??= Number(
        this.statements.insertPassage.run(item.documentId, entry.hash, item.title, item.passage)
          .lastInsertRowid,
      );
      rowids[index] = entry.rowid;
    }
    return rowids;
  }

  /** Deletes every item of the documents (call inside a transaction); returns their rowids and terms. */
  deleteDocuments(documentIds: readonly string[]): { rowid: number; terms: string }[] {
    const removed: { rowid: number; terms: string }[] = [];
    const passages = this.statements.passagesOfDocuments.all(JSON.stringify(documentIds)) as {
      rowid: number;
      title: string;
      text: string;
    }[];
    for (const passage of passages) {
      for (const row of this.statements.itemsOfPassage.all(passage.rowid) as Omit<
        TextSource,
        'title' | 'passage'
      >[] as (Omit<TextSource, 'title' | 'passage'> & { rowid: number })[]) {
        removed.push({
          rowid: row.rowid,
          terms: indexTermString(textOf({ ...row, title: passage.title, passage: passage.text })).terms,
        });
      }
      this.statements.deleteItemsOfPassage.run(passage.rowid);
      this.statements.deletePassage.run(passage.rowid);
    }
    return removed;
  }

  /** The stored items of a ranking, in its order, as search hits. */
  hits(ranking: readonly Ranked[]): SearchHit[] {
    if (ranking.length === 0) return [];
    const rowids = ranking.map((entry) => entry.rowid);
    // Up to 64 hits (every top-k the engine asks for) by bound rowids; more through json_each.
    let rows: HitColumns[];
    if (rowids.length <= 64) {
      let statement = this.hitStatements[rowids.length];
      if (statement === undefined) {
        statement = this.database.prepare(`${hitSelect} IN (${rowids.map(() => '?').join(', ')})`).raw();
        this.hitStatements[rowids.length] = statement;
      }
      rows = statement.all(...rowids) as HitColumns[];
    } else {
      rows = this.statements.hits.all(JSON.stringify(rowids)) as HitColumns[];
    }
    const byRowid = new Map(rows.map((row) => [row[0], row]));
    const hits: SearchHit[] = [];
    for (const entry of ranking) {
      const row = byRowid.get(entry.rowid);
      if (row === undefined) continue;
      const hit = itemOf(row) as { -readonly [Key in keyof SearchHit]: SearchHit[Key] };
      hit.score = entry.score;
      hit.rank = hits.length + 1;
      hits.push(hit);
    }
    return hits;
  }

  /** Every item (of one kind, when given) by id, without vectors. */
  list(kind: KnowledgeItemKind | undefined): KnowledgeItem[] {
    const rows = this.statements.list.all(kind ?? null, kind ?? null) as HitColumns[];
    return rows.map(itemOf);
  }

  /** The keys of every item's metadata, distinct and sorted. */
  metadataKeys(): string[] {
    return this.database
      .prepare(
        'SELECT DISTINCT j.key FROM items i, json_each(i.metadata) j WHERE i.metadata IS NOT NULL ORDER BY j.key',
      )
      .pluck()
      .all() as string[];
  }

  counts(): { items: number; documents: number; qa: number; passage: number } {
    const counts = this.statements.counts.get() as { items: number; qa: number; passage: number };
    return { ...counts, documents: this.statements.documents.get() as number };
  }
}
