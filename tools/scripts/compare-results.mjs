#!/usr/bin/env node
// Compares two eval runs' results.jsonl question by question, ignoring the timing (nonLlmLatencyMs and
// the rewriter's latencyMs): prints every question whose answer, scores, tokens, nodes, trajectory or
// citations differ, and exits 1 when any does.
//   node tools/scripts/compare-results.mjs /tmp/perf-before-2wiki/results.jsonl /tmp/perf-after-2wiki/results.jsonl
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile] = process.argv.slice(2);
if (beforeFile === undefined || afterFile === undefined) {
  console.error('Usage: compare-results.mjs BEFORE/results.jsonl AFTER/results.jsonl');
  process.exit(2);
}

function load(file) {
  const byId = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const result = JSON.parse(line);
    delete result.nonLlmLatencyMs;
    if (result.rewrite !== undefined) delete result.rewrite.latencyMs;
    byId.set(result.id, result);
  }
  return byId;
}

const before = load(beforeFile);
const after = load(afterFile);
let differences = 0;
for (const [id, left] of before) {
  const right = after.get(id);
  if (right === undefined) {
    console.log(`${id}: missing after`);
    differences += 1;
    continue;
  }
  const fields = Object.keys({ ...left, ...right }).filter(
    (key) => JSON.stringify(left[key]) !== JSON.stringify(right[key]),
  );
  if (fields.length > 0) {
    differences += 1;
    console.log(`${id}: ${fields.join(', ')} differ`);
    for (const key of fields.slice(0, 3))
      console.log(
        `  ${key}: ${JSON.stringify(left[key])?.slice(0, 200)} → ${JSON.stringify(right[key])?.slice(0, 200)}`,
      );
  }
}
for (const id of after.keys())
  if (!before.has(id)) {
    console.log(`${id}: new after`);
    differences += 1;
  }
console.log(`${before.size} questions before, ${after.size} after, ${differences} differ`);
process.exit(differences === 0 ? 0 : 1);
