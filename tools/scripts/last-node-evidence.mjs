#!/usr/bin/env node
// Where a run's answers were lost: for each question of an `eval --out` run (results.jsonl), its last
// node's grounded sub-question searched again in the eval's cached index, and whether the gold answer is
// in a top-5 pair, only in a top-5 hit's passage, only in the top 30, or nowhere — counted apart for
// right and wrong answers (yes/no questions apart). Reads the results and the store; writes nothing.
//   pnpm build && node tools/scripts/last-node-evidence.mjs RESULTS.jsonl .rootweaver/eval-cache/<folder> [kind]
// SHOW="wrong pair" prints those questions' nodes, one JSON line each.
import { readFileSync } from 'node:fs';
import { EmbeddedStore } from '../../packages/providers/dist/index.js';
import { normalizeAnswer } from '../eval/dist/index.js';

const [results, cache, kind] = process.argv.slice(2);
if (results === undefined || cache === undefined) {
  console.error('Usage: last-node-evidence.mjs RESULTS.jsonl INDEX-DIRECTORY [kind]');
  process.exit(2);
}
const store = await EmbeddedStore.open({ directory: cache });
const rows = readFileSync(results, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const counts = {};
const holds = (text, gold) => ` ${normalizeAnswer(text ?? '')} `.includes(` ${gold} `);
try {
  for (const row of rows) {
    if (kind !== undefined && row.kind !== kind) continue;
    const gold = normalizeAnswer(row.gold);
    const last = row.nodes.at(-1);
    let where = 'yes/no';
    if (gold !== 'yes' && gold !== 'no' && last !== undefined) {
      const deep = (await store.search({ query: last.groundedQuestion, topK: 30, mode: 'lexical' })).hits;
      const top = deep.slice(0, 5);
      if (top.some((hit) => holds(hit.answer, gold) || holds(hit.question, gold))) where = 'pair';
      else if (top.some((hit) => holds(hit.passage, gold))) where = 'passage';
      else if (deep.some((hit) => holds(hit.answer, gold) || holds(hit.passage, gold))) where = 'top30';
      else where = 'none';
    }
    const key = `${row.exactMatch ? 'right' : 'wrong'} ${where}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (process.env.SHOW !== undefined && key === process.env.SHOW)
      console.log(
        JSON.stringify({
          question: row.question,
          gold: row.gold,
          prediction: row.prediction,
          nodes: row.nodes.map((node) => [node.groundedQuestion, node.answer, node.confidence]),
        }),
      );
  }
} finally {
  await store.close();
}
console.log(counts);
