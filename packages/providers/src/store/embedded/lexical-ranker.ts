import type { StoreFilter } from '@rootweaver/core';
import type Database from 'better-sqlite3';
import { ftsExpression, indexTermString, searchTerms } from '../lexical-query.js';
import { b, k1, score, TopScores } from './bm25-score.js';
import { type Bounded, candidateMatch } from './candidate-match.js';
import { byScore, type Ranked } from './fusion.js';
import { composeText, type TextSource } from './item-table.js';
import { filterSql, isFilterEmpty } from './store-filter.js';

/** Postings the ranker scores itself before it lets FTS5's bm25() rank the rest of a query. */
export const scanBudget = 20_000;

/**
 * What scoring one posting here costs against what FTS5's bm25() costs per posting it ranks
 * (measured on 100k synthetic pairs, 2-core EPYC: 4–16 µs with the row fetched and its terms
 * rebuilt, against 0.6–1.5 µs). A term is scanned here only while that is cheaper than letting
 * FTS5 rank every posting of the terms not scanned yet; so a query pays at most about FTS5's own price.
 */
export const scanCostRatio = 8;

interface TermStatistics {
  readonly term: string;
  /** Items holding the term. */
  readonly documents: number;
  /** Occurrences in all items. */
  readonly occurrences: number;
  readonly idf: number;
  /** The most the term can add to any item's score. */
  readonly ceiling: number;
  /** The most the term can add to an item holding it once. */
  readonly singleCeiling: number;
}

export interface CorpusStatistics {
  readonly items: number;
  readonly averageLength: number;
  readonly shortestLength: number;
}

/** Reads one SQLite/FTS5 varint at `offset`; returns the value and the offset after it. */
export function readVarint(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  for (let index = 0; index < 8; index += 1) {
    const byte = bytes[offset + index] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, next: offset + index + 1 };
  }
  return { value: value * 256 + (bytes[offset + 8] ?? 0), next: offset + 9 };
}

/** Which way the last ranking went, and the postings of its terms (rarest first). */
export interface RankingTrace {
  /**
   * `pruned`: every item that could be in the top k was scored here; `fts`: FTS5's bm25() ranked
   * the whole query; `split`: the rarest terms' items were scored here and FTS5's bm25() ranked the
   * items holding only the other terms.
   */
  readonly path: 'pruned' | 'fts' | 'split';
  /** Postings of the terms whose items were scored here. */
  readonly scanned: readonly number[];
  /** Postings of the terms left to FTS5 (`fts`, `split`) or pruned (`pruned`). */
  readonly rest: readonly number[];
  /** Scanned terms whose items were fetched only when they also held a later term. */
  readonly restrictedScans: number;
  /** Scanned terms whose items holding them twice were scored first. */
  readonly repeatLookups: number;
}

/**
 * BM25 (k1 = 1.2, b = 0.75, FTS5's idf) over the contentless FTS5 index `items_fts`, exactly as
 * FTS5's bm25() ranks the query's terms rarest first — the same scores, computed in the same order,
 * so to the last bit — but without scoring every match of the common words of a query: terms are
 * taken rarest first, every item holding one of them is scored with all query terms (its terms
 * rebuilt from its row), and the search stops as soon as the k-th score passes the most the items
 * holding only the remaining terms could score (max-score pruning). When scanning the next term
 * here would cost more than FTS5 ranking all the remaining terms' postings (or pass `scanBudget`),
 * FTS5's bm25() ranks the items holding only those terms instead: bm25() is a sum over the query's
 * phrases and a phrase an item lacks adds exactly zero, so for those items a MATCH over the
 * remaining terms scores what a MATCH over the whole query would. Ties go to the lower rowid.
 */
export class LexicalRanker {
  private readonly database: Database.Database;
  private readonly shortestLength: () => number;
  private corpus: CorpusStatistics | undefined;
  private readonly terms = new Map<string, { documents: number; occurrences: number; idf: number }>();
  /** Title and text by passage rowid, for the rows whose text is rebuilt from them (until the next write). */
  private readonly passageParts = new Map<number, readonly [string, string]>();
  /**
   * Each scored row's index terms, space-separated, by rowid (until the next write): rebuilding them
   * (tokenizing and stemming the row's text) is most of a posting's cost, and the rows a workload's
   * queries score overlap. Bounded: cleared when it would pass `rowTermsLimit` rows (~100 bytes each).
   */
  private readonly rowTerms = new Map<number, string>();
  private readonly rowTermsLimit: number;
  private readonly statements;
  private readonly scanBudget: number;
  private readonly scanCostRatio: number;
  /** How many rankings stopped early (pruned), how many FTS5's bm25() made, and how many were split. */
  readonly paths = { pruned: 0, fts: 0, split: 0 };
  /** The last ranking's path and postings (for benchmarks and tests). */
  lastRanking: RankingTrace | undefined;
  private restrictedScans = 0;
  private repeatLookups = 0;
  /** Rowids per occurrence of a term (`null`: the vocabulary could not be opened). */
  private instances: Database.Statement | null | undefined;
  private repeatedRowsStatement: Database.Statement | undefined;
  /** How many rows had their terms rebuilt from their text (a row's terms are kept until the next write). */
  readonly rowsAnalysed = { count: 0 };

  constructor(
    database: Database.Database,
    shortestLength: () => number,
    options: { scanBudget?: number; scanCostRatio?: number; rowTermsLimit?: number } = {},
  ) {
    this.database = database;
    this.shortestLength = shortestLength;
    this.scanBudget = options.scanBudget ?? scanBudget;
    this.scanCostRatio = options.scanCostRatio ?? scanCostRatio;
    this.rowTermsLimit = options.rowTermsLimit ?? 65_536;
    this.statements = {
      averages: database.prepare('SELECT block FROM items_fts_data WHERE id = 1').pluck(),
      insert: database.prepare('INSERT INTO items_fts (rowid, terms) VALUES (?, ?)'),
      delete: database.prepare("INSERT INTO items_fts (items_fts, rowid, terms) VALUES ('delete', ?, ?)"),
      ranked: database.prepare(
        'SELECT rowid, bm25(items_fts) AS score FROM items_fts WHERE items_fts MATCH ? ORDER BY score, rowid LIMIT ?',
      ),
      candidates: database.prepare(`${candidateSelect} WHERE items_fts MATCH ?`).raw(),
      // SQLite's ln() is the C library's log(), which bm25() calls on the same operands: the same idf to the last bit.
      idf: database.prepare(
        `SELECT doc AS documents, cnt AS occurrences, ln((? - doc + 0.5) / (doc + 0.5)) AS logarithm
         FROM items_vocabulary WHERE term = ?`,
      ),
      passages: database
        .prepare('SELECT rowid, title, text FROM passages WHERE rowid IN (SELECT value FROM json_each(?))')
        .raw(),
    };
  }

  /** Indexes an item under `terms`, space-separated (call inside the write transaction). */
  add(rowid: number, terms: string): void {
    this.statements.insert.run(rowid, terms);
  }

  /** Removes an item indexed under `terms` (a contentless index needs the terms it was given). */
  remove(rowid: number, terms: string): void {
    this.statements.delete.run(rowid, terms);
  }

  /** Forgets cached statistics: call after every write. */
  forget(): void {
    this.corpus = undefined;
    this.terms.clear();
    this.passageParts.clear();
    this.rowTerms.clear();
  }

  /** Fetches the titles and passage texts that rows of text form 2 and 3 are rebuilt from. */
  private loadPassageParts(rows: readonly unknown[][]): void {
    const missing = new Set<number>();
    for (const row of rows) {
      const passage = row[5] as number;
      if ((row[1] as number) >= 2 && !this.passageParts.has(passage)) missing.add(passage);
    }
    if (missing.size === 0) return;
    if (this.passageParts.size + missing.size > 200_000) this.passageParts.clear();
    for (const [rowid, title, text] of this.statements.passages.all(JSON.stringify([...missing])) as [
      number,
      string,
      string,
    ][]) {
      this.passageParts.set(rowid, [title, text]);
    }
  }

  /** Item count and average length as FTS5 keeps them (its "averages" record), plus the shortest length. */
  statistics(): CorpusStatistics {
    if (this.corpus !== undefined) return this.corpus;
    const block = this.statements.averages.get() as Buffer | undefined;
    let items = 0;
    let tokens = 0;
    if (block !== undefined) {
      const rows = readVarint(block, 0);
      items = rows.value;
      tokens = readVarint(block, rows.next).value;
    }
    this.corpus = {
      items,
      averageLength: items === 0 ? 0 : tokens / items,
      shortestLength: this.shortestLength(),
    };
    return this.corpus;
  }

  private termStatistics(terms: readonly string[], corpus: CorpusStatistics): TermStatistics[] {
    const shortestNorm = k1 * (1 - b + (b * corpus.shortestLength) / Math.max(corpus.averageLength, 1e-9));
    const statistics: TermStatistics[] = [];
    for (const term of terms) {
      let frequency = this.terms.get(term);
      if (frequency === undefined) {
        const row = this.statements.idf.get(corpus.items, term) as
          | { documents: number; occurrences: number; logarithm: number }
          | undefined;
        // FTS5's own bm25() idf, so all paths rank alike: terms in over half the items weigh ~0.
        frequency =
          row === undefined
            ? { documents: 0, occurrences: 0, idf: 0 }
            : {
                documents: row.documents,
                occurrences: row.occurrences,
                idf: row.logarithm <= 0 ? 1e-6 : row.logarithm,
              };
        this.terms.set(term, frequency);
      }
      if (frequency.documents === 0) continue;
      const idf = frequency.idf;
      // Its largest possible count (every other holder has at least one) in the shortest item.
      const largestCount = frequency.occurrences - frequency.documents + 1;
      const ceiling = (idf * largestCount * (k1 + 1)) / (largestCount + shortestNorm);
      const singleCeiling = (idf * (k1 + 1)) / (1 + shortestNorm);
      statistics.push({
        term,
        documents: frequency.documents,
        occurrences: frequency.occurrences,
        idf,
        ceiling,
        singleCeiling,
      });
    }
    // Rarest first; equally rare terms in a fixed order, so the sum's order (and its last bit) is fixed.
    return statistics.sort(
      (left, right) => left.documents - right.documents || (left.term < right.term ? -1 : 1),
    );
  }

  /** The BM25 top `limit` items for `query` among those passing `filter`, best first (ties: lower rowid). */
  rank(query: string, limit: number, filter: StoreFilter | undefined): Ranked[] {
    const corpus = this.statistics();
    if (corpus.items === 0 || limit <= 0) return [];
    const terms = this.termStatistics(searchTerms(query), corpus);
    if (terms.length === 0) return [];
    const scores = new Map<number, number>();
    const best = new TopScores(limit);
    const conditions = filterSql(filter);
    let remaining = terms.reduce((sum, entry) => sum + entry.ceiling, 0);
    let restPostings = terms.reduce((sum, entry) => sum + entry.documents, 0);
    let scanned = 0;
    this.restrictedScans = 0;
    this.repeatLookups = 0;
    for (const [index, entry] of terms.entries()) {
      const kth = best.kth();
      // Items not scored yet hold only the remaining terms: none can reach the k-th (the margin
      // covers the rounding of the ceilings' sum, and keeps a tie at the k-th for the exact path).
      if (kth !== undefined && kth > remaining * (1 + 1e-9)) {
        this.trace('pruned', terms, index);
        break;
      }
      scanned += entry.documents;
      if (scanned > this.scanBudget || entry.documents * this.scanCostRatio > restPostings) {
        this.trace(index === 0 ? 'fts' : 'split', terms, index);
        const rest = this.rankWithFts(terms.slice(index), limit + scores.size, filter);
        return [
          ...[...scores.entries()].map(([rowid, value]) => ({ rowid, score: value })),
          ...rest.filter((entry) => !scores.has(entry.rowid)),
        ]
          .sort(byScore)
          .slice(0, limit);
      }
      const later = terms.slice(index + 1);
      let bounded: Bounded = entry;
      // A term a few items hold twice (a name part also in an answer) has a ceiling set by those
      // items: when bounding the others by one occurrence narrows the fetch, score those few first.
      const once = { ...entry, ceiling: entry.singleCeiling };
      if (
        kth !== undefined &&
        entry.occurrences > entry.documents &&
        entry.occurrences <= repeatScanLimit &&
        candidateMatch(once, later, kth) !== candidateMatch(entry, later, kth)
      ) {
        const repeated = this.repeatedRows(entry.term, conditions);
        if (repeated !== undefined) {
          this.repeatLookups += 1;
          this.scoreRows(repeated, terms, corpus, scores, best);
          bounded = once;
        }
      }
      const match = candidateMatch(bounded, later, best.kth());
      if (match !== ftsExpression([entry.term])) this.restrictedScans += 1;
      if (match !== undefined)
        this.scoreRows(this.candidates(match, conditions), terms, corpus, scores, best);
      remaining -= entry.ceiling;
      restPostings -= entry.documents;
      if (index === terms.length - 1) this.trace('pruned', terms, terms.length);
    }
    return [...scores.entries()]
      .map(([rowid, value]) => ({ rowid, score: value }))
      .sort(byScore)
      .slice(0, limit);
  }

  /** Scores the rows not scored yet with all query terms. */
  private scoreRows(
    rows: readonly unknown[][],
    terms: readonly TermStatistics[],
    corpus: CorpusStatistics,
    scores: Map<number, number>,
    best: TopScores,
  ): void {
    const fresh = rows.filter((row) => !scores.has(row[0] as number));
    this.loadPassageParts(fresh.filter((row) => !this.rowTerms.has(row[0] as number)));
    for (const row of fresh) {
      const value = score(this.termsOfRow(row), terms, corpus.averageLength);
      scores.set(row[0] as number, value);
      best.add(value);
    }
  }

  /**
   * The candidate rows of the items holding `term` more than once (FTS5's per-instance vocabulary,
   * one row per occurrence), or `undefined` when that vocabulary cannot be opened.
   */
  private repeatedRows(
    term: string,
    conditions: { sql: string; parameters: unknown[] },
  ): unknown[][] | undefined {
    if (this.instances === undefined) {
      try {
        this.database.exec(
          "CREATE VIRTUAL TABLE IF NOT EXISTS temp.items_instances USING fts5vocab(main, 'items_fts', 'instance')",
        );
        this.instances = this.database.prepare('SELECT doc FROM temp.items_instances WHERE term = ?').pluck();
      } catch {
        this.instances = null;
      }
    }
    if (this.instances === null) return undefined;
    const counts = new Map<number, number>();
    for (const rowid of this.instances.all(term) as number[]) counts.set(rowid, (counts.get(rowid) ?? 0) + 1);
    const repeated = [...counts].filter(([, count]) => count > 1).map(([rowid]) => rowid);
    if (repeated.length === 0) return [];
    const select = `${rowSelect} WHERE i.rowid IN (SELECT value FROM json_each(?))`;
    // Unfiltered (the common case) through one prepared statement; a filter prepares its own.
    this.repeatedRowsStatement ??= this.database.prepare(select).raw();
    const statement =
      conditions.sql === ''
        ? this.repeatedRowsStatement
        : this.database.prepare(`${select} AND ${conditions.sql}`).raw();
    return statement.all(JSON.stringify(repeated), ...conditions.parameters) as unknown[][];
  }

  private trace(path: RankingTrace['path'], terms: readonly TermStatistics[], scannedTerms: number): void {
    this.paths[path] += 1;
    this.lastRanking = {
      path,
      restrictedScans: this.restrictedScans,
      repeatLookups: this.repeatLookups,
      scanned: terms.slice(0, scannedTerms).map((entry) => entry.documents),
      rest: terms.slice(scannedTerms).map((entry) => entry.documents),
    };
  }

  /** A candidate row's index terms: kept from an earlier query, else rebuilt from its text. */
  private termsOfRow(row: readonly unknown[]): string[] {
    const rowid = row[0] as number;
    let terms = this.rowTerms.get(rowid);
    if (terms === undefined) {
      const form = row[1] as TextSource['text_form'];
      const parts = form >= 2 ? this.passageParts.get(row[5] as number) : undefined;
      terms = indexTermString(
        composeText(
          form,
          row[2] as string | null,
          row[3] as string | null,
          row[4] as string | null,
          parts?.[0] ?? '',
          parts?.[1] ?? null,
        ),
      ).terms;
      this.rowsAnalysed.count += 1;
      if (this.rowTerms.size >= this.rowTermsLimit) this.rowTerms.clear();
      this.rowTerms.set(rowid, terms);
    }
    return terms === '' ? [] : terms.split(' ');
  }

  /** Rows (as arrays: rowid, text form, text, question, answer, passage rowid) of the items matching `match`. */
  private candidates(match: string, conditions: { sql: string; parameters: unknown[] }): unknown[][] {
    if (conditions.sql === '') return this.statements.candidates.all(match) as unknown[][];
    return this.database
      .prepare(`${candidateSelect} WHERE items_fts MATCH ? AND ${conditions.sql}`)
      .raw()
      .all(match, ...conditions.parameters) as unknown[][];
  }

  /**
   * FTS5's bm25() over every item holding one of `terms` (a query's terms, or the rarest-first
   * remainder of them), best first, ties to the lower rowid.
   */
  private rankWithFts(
    terms: readonly TermStatistics[],
    limit: number,
    filter: StoreFilter | undefined,
  ): Ranked[] {
    const match = ftsExpression(terms.map((entry) => entry.term));
    let rows: { rowid: number; score: number }[];
    if (isFilterEmpty(filter)) {
      rows = this.statements.ranked.all(match, limit) as typeof rows;
    } else {
      const conditions = filterSql(filter);
      rows = this.database
        .prepare(
          `SELECT items_fts.rowid AS rowid, bm25(items_fts) AS score FROM items_fts
           JOIN items i ON i.rowid = items_fts.rowid
           WHERE items_fts MATCH ? AND ${conditions.sql} ORDER BY score, items_fts.rowid LIMIT ?`,
        )
        .all(match, ...conditions.parameters, limit) as typeof rows;
    }
    // FTS5's bm25() is lower-is-better; rankings are higher-is-better.
    return rows.map((row) => ({ rowid: row.rowid, score: -row.score }));
  }
}

/** Occurrences of a term up to which its items holding it twice are looked up (0.1–0.2 µs each). */
const repeatScanLimit = 10_000;

// No join with `passages`: at 1M pairs that random lookup per posting cost 3× the rest of the
// fetch. The titles (and passage texts) a text form needs come from `passageParts`, cached.
const rowColumns = 'i.rowid, i.text_form, i.text, i.question, i.answer, i.passage_rowid';
const rowSelect = `SELECT ${rowColumns} FROM items i`;
const candidateSelect = `SELECT ${rowColumns} FROM items_fts JOIN items i ON i.rowid = items_fts.rowid`;
