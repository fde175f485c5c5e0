#!/usr/bin/env node
// What the engine hands its extractor, recorded: every one-node question of an extraction-set corpus
// (`extraction-set-corpus.mjs`) asked through the real engine (the default multi_hop.yaml, the
// rule-built index of the corpus, the recorded one-node plan, no LLM), and at each extract call of
// that node the pairs the trained reader would read (`readerEvidenceOf`: the hits, then up to three
// sentences of their passages). One JSON line per question: id, question, gold answer, pairs. The
// reader's trainer reads these as index-shaped copies of the training set (`--engine-evidence`).
// Run on the train split only for training; on valid + test only to read figures.
//
//   pnpm build
//   node tools/scripts/extraction-set-corpus.mjs DIR train
//   node tools/scripts/engine-evidence.mjs DIR/questions.jsonl DIR/corpus.jsonl OUT.jsonl
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { createEngine, loadMultiHopConfig } from '../../packages/capabilities/dist/index.js';
import { HeuristicExtractor } from '../../packages/innovations/dist/index.js';
import { readerEvidenceOf } from '../../packages/models/dist/reader/reader-evidence.js';
import { defaultPassageSentences } from '../../packages/models/dist/reader/trained-reader.js';
import { createTokenCounter } from '../../packages/providers/dist/index.js';
import { openIndex } from '../cli/dist/index-source.js';
import { cacheDirectoryFor } from '../cli/dist/repo-root.js';
import { evaluateQuestions, loadQuestionRecords } from '../eval/dist/index.js';

const [questionsFile, corpusFile, outFile] = process.argv.slice(2);
if (outFile === undefined) {
  console.error('Usage: engine-evidence.mjs QUESTIONS.jsonl CORPUS.jsonl OUT.jsonl (after pnpm build)');
  process.exit(2);
}
const io = { env: { ...process.env, OPENAI_BASE_URL: '', OPENAI_API_KEY: '' }, cwd: process.cwd() };
const loaded = loadMultiHopConfig({ env: io.env });
// A one-node question grounds nothing: the rules stand in for the trained rewriter, which needs loading.
// The recorder must see every question: under multi_hop.yaml's `extractor_scope: untyped` a configured
// extractor is handed only the untyped ones, so the scope is `all` here.
const config = {
  ...loaded.config,
  extractorScope: 'all',
  rewriter: { ...loaded.config.rewriter, kind: 'rules' },
};
const opened = await openIndex({
  source: { kind: 'corpus', path: resolve(corpusFile) },
  cacheDirectory: cacheDirectoryFor(io),
  env: io.env,
  rebuild: false,
  extractor: 'heuristic',
  onProgress: (message) => console.error(message),
});
const records = await loadQuestionRecords({ file: resolve(questionsFile) });

// The heuristic answers (the engine's default); the recorder keeps the first extract call of each
// question for the question itself (a second run of the same question, for the extractive fallback,
// reads the same hits).
const heuristic = new HeuristicExtractor();
let current = new Map();
const recorder = {
  id: 'evidence-recorder',
  async extract(options) {
    if (!current.has(options.question)) {
      const evidence = readerEvidenceOf(options.question, options.evidence, defaultPassageSentences);
      current.set(options.question, evidence.pairs);
    }
    return heuristic.extract(options);
  },
};
const tokenCounter = createTokenCounter('llama3', { preload: true });
const output = createWriteStream(resolve(outFile));
let withPairs = 0;
await evaluateQuestions({
  records,
  plans: 'recorded',
  synthesis: 'auto',
  compaction: 'off',
  tokenCounter,
  createEngine: ({ chatModel }) =>
    createEngine({
      config,
      providers: {
        store: opened.providers.store,
        tokenCounter,
        extractor: recorder,
        ...(chatModel === undefined ? {} : { chatModel }),
      },
    }),
  onResult: (_result, index, total) => {
    const record = records[index];
    const pairs = current.get(record.question) ?? [];
    if (pairs.length > 0) withPairs += 1;
    output.write(
      `${JSON.stringify({ id: record.id, question: record.question, answer: record.answer, pairs })}\n`,
    );
    current = new Map();
    if ((index + 1) % 500 === 0 || index + 1 === total) console.error(`[${index + 1}/${total}]`);
  },
});
output.end();
await opened.providers.close();
console.error(`wrote ${records.length} questions (${withPairs} with evidence) to ${outFile}`);
