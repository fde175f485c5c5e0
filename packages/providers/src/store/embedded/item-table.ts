import type { KnowledgeItem, KnowledgeItemKind, MetadataValue, SearchHit } from '@rootweaver/core';
import type Database from 'better-sqlite3';
import { indexTerms } from '../lexical-query.js';
import type { Ranked } from './fusion.js';

/**
 * How an item's `text` is stored: spelled out (0), or rebuilt from the row because it is
 * `${question} ${answer}` (1), `${title}: ${question} ${answer}` (2, CompactRAG pairs as
 * `index build` makes them) or the passage itself (3, passage items).
 */
export type TextForm = 0 | 1 | 2 | 3;

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
  if (item.kind === 'passage' && item.text === item.passage) return 3;
  if (item.question === undefined || item.answer === undefined) return 0;
  if (item.text === `${item.question} ${item.answer}`) return 1;
  if (item.text === `${item.title}: ${item.question} ${item.answer}`) return 2;
  return 0;
}

export function textOf(row: TextSource): string {
  switch (row.text_form) {
    case 1:
      return `${row.question ?? ''} ${row.answer ?? ''}`;
    case 2:
      return `${row.title}: ${row.question ?? ''} ${row.answer ?? ''}`;
    case 3:
      return row.passage ?? '';
    default:
      return row.text ?? '';
  }
}

/**
 * 53-bit hash (cyrb53) of a string. The id and passage indexes hold these integers instead of the
 * strings, and a lookup compares the strings of the (almost always one) rows that share a hash.
 */
export function stringHash(id: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
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

interface HitRow extends TextSource {
  readonly rowid: number;
  readonly id: string;
  readonly document_id: string;
  readonly kind: KnowledgeItemKind;
  readonly metadata: string | null;
}

/** What a write did to one item, for the FTS5 index and the vectors. */
export interface WrittenItem {
  readonly rowid: number;
  /** The terms the item is indexed under now. */
  readonly terms: readonly string[];
  /** The terms it was indexed under before, when it replaced a stored item. */
  readonly previousTerms?: readonly string[];
}

/**
 * The payload rows: `passages` (document id, title and passage text, once per distinct passage)
 * and `items` (id, kind, question, answer, metadata, and `text` only when it is not rebuilt from
 * them). Knows nothing of rankings; the lexical and dense rankers keep their own tables.
 */
export class ItemTable {
  private readonly statements;

  constructor(database: Database.Database, readonly: boolean) {
    const prepare = (sql: string): Database.Statement =>
      database.prepare(readonly && !/^\s*SELECT/i.test(sql) ? 'SELECT 1' : sql);
    const rowColumns =
      'i.rowid, i.id, i.passage_rowid, i.text_form, i.text, i.question, i.answer, p.title, CASE WHEN i.text_form = 3 THEN p.text END AS passage';
    this.statements = {
      byIdHash: prepare(
        `SELECT ${rowColumns} FROM items i JOIN passages p ON p.rowid = i.passage_rowid WHERE i.id_hash = ?`,
      ),
      findPassage: prepare(
        'SELECT rowid FROM passages WHERE document_id = ? AND content_hash = ? AND title = ? AND text = ?',
      ).pluck(),
      insertPassage: prepare(
        'INSERT INTO passages (document_id, content_hash, title, text) VALUES (?, ?, ?, ?)',
      ),
      insertItem:
        prepare(`INSERT INTO items (id_hash, passage_rowid, kind, text_form, id, question, answer, text, metadata)
        VALUES (@idHash, @passageRowid, @kind, @textForm, @id, @question, @answer, @text, @metadata)`),
      updateItem:
        prepare(`UPDATE items SET passage_rowid = @passageRowid, kind = @kind, text_form = @textForm,
        question = @question, answer = @answer, text = @text, metadata = @metadata WHERE rowid = @rowid`),
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
      hits: prepare(`SELECT i.rowid, i.id, p.document_id, i.kind, p.title, i.text_form, i.text, p.text AS passage,
        i.question, i.answer, i.metadata FROM items i JOIN passages p ON p.rowid = i.passage_rowid
        WHERE i.rowid IN (SELECT value FROM json_each(?))`),
      counts: prepare(`SELECT count(*) AS items, coalesce(sum(kind = 'qa'), 0) AS qa,
        coalesce(sum(kind = 'passage'), 0) AS passage FROM items`),
      documents: prepare('SELECT count(DISTINCT document_id) FROM passages').pluck(),
    };
  }

  /** Inserts or replaces items by id (call inside a transaction). */
  write(items: readonly KnowledgeItem[]): WrittenItem[] {
    const passages = new Map<string, number>();
    const orphans = new Set<number>();
    const written = items.map((item) => {
      const passageKey = `${item.documentId}\u0000${item.title}\u0000${item.passage}`;
      let passageRowid = passages.get(passageKey);
      if (passageRowid === undefined) {
        const contentHash = stringHash(`${item.title}\u0000${item.passage}`);
        passageRowid =
          (this.statements.findPassage.get(item.documentId, contentHash, item.title, item.passage) as
            | number
            | undefined) ??
          Number(
            this.statements.insertPassage.run(item.documentId, contentHash, item.title, item.passage)
              .lastInsertRowid,
          );
        passages.set(passageKey, passageRowid);
      }
      const hash = stringHash(item.id);
      const previous = (this.statements.byIdHash.all(hash) as StoredRow[]).find((row) => row.id === item.id);
      const textForm = textFormOf(item);
      const values = {
        passageRowid,
        kind: item.kind,
        textForm,
        question: item.question ?? null,
        answer: item.answer ?? null,
        text: textForm === 0 ? item.text : null,
        metadata: item.metadata === undefined ? null : JSON.stringify(item.metadata),
      };
      const terms = indexTerms(item.text);
      if (previous === undefined) {
        const rowid = Number(
          this.statements.insertItem.run({ ...values, idHash: hash, id: item.id }).lastInsertRowid,
        );
        return { rowid, terms };
      }
      this.statements.updateItem.run({ ...values, rowid: previous.rowid });
      if (previous.passage_rowid !== passageRowid) orphans.add(previous.passage_rowid);
      return { rowid: previous.rowid, terms, previousTerms: indexTerms(textOf(previous)) };
    });
    for (const rowid of orphans) this.statements.dropOrphanPassage.run(rowid, rowid);
    return written;
  }

  /** Deletes every item of the documents (call inside a transaction); returns their rowids and terms. */
  deleteDocuments(documentIds: readonly string[]): { rowid: number; terms: string[] }[] {
    const removed: { rowid: number; terms: string[] }[] = [];
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
          terms: indexTerms(textOf({ ...row, title: passage.title, passage: passage.text })),
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
    const rows = this.statements.hits.all(JSON.stringify(ranking.map((entry) => entry.rowid))) as HitRow[];
    const byRowid = new Map(rows.map((row) => [row.rowid, row]));
    const hits: SearchHit[] = [];
    for (const entry of ranking) {
      const row = byRowid.get(entry.rowid);
      if (row === undefined) continue;
      hits.push({
        id: row.id,
        documentId: row.document_id,
        kind: row.kind,
        title: row.title,
        text: textOf(row),
        passage: row.passage ?? '',
        ...(row.question === null ? {} : { question: row.question }),
        ...(row.answer === null ? {} : { answer: row.answer }),
        ...(row.metadata === null
          ? {}
          : { metadata: JSON.parse(row.metadata) as Record<string, MetadataValue> }),
        score: entry.score,
        rank: hits.length + 1,
      });
    }
    return hits;
  }

  counts(): { items: number; documents: number; qa: number; passage: number } {
    const counts = this.statements.counts.get() as { items: number; qa: number; passage: number };
    return { ...counts, documents: this.statements.documents.get() as number };
  }
}
