import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnowledgeItem } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { indexTermString } from '../lexical-query.js';
import { ItemTable, stringHash, textFormOf, textOf, validateItem } from './item-table.js';
import { openStoreDatabase } from './store-schema.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-item-table-'));
let counter = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

function table(idHash?: (id: string) => number): {
  items: ItemTable;
  count: (sql: string) => number;
} {
  counter += 1;
  const database = openStoreDatabase(join(root, `store-${counter}`), false);
  return {
    items: new ItemTable(database, false, idHash === undefined ? {} : { idHash }),
    count: (sql) => database.prepare(sql).pluck().get() as number,
  };
}

function pair(
  id: string,
  documentId: string,
  question: string,
  answer: string,
  title = 'Ravel Tor',
): KnowledgeItem {
  return {
    id,
    documentId,
    kind: 'qa',
    title,
    text: `${title}: ${question} ${answer}`,
    passage: `The passage of ${documentId}, about ${title}.`,
    question,
    answer,
  };
}

describe('text forms', () => {
  it('rebuilds every text exactly, storing it only when no form fits', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(text, text, text, text, fc.boolean(), (title, question, answer, other, usePassage) => {
        const candidates: KnowledgeItem[] = [
          {
            id: 'a',
            documentId: 'd',
            kind: 'qa',
            title,
            text: `${question} ${answer}`,
            passage: other,
            question,
            answer,
          },
          {
            id: 'b',
            documentId: 'd',
            kind: 'qa',
            title,
            text: `${title}: ${question} ${answer}`,
            passage: other,
            question,
            answer,
          },
          { id: 'c', documentId: 'd', kind: 'qa', title, text: other, passage: other, question, answer },
          {
            id: 'e',
            documentId: 'd',
            kind: usePassage ? 'passage' : 'qa',
            title,
            text: other,
            passage: other,
          },
        ];
        for (const item of candidates) {
          const form = textFormOf(item);
          const row = {
            text_form: form,
            text: form === 0 ? item.text : null,
            question: item.question ?? null,
            answer: item.answer ?? null,
            title: item.title,
            passage: item.passage,
          };
          expect(textOf(row)).toBe(item.text);
        }
      }),
    );
    expect(textFormOf(pair('x', 'd', 'Who?', 'Me'))).toBe(2);
  });

  it('hashes strings to 53-bit integers that differ for near-identical ids', () => {
    const hashes = new Set(Array.from({ length: 10_000 }, (_value, index) => stringHash(`id-${index}`)));
    expect(hashes.size).toBe(10_000);
    for (const hash of hashes) expect(Number.isSafeInteger(hash) && hash >= 0).toBe(true);
  });

  it('validates ids, kinds and flat metadata', () => {
    const codeOf = (item: unknown): string | undefined => {
      try {
        validateItem(item as KnowledgeItem);
        return undefined;
      } catch (error) {
        return isRootweaverError(error, 'invalid-input') ? 'invalid-input' : 'other';
      }
    };
    expect(codeOf(pair('x', 'd', 'q', 'a'))).toBeUndefined();
    expect(codeOf(pair('', 'd', 'q', 'a'))).toBe('invalid-input');
    expect(codeOf({ ...pair('x', 'd', 'q', 'a'), kind: 'note' })).toBe('invalid-input');
    expect(codeOf({ ...pair('x', 'd', 'q', 'a'), metadata: { nested: [] } })).toBe('invalid-input');
  });
});

describe('ItemTable', () => {
  it('stores each distinct passage once, however many pairs come from it', () => {
    const { items, count } = table();
    const written = items.write([
      pair('a', 'd1', 'Who?', 'One'),
      pair('b', 'd1', 'When?', '1990'),
      pair('c', 'd2', 'Where?', 'Here'),
    ]);
    items.write([pair('d', 'd1', 'What?', 'Else')]);
    expect(count('SELECT count(*) FROM passages')).toBe(2);
    expect(count('SELECT count(*) FROM items WHERE text IS NULL')).toBe(4);
    expect(written.map((entry) => entry.terms)).toEqual(
      ['Ravel Tor: Who? One', 'Ravel Tor: When? 1990', 'Ravel Tor: Where? Here'].map(
        (text) => indexTermString(text).terms,
      ),
    );
    const hits = items.hits(written.map((entry, index) => ({ rowid: entry.rowid, score: 3 - index })));
    expect(hits.map((hit) => [hit.id, hit.documentId, hit.text, hit.passage, hit.rank])).toEqual([
      ['a', 'd1', 'Ravel Tor: Who? One', 'The passage of d1, about Ravel Tor.', 1],
      ['b', 'd1', 'Ravel Tor: When? 1990', 'The passage of d1, about Ravel Tor.', 2],
      ['c', 'd2', 'Ravel Tor: Where? Here', 'The passage of d2, about Ravel Tor.', 3],
    ]);
  });

  it('replaces an item by id, reports the terms it had, and drops a passage nothing uses any more', () => {
    const { items, count } = table();
    const [first] = items.write([pair('a', 'd1', 'Who?', 'One')]);
    const [again] = items.write([pair('a', 'd2', 'Who now?', 'Two', 'Other Title')]);
    expect(again?.rowid).toBe(first?.rowid);
    expect(again?.previousTerms).toBe(first?.terms);
    expect(count('SELECT count(*) FROM items')).toBe(1);
    expect(count('SELECT count(*) FROM passages')).toBe(1);
    expect(items.hits([{ rowid: first?.rowid ?? 0, score: 1 }])[0]).toMatchObject({
      documentId: 'd2',
      title: 'Other Title',
      answer: 'Two',
    });
  });

  it('takes the later of two items with one id in a batch', () => {
    const { items, count } = table();
    const written = items.write([pair('a', 'd1', 'Who?', 'One'), pair('a', 'd1', 'Who?', 'Two')]);
    expect(written[1]?.rowid).toBe(written[0]?.rowid);
    expect(written[1]?.previousTerms).toBe(written[0]?.terms);
    expect(count('SELECT count(*) FROM items')).toBe(1);
    expect(items.hits([{ rowid: written[0]?.rowid ?? 0, score: 1 }])[0]?.answer).toBe('Two');
  });

  it('takes the later of an id given twice in a batch with other passages between, each passage once', () => {
    const { items, count } = table();
    const written = items.write([
      pair('a', 'd1', 'Who?', 'One'),
      pair('b', 'd2', 'When?', '1990'),
      pair('c', 'd1', 'Where?', 'Here'),
      pair('a', 'd1', 'Who?', 'Two'),
    ]);
    expect(written[3]?.rowid).toBe(written[0]?.rowid);
    expect(written[3]?.previousTerms).toBe(written[0]?.terms);
    expect(count('SELECT count(*) FROM items')).toBe(3);
    expect(count('SELECT count(*) FROM passages')).toBe(2);
    expect(items.hits([{ rowid: written[0]?.rowid ?? 0, score: 1 }])[0]?.answer).toBe('Two');
  });

  it('keeps ids whose hashes collide apart, replaces each by id, and after a delete too', () => {
    // Every id hashes alike: the first holds the hash, the others are stored without one.
    const { items, count } = table(() => 7);
    const [a, b] = items.write([pair('a', 'd1', 'Who?', 'One'), pair('b', 'd2', 'When?', '1990')]);
    expect(a?.rowid).not.toBe(b?.rowid);
    expect(count('SELECT count(*) FROM items WHERE id_hash IS NULL')).toBe(1);
    expect(
      table(() => 7)
        .items.write([pair('x', 'd', 'Q?', '1'), pair('y', 'd', 'Q?', '2'), pair('y', 'd', 'Q?', '3')])
        .map((entry) => entry.previousTerms === undefined),
    ).toEqual([true, true, false]);
    const [bAgain, aAgain, c] = items.write([
      pair('b', 'd2', 'When?', '1991'),
      pair('a', 'd1', 'Who?', 'Uno'),
      pair('c', 'd3', 'Where?', 'Here'),
    ]);
    expect([bAgain?.rowid, bAgain?.previousTerms]).toEqual([b?.rowid, b?.terms]);
    expect([aAgain?.rowid, aAgain?.previousTerms]).toEqual([a?.rowid, a?.terms]);
    expect(c?.previousTerms).toBeUndefined();
    expect(count('SELECT count(*) FROM items')).toBe(3);
    // The hash holder goes; an id stored without a hash is still found, not written twice.
    items.deleteDocuments(['d1']);
    const [bThird, aNew] = items.write([pair('b', 'd2', 'When?', '1992'), pair('a', 'd1', 'Who?', 'Eins')]);
    expect(bThird?.rowid).toBe(b?.rowid);
    expect(aNew?.previousTerms).toBeUndefined();
    expect(count('SELECT count(*) FROM items')).toBe(3);
    expect(count("SELECT count(*) FROM items WHERE id = 'b'")).toBe(1);
    const answers = items.hits(
      [b, c, aNew].map((entry, index) => ({ rowid: entry?.rowid ?? 0, score: 3 - index })),
    );
    expect(answers.map((hit) => [hit.id, hit.answer])).toEqual([
      ['b', '1992'],
      ['c', 'Here'],
      ['a', 'Eins'],
    ]);
  });

  it('deletes whole documents with their passages and returns the deleted items’ terms', () => {
    const { items, count } = table();
    const written = items.write([pair('a', 'd1', 'Who?', 'One'), pair('b', 'd2', 'When?', '1990')]);
    const removed = items.deleteDocuments(['d1', 'missing']);
    expect(removed).toEqual([{ rowid: written[0]?.rowid, terms: written[0]?.terms }]);
    expect(count('SELECT count(*) FROM passages')).toBe(1);
    expect(items.counts()).toEqual({ items: 1, documents: 1, qa: 1, passage: 0 });
  });
});
