#!/usr/bin/env node
// Is the reader's end-to-end loss a matter of the evidence's shape? Reads one split of
// compactrag-train/qa twice through the real `extract` call of each extractor: as the records give it
// (the answering pair and two same-topic distractors), and as an index gives it (every pair of the
// split in one pool, the question's BM25 top k, scored and ranked as a store's hits are). No
// evaluation question is read.
//   pnpm build && node tools/scripts/reader-shape-check.mjs [valid|test, default valid] [k, default 5]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HeuristicExtractor } from '../../packages/innovations/dist/index.js';
import { isFunctionWord, stem, tokenizeWords } from '../../packages/language-en/dist/index.js';
import { loadWordVectors, TrainedReader } from '../../packages/models/dist/index.js';
import { normalizeAnswer } from '../eval/dist/index.js';

const [split = 'valid', kArgument = '5'] = process.argv.slice(2);
const topK = Number(kArgument);
if (!['train', 'valid', 'test'].includes(split) || !Number.isInteger(topK) || topK < 1) {
  console.error('Usage: reader-shape-check.mjs [train|valid|test] [k, a whole number ≥ 1]');
  process.exit(2);
}
const file = resolve(process.cwd(), `../shared/datasets/compactrag-train/qa/${split}.json`);
const records = JSON.parse(readFileSync(file, 'utf8'));

const pairsOf = (context) =>
  context.split('\n\n').map((block) => {
    const newline = block.indexOf('\n');
    return newline < 0
      ? { question: '', answer: block }
      : { question: block.slice(0, newline), answer: block.slice(newline + 1) };
  });
const termsOf = (text) =>
  tokenizeWords(text)
    .map((token) => token.text.toLowerCase())
    .filter((word) => /[\p{L}\p{N}]/u.test(word) && !isFunctionWord(word))
    .map(stem);

// The pool: every distinct pair of the split, with BM25 (k1 1.2, b 0.75) over question and answer.
const items = [];
const seen = new Set();
for (const record of records)
  for (const pair of pairsOf(record.context)) {
    const key = `${pair.question}\n${pair.answer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ ...pair, terms: termsOf(`${pair.question} ${pair.answer}`) });
  }
const postings = new Map();
let totalLength = 0;
items.forEach((item, index) => {
  totalLength += item.terms.length;
  for (const term of new Set(item.terms)) postings.set(term, [...(postings.get(term) ?? []), index]);
});
const averageLength = totalLength / items.length;
function search(query) {
  const scores = new Map();
  for (const term of new Set(termsOf(query))) {
    const holders = postings.get(term) ?? [];
    const idf = Math.log(1 + (items.length - holders.length + 0.5) / (holders.length + 0.5));
    for (const index of holders) {
      const item = items[index];
      const count = item.terms.filter((candidate) => candidate === term).length;
      const norm = 1.2 * (0.25 + (0.75 * item.terms.length) / averageLength);
      scores.set(index, (scores.get(index) ?? 0) + (idf * count * 2.2) / (count + norm));
    }
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topK)
    .map(([index, score]) => ({ pair: items[index], score }));
}
const hitOf = (pair, score, position) => ({
  id: `pair-${position}`,
  documentId: `document-${position}`,
  kind: 'qa',
  text: `${pair.question} ${pair.answer}`,
  title: '',
  passage: '',
  question: pair.question,
  answer: pair.answer,
  score,
  rank: position + 1,
});

const extractors = {
  reader: await TrainedReader.load({ vectors: await loadWordVectors() }),
  heuristic: new HeuristicExtractor(),
};
const right = { records: { reader: 0, heuristic: 0 }, index: { reader: 0, heuristic: 0 } };
let answerInPool = 0;
let count = 0;
for (const record of records) {
  const gold = normalizeAnswer(record.answers.text[0] ?? '');
  if (gold === '') continue;
  count += 1;
  const shapes = {
    records: pairsOf(record.context).map((pair, position) => hitOf(pair, 1, position)),
    index: search(record.question).map((found, position) => hitOf(found.pair, found.score, position)),
  };
  if (shapes.index.some((hit) => ` ${normalizeAnswer(hit.answer)} `.includes(` ${gold} `))) answerInPool += 1;
  for (const [shape, evidence] of Object.entries(shapes))
    for (const [name, extractor] of Object.entries(extractors)) {
      const extraction = await extractor.extract({ question: record.question, evidence });
      if (normalizeAnswer(extraction.answer) === gold) right[shape][name] += 1;
    }
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
