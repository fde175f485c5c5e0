#!/usr/bin/env node
// Writes the small slice of ../shared/datasets/compactrag that the recorded-data tests read in every
// clone (packages/innovations/src/test-fixtures/compactrag/). Plain Node ESM; run `pnpm build` first.
//   node tools/scripts/vendor-compactrag-slice.mjs [--datasets DIR]
// The slice is chosen by a fixed rule, never by hand:
// - questions: per dataset, the first 8 records in ascending order of `id`, each line copied verbatim;
// - 2wiki knowledge base: every kb.llama8b.jsonl record (line copied verbatim, file order kept) one of
//   whose pairs enters the pool when those 2wiki questions run over the WHOLE knowledge base as the test
//   runs them: compact with the recorded plan and keyterm with rule plans, lexical top-3, no LLM.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const datasetsOption = process.argv.indexOf('--datasets');
const datasets =
  datasetsOption > 0
    ? path.resolve(process.argv[datasetsOption + 1] ?? '')
    : path.resolve(repositoryRoot, '..', 'shared', 'datasets', 'compactrag');
const output = path.join(repositoryRoot, 'packages', 'innovations', 'src', 'test-fixtures', 'compactrag');
const questionsPerDataset = 8;

const { MultiHopRAG, parsePlan } = await import(
  path.join(repositoryRoot, 'packages', 'innovations', 'dist', 'index.js')
);
const { InMemoryStore } = await import(
  path.join(repositoryRoot, 'packages', 'core', 'dist', 'test', 'index.js')
);

const linesOf = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0);

mkdirSync(output, { recursive: true });
const chosen = {};
for (const dataset of ['2wiki', 'hotpotqa', 'musique']) {
  const records = linesOf(path.join(datasets, dataset, 'questions.dev.jsonl')).map((line) => ({
    line,
    record: JSON.parse(line),
  }));
  records.sort((left, right) =>
    left.record.id < right.record.id ? -1 : left.record.id > right.record.id ? 1 : 0,
  );
  chosen[dataset] = records.slice(0, questionsPerDataset);
  writeFileSync(
    path.join(output, `${dataset}.questions.jsonl`),
    `${chosen[dataset].map((entry) => entry.line).join('\n')}\n`,
  );
}

const kbLines = linesOf(path.join(datasets, '2wiki', 'kb.llama8b.jsonl'));
const items = kbLines.flatMap((line, passageIndex) => {
  const passage = JSON.parse(line);
  return (passage.qa ?? []).map((pair, pairIndex) => ({
    id: `${passageIndex}-${pairIndex}`,
    documentId: String(passageIndex),
    kind: 'qa',
    text: `${pair.question} ${pair.answer}`,
    title: passage.title,
    passage: passage.passage,
    question: pair.question,
    answer: pair.answer,
  }));
});
const store = new InMemoryStore({ items });
const used = new Set();
for (const { record } of chosen['2wiki']) {
  const parsed = parsePlan(JSON.stringify(record.plan ?? record.planRaw));
  for (const planner of ['compact', 'keyterm']) {
    const rag = new MultiHopRAG({ store, config: { planner, retrievalMode: 'lexical', topK: 3 } });
    const options = planner === 'compact' && 'plan' in parsed ? { plan: parsed.plan } : {};
    const answer = await rag.ask(record.question, options);
    for (const item of answer.pool) used.add(Number(item.documentId));
  }
}
const kept = kbLines.filter((_line, index) => used.has(index));
writeFileSync(path.join(output, '2wiki.kb.jsonl'), `${kept.join('\n')}\n`);
console.log(
  `wrote ${Object.values(chosen).flat().length} questions and ${kept.length} of ${kbLines.length} 2wiki knowledge-base records to ${path.relative(repositoryRoot, output)}`,
);
