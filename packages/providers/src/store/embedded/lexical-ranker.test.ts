import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type KnowledgeItem, seededRandom } from '@rootweaver/core';
import type Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { indexTermString, indexTerms, queryTerms, searchTerms, stemTerm } from '../lexical-query.js';
import { syntheticQaPairs } from '../synthetic-qa.js';
import { TopScores } from './bm25-score.js';
import { candidateMatch } from './candidate-match.js';
import { ItemTable } from './item-table.js';
import { LexicalRanker, readVarint, scanBudget } from './lexical-ranker.js';
import { filterSql } from './store-filter.js';
import { openStoreDatabase } from './store-schema.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-lexical-ranker-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function rankerOver(
  name: string,
  items: readonly KnowledgeItem[],
  budget = scanBudget,
  rowTermsLimit?: number,
  options: { scanCostRatio?: number; database?: (database: Database.Database) => void } = {},
): LexicalRanker {
  const database = openStoreDatabase(join(root, name), false);
  options.database?.(database);
  const table = new ItemTable(database, false);
  let shortest = Number.POSITIVE_INFINITY;
  const ranker = new LexicalRanker(database, () => shortest, {
    scanBudget: budget,
    ...(rowTermsLimit === undefined ? {} : { rowTermsLimit }),
    ...(options.scanCostRatio === undefined ? {} : { scanCostRatio: options.scanCostRatio }),
  });
  database.transaction(() => {
    for (const written of table.write(items)) {
      ranker.add(written.rowid, written.terms);
      shortest = Math.min(shortest, written.termCount);
    }
  })();
  return ranker;
}

/** BM25 as FTS5 defines it, by brute force over the items' terms. */
function bruteForce(items: readonly KnowledgeItem[], query: string, limit: number): number[] {
  const documents = items.map((item) => indexTerms(item.text));
  const average = documents.reduce((sum, terms) => sum + terms.length, 0) / documents.length;
  const frequency = new Map<string, number>();
  for (const terms of documents)
    for (const term of new Set(terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const terms = searchTerms(query).filter((term) => frequency.has(term));
  return documents
    .map((document) =>
      terms.reduce((sum, term) => {
        const count = document.filter((candidate) => candidate === term).length;
        if (count === 0) return sum;
        const n = frequency.get(term) ?? 0;
        const idf = Math.max(1e-6, Math.log((documents.length - n + 0.5) / (n + 0.5)));
        return sum + (idf * count * 2.2) / (count + 1.2 * (0.25 + (0.75 * document.length) / average));
      }, 0),
    )
    .filter((score) => score > 0)
    .sort((left, right) => right - left)
    .slice(0, limit);
}

describe('indexTermString', () => {
  it('gives the same terms on its ASCII path as the full normalisation', () => {
    const full = (text: string): string => queryTerms(text).map(stemTerm).join(' ');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 60 }), (text) => {
        expect(indexTermString(text).terms).toBe(full(text));
        expect(indexTermString(text).count).toBe(queryTerms(text).length);
      }),
      { numRuns: 2_000 },
    );
    expect(indexTermString('Cities, horses and 1990s films').terms).toBe('city horse and 1990s film');
    expect(indexTermString('Éléonore’s cafés').terms).toBe(full('Éléonore’s cafés'));
  });
});

describe('readVarint', () => {
  it('reads SQLite varints of one to nine bytes', () => {
    expect(readVarint(Uint8Array.from([0x05]), 0)).toEqual({ value: 5, next: 1 });
    expect(readVarint(Uint8Array.from([0x81, 0x00]), 0)).toEqual({ value: 128, next: 2 });
    expect(readVarint(Uint8Array.from([0x00, 0x83, 0xff, 0x7f]), 1)).toEqual({ value: 65_535, next: 4 });
    expect(readVarint(Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x07]), 0).value).toBe(
      7,
    );
  });
});

describe('TopScores', () => {
  it('keeps the k-th largest of every score seen', () => {
    fc.assert(
      fc.property(
        // -0 and +0 are the same score: normalise, or the order of equal zeros decides the sign.
        fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }).map((value) => value + 0)),
        fc.integer({ min: 1, max: 8 }),
        (values, k) => {
          const top = new TopScores(k);
          for (const value of values) top.add(value);
          const sorted = [...values].sort((left, right) => right - left);
          expect(top.kth()).toBe(values.length < k ? undefined : sorted[k - 1]);
        },
      ),
    );
  });
});

describe('LexicalRanker', () => {
  const filler = Array.from({ length: 8_000 }, (_value, index): KnowledgeItem => {
    const text = index < 3_500 ? `gamma token${index % 40}` : `delta token${index % 40} born`;
    return { id: `f${index}`, documentId: `filler${index % 50}`, kind: 'qa', title: '', text, passage: text };
  });
  // Every text form: spelled out, `question answer`, `title: question answer`, the passage itself.
  const titled = syntheticQaPairs(600, 33).map(
    (item, index): KnowledgeItem => ({
      ...item,
      id: `t${index}`,
      title: `Orvane Keld${index % 7}`,
      text: `Orvane Keld${index % 7}: ${item.question} ${item.answer}`,
    }),
  );
  const passages = Array.from({ length: 40 }, (_value, index): KnowledgeItem => {
    const text = `Orvane Keld${index % 7} was born in Tamsel${index}, where the river born of gamma springs runs.`;
    return {
      id: `p${index}`,
      documentId: `passage${index}`,
      kind: 'passage',
      title: 'Orvane',
      text,
      passage: text,
    };
  });
  const items = [...syntheticQaPairs(3_000, 21), ...filler, ...titled, ...passages];
  const ranker = rankerOver('exact', items);

  it('keeps FTS5’s own item count and average length', () => {
    const statistics = ranker.statistics();
    expect(statistics.items).toBe(items.length);
    const tokens = items.reduce((sum, item) => sum + indexTerms(item.text).length, 0);
    expect(statistics.averageLength).toBeCloseTo(tokens / items.length, 9);
  });

  it('returns the exact BM25 top k whether it prunes or lets FTS5 rank', () => {
    const queries = [
      ...items.slice(0, 30).map((item) => item.question ?? ''),
      'born university film', // common words only
      'gamma', // a term beyond a small scan budget: FTS5 ranks
      'gamma token7 born',
      'When was Zzyzx born?', // an unknown name: only the common word is left
      ...titled.slice(0, 10).map((item) => item.question ?? ''),
      'Where was Orvane Keld3 born?',
      'Tamsel7 river springs',
    ];
    const tight = rankerOver('tight', items, 1_000);
    for (const query of queries) {
      const expected = bruteForce(items, query, 40);
      for (const candidate of [ranker, tight]) {
        for (const limit of [1, 10, 40]) {
          const scores = candidate.rank(query, limit, undefined).map((entry) => entry.score);
          expect(scores.length, query).toBe(Math.min(limit, expected.length));
          scores.forEach((score, index) => {
            expect(score, `${query} @${index}`).toBeCloseTo(expected[index] ?? Number.NaN, 6);
          });
        }
      }
    }
    expect(ranker.paths.pruned).toBeGreaterThan(0);
    expect(tight.paths.fts).toBeGreaterThan(0);
    expect(tight.paths.pruned).toBeGreaterThan(0);
  });

  it('rebuilds a row’s terms once until the next write, and ranks the same with a tiny or no cache', () => {
    const query = 'Where was Orvane Keld3 born?';
    const fresh = rankerOver('row-terms', items);
    const first = fresh.rank(query, 10, undefined);
    const analysed = fresh.rowsAnalysed.count;
    expect(analysed).toBeGreaterThan(0);
    expect(fresh.rank(query, 10, undefined)).toEqual(first);
    expect(fresh.rowsAnalysed.count).toBe(analysed);
    fresh.forget();
    expect(fresh.rank(query, 10, undefined)).toEqual(first);
    expect(fresh.rowsAnalysed.count).toBe(2 * analysed);
    const tiny = rankerOver('row-terms-tiny', items, scanBudget, 3);
    for (let round = 0; round < 2; round += 1) expect(tiny.rank(query, 10, undefined)).toEqual(first);
    expect(tiny.rowsAnalysed.count).toBe(2 * analysed);
  });

  it('applies a filter inside the ranking', () => {
    const ranked = ranker.rank('gamma token7', 5, { documentIds: ['filler7'] });
    expect(ranked).toHaveLength(5);
    const all = ranker.rank('gamma token7', 5_000, undefined).map((entry) => entry.rowid);
    expect(ranked.every((entry) => all.includes(entry.rowid))).toBe(true);
  });

  it('finds nothing for no terms, unknown terms or an empty index', () => {
    expect(ranker.rank('', 5, undefined)).toEqual([]);
    expect(ranker.rank('qqqxv zzzyw', 5, undefined)).toEqual([]);
    expect(rankerOver('empty', []).rank('gamma', 5, undefined)).toEqual([]);
  });
});

/** FTS5's own bm25() ranking of the query's terms, rarest first, ties to the lower rowid. */
function ftsRanking(
  database: Database.Database,
  query: string,
  limit: number,
  filter?: { documentIds: string[] },
): { rowid: number; score: number }[] {
  const documents = database.prepare('SELECT doc FROM items_vocabulary WHERE term = ?').pluck();
  const terms = searchTerms(query)
    .map((term) => ({ term, documents: (documents.get(term) as number | undefined) ?? 0 }))
    .filter((entry) => entry.documents > 0)
    .sort((left, right) => left.documents - right.documents || (left.term < right.term ? -1 : 1));
  if (terms.length === 0) return [];
  const match = terms.map((entry) => `"${entry.term}"`).join(' OR ');
  const conditions = filterSql(filter);
  const rows = database
    .prepare(
      `SELECT f.rowid AS rowid, bm25(items_fts) AS score FROM items_fts f JOIN items i ON i.rowid = f.rowid
       WHERE items_fts MATCH ? ${conditions.sql === '' ? '' : `AND ${conditions.sql}`}
       ORDER BY score, f.rowid LIMIT ?`,
    )
    .all(match, ...conditions.parameters, limit) as { rowid: number; score: number }[];
  return rows.map((row) => ({ rowid: row.rowid, score: -row.score }));
}

describe('LexicalRanker against FTS5’s own bm25()', () => {
  // Invented words with skewed frequencies: a few in a large share of the items (relation words),
  // some in a few percent (common name parts), a long tail of rare ones; items of 2–14 words with
  // repeats, so counts above one and short and long items both occur.
  function corpus(seed: number, size: number): KnowledgeItem[] {
    const random = seededRandom(seed);
    const syllables = ['ka', 'lo', 'mir', 'ten', 'vor', 'ul', 'dra', 'quen', 'zo', 'fel', 'bri', 'nam'];
    const word = (index: number): string =>
      `w${[...String(index)].map((digit) => syllables[Number(digit)]).join('')}`;
    const draw = (): string => {
      const roll = random();
      if (roll < 0.3) return word(Math.floor(random() * 4)); // very common
      if (roll < 0.55) return word(10 + Math.floor(random() * 30)); // name parts
      return word(100 + Math.floor(random() * size)); // rare
    };
    return Array.from({ length: size }, (_value, index): KnowledgeItem => {
      const length = 2 + Math.floor(random() * 13);
      const words = Array.from({ length }, draw);
      if (random() < 0.2) words.push(words[0] as string);
      const text = words.join(' ');
      return { id: `g${index}`, documentId: `doc${index % 37}`, kind: 'qa', title: '', text, passage: text };
    });
  }

  it('gives FTS5’s top k, scores equal to the last bit, on every path (pruned, restricted, split, FTS5)', () => {
    const paths = { pruned: 0, fts: 0, split: 0, restricted: 0, repeats: 0 };
    let ties = 0;
    for (const [seed, size, budget, ratio] of [
      [1, 3_000, scanBudget, 8],
      [2, 4_000, 600, 8],
      [3, 2_500, scanBudget, 2],
      [4, 3_500, 2_000, 30],
    ] as const) {
      const items = corpus(seed, size);
      let database: Database.Database | undefined;
      const ranker = rankerOver(`generated-${seed}`, items, budget, undefined, {
        scanCostRatio: ratio,
        database: (opened) => {
          database = opened;
        },
      });
      const random = seededRandom(seed * 7919);
      for (let round = 0; round < 150; round += 1) {
        // A query of 1–5 words from stored items (so terms of every frequency occur), sometimes an unknown one.
        const source = (items[Math.floor(random() * items.length)]?.text ?? '').split(' ');
        const picked = Array.from(
          { length: 1 + Math.floor(random() * 5) },
          () => source[Math.floor(random() * source.length)] ?? '',
        );
        if (random() < 0.1) picked.push('wunheardof');
        const query = picked.join(' ');
        for (const limit of [1, 5, 10]) {
          const filter = round % 5 === 0 ? { documentIds: ['doc3', 'doc11', 'doc20'] } : undefined;
          const ranked = ranker.rank(query, limit, filter);
          const expected = ftsRanking(database as Database.Database, query, limit + 1, filter);
          expect(ranked, `${seed}: ${query} top ${limit}`).toEqual(expected.slice(0, limit));
          // Equal scores across the k-th place: only the lower rowid's item may be in.
          if (expected.length > limit && expected[limit]?.score === expected[limit - 1]?.score) ties += 1;
          if ((ranker.lastRanking?.restrictedScans ?? 0) > 0) paths.restricted += 1;
          if ((ranker.lastRanking?.repeatLookups ?? 0) > 0) paths.repeats += 1;
        }
      }
      paths.pruned += ranker.paths.pruned;
      paths.fts += ranker.paths.fts;
      paths.split += ranker.paths.split;
    }
    // Every path was taken, so each was checked against FTS5.
    expect(paths.pruned).toBeGreaterThan(50);
    expect(paths.restricted).toBeGreaterThan(20);
    expect(paths.split).toBeGreaterThan(20);
    expect(paths.fts).toBeGreaterThan(20);
    expect(ties).toBeGreaterThan(20);
    expect(paths.repeats).toBeGreaterThan(10);
  });
});

describe('candidateMatch', () => {
  it('asks for a later term of every set of later terms whose ceilings can still reach the k-th', () => {
    const ceiling = fc.double({ min: 0.01, max: 10, noNaN: true });
    fc.assert(
      fc.property(
        ceiling,
        fc.array(fc.tuple(ceiling, fc.integer({ min: 1, max: 1e6 })), { maxLength: 6 }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        (own, laterCeilings, kth) => {
          const later = laterCeilings.map(([value, documents], index) => ({
            term: `c${index}`,
            ceiling: value,
            documents,
          }));
          const match = candidateMatch({ term: 'own', ceiling: own, documents: 1 }, later, kth);
          const reaches = (members: readonly { ceiling: number }[]): boolean =>
            members.reduce((sum, member) => sum + member.ceiling, own) * (1 + 1e-9) >= kth;
          if (reaches([])) {
            expect(match).toBe('"own"');
            return;
          }
          const asked = new Set([...(match ?? '').matchAll(/"(c\d+)"/g)].map((found) => found[1]));
          let anyReaches = false;
          for (let mask = 1; mask < 1 << later.length; mask += 1) {
            const members = later.filter((_member, position) => (mask >> position) & 1);
            if (!reaches(members)) continue;
            anyReaches = true;
            expect(members.some((member) => asked.has(member.term))).toBe(true);
          }
          if (!anyReaches) expect(match).toBeUndefined();
          else expect(match?.startsWith('"own" AND (')).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('asks for a term all the reaching sets share, not for every later term', () => {
    const later = [
      { term: 'award', ceiling: 2, documents: 100_000 },
      { term: 'win', ceiling: 2, documents: 100_000 },
    ];
    // Only the name part with both later terms can reach 12: one of them is enough to ask for.
    expect(candidateMatch({ term: 'name', ceiling: 9, documents: 1_800 }, later, 12)).toBe(
      '"name" AND ("award")',
    );
    expect(candidateMatch({ term: 'name', ceiling: 9, documents: 1_800 }, later, 10.5)).toBe(
      '"name" AND ("award" OR "win")',
    );
    expect(candidateMatch({ term: 'name', ceiling: 9, documents: 1_800 }, later, 13.5)).toBeUndefined();
  });
});

describe('LexicalRanker on a term some items hold twice', () => {
  it('scores those items first, then fetches only the items with a later term', () => {
    // 40 long items with a rare term set the k-th; a name part in 300 items (a third with the
    // relation word) and once twice, in the shortest item, which holds no other query term.
    const texts = Array.from({ length: 5_000 }, (_value, index) => {
      const words = [`wfill${index % 97}`, `wpad${index % 89}`, `wx${index}`];
      if (index < 40)
        words.push('wrare', ...Array.from({ length: 4 }, (_unused, position) => `wlong${position}`));
      if (index >= 100 && index < 400) words.push('wname');
      if (index >= 100 && index < 400 && index % 3 === 0) words.push('wrel');
      if (index >= 1_000 && index < 3_000) words.push('wrel');
      return words.join(' ');
    });
    texts.push('wname wname wq');
    const items = texts.map(
      (text, index): KnowledgeItem => ({
        id: `r${index}`,
        documentId: `r${index}`,
        kind: 'qa',
        title: '',
        text,
        passage: text,
      }),
    );
    let database: Database.Database | undefined;
    const ranker = rankerOver('repeated', items, scanBudget, undefined, {
      scanCostRatio: 2,
      database: (opened) => {
        database = opened;
      },
    });
    const ranked = ranker.rank('wrare wname wrel', 10, undefined);
    expect(ranker.lastRanking).toMatchObject({ path: 'pruned', restrictedScans: 1, repeatLookups: 1 });
    expect(ranked[0]?.rowid).toBe(items.length);
    expect(ranked).toEqual(ftsRanking(database as Database.Database, 'wrare wname wrel', 10));
  });
});

describe('searchTerms', () => {
  it('drops the function words that carry no relation and keeps particles, quantifiers and negation', () => {
    expect(searchTerms('Who came up with the idea of the Velmar charter?')).toEqual([
      'came',
      'up',
      'idea',
      'velmar',
      'charter',
    ]);
    expect(searchTerms('Which club won the most titles after the war?')).toEqual([
      'club',
      'won',
      'most',
      'title',
      'after',
      'war',
    ]);
    expect(searchTerms('Who is not a member?')).toEqual(['not', 'member']);
    expect(searchTerms('Who is it?')).toEqual(['who', 'is', 'it']);
  });

  it('lets a phrasal verb’s particle decide between two pairs that differ only by it', () => {
    const filler = Array.from(
      { length: 30 },
      (_value, index): KnowledgeItem => ({
        id: `n${index}`,
        documentId: `noise${index}`,
        kind: 'qa',
        title: '',
        text: `Which team played in the Orvel${index} cup? Team${index}`,
        passage: `Team${index} played in the Orvel${index} cup.`,
      }),
    );
    const up: KnowledgeItem = {
      id: 'up',
      documentId: 'keld-up',
      kind: 'qa',
      title: '',
      text: 'Which team moved up to the Keld league? Brask Rovers',
      passage: 'Brask Rovers moved up to the Keld league.',
    };
    const down: KnowledgeItem = {
      id: 'down',
      documentId: 'keld-down',
      kind: 'qa',
      title: '',
      text: 'Which team moved down to the Keld league? Olm United',
      passage: 'Olm United moved down to the Keld league.',
    };
    for (const [name, order] of [
      ['particle-a', [down, up]],
      ['particle-b', [up, down]],
    ] as const) {
      const ranker = rankerOver(name, [...filler, ...order]);
      const ranked = ranker.rank('Which team moved up to the Keld league?', 2, undefined);
      expect(ranked).toHaveLength(2);
      expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? Number.POSITIVE_INFINITY);
      // The particle's pair holds the higher score whichever was written first.
      const upRow = order.indexOf(up) + filler.length + 1;
      expect(ranked[0]?.rowid).toBe(upRow);
    }
  });
});
