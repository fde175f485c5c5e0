#!/usr/bin/env node
// Is the reader's end-to-end loss a matter of the evidence's shape? Reads one split of
// compactrag-train/qa twice through the real `extract` call of each extractor: as the records give it
// (the answering pair and two same-topic distractors), and as an index gives it (every pair of the
// split in the embedded store, the question's lexical top k as the store ranks it). No
// evaluation question is read.
//   pnpm build && node tools/scripts/reader-shape-check.mjs [valid|test, default valid] [k, default 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeuristicExtractor } from '../../packages/innovations/dist/index.js';
import { loadWordVectors, TrainedReader } from '../../packages/models/dist/index.js';
import { EmbeddedStore } from '../../packages/providers/dist/index.js';
import { normalizeAnswer } from '../eval/dist/index.js';
import { pairsOf, readQaSplit } from './qa-records.mjs';

const [split = 'valid', kArgument = '5'] = process.argv.slice(2);
const topK = Number(kArgument);
if (!['train', 'valid', 'test'].includes(split) || !Number.isInteger(topK) || topK < 1) {
  console.error('Usage: reader-shape-check.mjs [train|valid|test] [k, a whole number ≥ 1]');
  process.exit(2);
}
const records = readQaSplit(split);

const itemOf = (pair, position) => ({
  id: `pair-${position}`,
  documentId: `document-${position}`,
  kind: 'qa',
  text: `${pair.question} ${pair.answer}`,
  title: '',
  passage: '',
  question: pair.question,
  answer: pair.answer,
});

// The pool: every distinct pair of the split in the embedded store (a real database in a temporary
// folder), searched lexically as an index without vectors is.
const directory = mkdtempSync(join(tmpdir(), 'reader-shape-'));
const store = await EmbeddedStore.open({ directory });
const seen = new Set();
const items = [];
for (const record of records)
  for (const pair of pairsOf(record.context)) {
    const key = `${pair.question}\n${pair.answer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(itemOf(pair, items.length));
  }
await store.upsert({ items });

const extractors = {
  reader: await TrainedReader.load({ vectors: await loadWordVectors() }),
  heuristic: new HeuristicExtractor(),
};
const right = { records: { reader: 0, heuristic: 0 }, index: { reader: 0, heuristic: 0 } };
let answerInPool = 0;
let count = 0;
try {
  for (const record of records) {
    const gold = normalizeAnswer(record.answers.text[0] ?? '');
    if (gold === '') continue;
    count += 1;
    const shapes = {
      records: pairsOf(record.context).map((pair, position) => ({
        ...itemOf(pair, position),
        score: 1,
        rank: position + 1,
      })),
      index: (await store.search({ query: record.question, topK, mode: 'lexical' })).hits,
    };
    if (shapes.index.some((hit) => ` ${normalizeAnswer(hit.answer ?? '')} `.includes(` ${gold} `)))
      answerInPool += 1;
    for (const [shape, evidence] of Object.entries(shapes))
      for (const [name, extractor] of Object.entries(extractors)) {
        const extraction = await extractor.extract({ question: record.question, evidence });
        if (normalizeAnswer(extraction.answer) === gold) right[shape][name] += 1;
      }
  }
} finally {
  await store.close();
  rmSync(directory, { recursive: true, force: true });
}
const percent = (value) => Math.round((1000 * value) / count) / 10;
console.log(
  JSON.stringify({
    split,
    records: count,
    pool: items.length,
    topK,
    exactMatch: {
      asRecorded: { reader: percent(right.records.reader), heuristic: percent(right.records.heuristic) },
      fromIndex: { reader: percent(right.index.reader), heuristic: percent(right.index.heuristic) },
    },
    answerInTopK: percent(answerInPool),
  }),
);
