#!/usr/bin/env node
// Non-LLM time per question of an eval run, for its first N questions and for the rest: a run's slow
// start (a fresh process compiling the engine's code) apart from its steady state.
//   node tools/scripts/latency-split.mjs OUT/results.jsonl [N, default 30]
import { readFileSync } from 'node:fs';
// The eval's own statistics (build first: `pnpm build`), so the figures match what `eval` prints.
import { mean, percentile } from '../eval/dist/metrics/statistics.js';

const [file, firstArgument] = process.argv.slice(2);
const first = firstArgument === undefined ? 30 : Number(firstArgument);
if (file === undefined || !Number.isInteger(first) || first < 1) {
  console.error('Usage: latency-split.mjs OUT/results.jsonl [N, a whole number ≥ 1, default 30]');
  process.exit(2);
}

const latencies = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line).nonLlmLatencyMs);

function describe(label, values) {
  if (values.length === 0) return `${label}: none`;
  return `${label} (${values.length}): p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, mean ${mean(values).toFixed(1)} ms`;
}

console.log(describe('all', latencies));
console.log(describe(`first ${first}`, latencies.slice(0, first)));
console.log(describe('rest', latencies.slice(first)));
