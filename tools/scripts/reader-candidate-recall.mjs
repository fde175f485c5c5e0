#!/usr/bin/env node
// Can the span ranker's candidates hold the answer at all? For one split of compactrag-train/qa, the
// share of records whose gold answer (normalised) is the text of one of `featuriseSpans`' candidates,
// at the shipped span limit (10 tokens, ADR-0019) and at a wider one. No evaluation question is read.
//   pnpm build && node tools/scripts/reader-candidate-recall.mjs [valid|test, default valid] [wider limit, default 20]
import { featuriseSpans, loadWordVectors, WinkTagger } from '../../packages/models/dist/index.js';
import { normalizeAnswer } from '../eval/dist/index.js';
import { pairsOf, readQaSplit } from './qa-records.mjs';

const [split = 'valid', widerArgument = '20'] = process.argv.slice(2);
const wider = Number(widerArgument);
if (!['train', 'valid', 'test'].includes(split) || !Number.isInteger(wider) || wider < 1) {
  console.error(
    'Usage: reader-candidate-recall.mjs [train|valid|test] [wider span limit, a whole number ≥ 1]',
  );
  process.exit(2);
}
const records = readQaSplit(split);
const vectors = await loadWordVectors();
const tagger = await WinkTagger.load();
const shipped = 10;
const holds = (record, gold, maxSpanTokens) =>
  featuriseSpans(record.question, pairsOf(record.context), {
    vectors,
    tagger,
    maxSpanTokens,
  }).candidates.some((candidate) => normalizeAnswer(candidate.text) === gold);
let count = 0;
let atShipped = 0;
let atWider = 0;
for (const record of records) {
  const gold = normalizeAnswer(record.answers.text[0] ?? '');
  if (gold === '') continue;
  count += 1;
  if (holds(record, gold, shipped)) atShipped += 1;
  if (holds(record, gold, wider)) atWider += 1;
}
const percent = (value) => Math.round((1000 * value) / count) / 10;
console.log(
  JSON.stringify({
    split,
    records: count,
    recall: { [shipped]: percent(atShipped), [wider]: percent(atWider) },
  }),
);
