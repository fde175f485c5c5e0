#!/usr/bin/env node
// Runs the eval's question loop (`evaluateQuestions` over `openEngine`, as `rootweaver eval --plans recorded
// --synthesis auto --compaction both` does) several times in one process, to tell a fresh process's slow
// start from its steady state: per pass, the non-LLM time of the first N questions and of the rest, and
// the process's CPU time per question (both compaction runs and the scoring).
//   node tools/cli/scripts/eval-passes.mjs [--passes 3] [--fresh] [--first 30] QUESTIONS=SOURCE …
// SOURCE is kb:FILE, corpus:FILE or index:DIR; runs go in order, in one process (an earlier run warms the
// process for a later one). Without --fresh a run's passes share one engine, store and caches; with
// --fresh each pass opens its own. Build first (`pnpm build`): it runs the CLI's dist.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateQuestions, loadQuestionRecords, mean, percentile } from '@rootweaver/eval';
import { createTokenCounter } from '@rootweaver/providers';
import { openEngine } from '../dist/open-engine.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    passes: { type: 'string', default: '1' },
    first: { type: 'string', default: '30' },
    fresh: { type: 'boolean', default: false },
  },
});
const passes = Number(values.passes);
const first = Number(values.first);
const runs = positionals.map((argument) => {
  const match = /^(.+)=(kb|corpus|index):(.+)$/.exec(argument);
  if (match === null)
    throw new Error(`Expected QUESTIONS=kb:FILE, =corpus:FILE or =index:DIR; got ${argument}`);
  return { questions: resolve(match[1]), source: { kind: match[2], path: resolve(match[3]) } };
});
if (runs.length === 0 || !(passes >= 1) || !(first >= 1)) {
  console.error(
    'Usage: eval-passes.mjs [--passes N] [--fresh] [--first N] QUESTIONS=kb:FILE|corpus:FILE|index:DIR …',
  );
  process.exit(2);
}

const io = { stdout: () => {}, stderr: () => {}, isTTY: false, env: process.env, cwd: process.cwd() };
const settings = { configPath: undefined, overrides: { synthesis: undefined } };
const tokenCounter = createTokenCounter('llama3', { preload: true });

const describe = (values) =>
  `p50 ${percentile(values, 50).toFixed(1)} p95 ${percentile(values, 95).toFixed(1)} mean ${mean(values).toFixed(1)}`;

for (const run of runs) {
  const records = await loadQuestionRecords({ file: run.questions });
  let opened;
  for (let pass = 1; pass <= passes; pass += 1) {
    if (opened === undefined || values.fresh) {
      await opened?.close();
      opened = await openEngine({ io, source: run.source, settings, rebuild: false });
      await opened.engine.warmUp();
    }
    const engineWith = opened.engineWith;
    const cpu = [];
    let last = process.cpuUsage();
    const results = await evaluateQuestions({
      records,
      plans: 'recorded',
      synthesis: 'auto',
      compaction: 'both',
      tokenCounter,
      createEngine: ({ chatModel }) => engineWith({ chatModel, tokenCounter }),
      onResult: () => {
        const now = process.cpuUsage();
        cpu.push((now.user - last.user + now.system - last.system) / 1000);
        last = now;
      },
    });
    const latencies = results.map((result) => result.nonLlmLatencyMs);
    const exact = results.reduce((sum, result) => sum + result.exactMatch, 0);
    console.log(
      `${run.questions} pass ${pass}, load ${loadavg()[0].toFixed(1)}, EM ${((100 * exact) / results.length).toFixed(1)}: ` +
        `non-LLM ms all ${describe(latencies)} | first ${first} ${describe(latencies.slice(0, first))} | ` +
        `rest ${describe(latencies.slice(first))} | CPU ms/q first ${first} ${mean(cpu.slice(0, first)).toFixed(1)}, ` +
        `rest ${mean(cpu.slice(first)).toFixed(1)}, ratio ${(mean(cpu.slice(0, first)) / mean(cpu.slice(first))).toFixed(2)}`,
    );
  }
  await opened?.close();
}
