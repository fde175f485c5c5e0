#!/usr/bin/env node
// The soak benchmark of issue 16 (not a timed test): `pnpm bench:soak` runs `rootweaver serve` on the
// sample index, sends 20,000 POST /v1/ask at 200 concurrent (loopback only, bounded in count), once
// with no LLM and once with a local fake OpenAI-compatible LLM, and reports p50/p95/p99, errors and the
// server's RSS at start, middle and end; memory must plateau (the last half's RSS floor within 10 % of the second quarter's).
// The figures go into docs/benchmarks.md between the soak markers (render-benchmarks keeps them).
//
//   node tools/scripts/soak-benchmark.mjs [--requests 20000] [--concurrency 200] [--no-write]
// Build first (`pnpm build`): it runs the built CLI and the built test server.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// `pnpm bench:soak -- --flag` passes the `--` through: read what follows it as options.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: {
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '200' },
    'no-write': { type: 'boolean', default: false },
  },
});
const totalRequests = Number(values.requests);
const concurrency = Number(values.concurrency);

const { ensureSampleIndex } = await import(path.join(root, 'tools/cli/dist/sample-index.js'));
const { OpenAICompatibleTestServer } = await import(path.join(root, 'packages/providers/dist/test/index.js'));

const golden = JSON.parse(readFileSync(path.join(root, 'examples/golden-set.json'), 'utf8'));
const questions = golden.questions.map((question) => question.query);

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match === null ? 0 : Number(match[1]) * 1024;
}

async function startServe(index, env, extraArgs) {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'tools/cli/dist/main.js'),
      'serve',
      '--index',
      index,
      '--port',
      '0',
      '--max-concurrent',
      '1000',
      ...extraArgs,
    ],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr.on('data', () => {});
  const port = await new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk) => {
      text += chunk.toString();
      const match = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (match === null) return;
      // From here on stdout carries the access log: drain it without keeping it.
      child.stdout.off('data', onData);
      child.stdout.on('data', () => {});
      resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { child, port };
}

function post(port, agent, query) {
  return new Promise((resolve) => {
    const started = performance.now();
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/ask',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
        response.on('error', (error) =>
          resolve({ status: error.code ?? 'error', ms: performance.now() - started }),
        );
      },
    );
    outgoing.on('error', (error) =>
      resolve({ status: error.code ?? 'error', ms: performance.now() - started }),
    );
    outgoing.end(JSON.stringify({ query }));
  });
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

async function soak(label, index, env, extraArgs = []) {
  const { child, port } = await startServe(index, env, extraArgs);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  // Warm up (first queries load the index pages, the tokenizer…) before the first RSS sample.
  for (let warm = 0; warm < 50; warm += 1) await post(port, agent, questions[warm % questions.length]);
  const samples = [{ done: 0, rss: rssOf(child.pid) }];
  const sampleEvery = Math.max(1, Math.floor(totalRequests / 20));
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  let done = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < totalRequests) {
      const query = questions[next % questions.length];
      next += 1;
      const result = await post(port, agent, query);
      latencies.push(result.ms);
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      done += 1;
      if (done % sampleEvery === 0) samples.push({ done, rss: rssOf(child.pid) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  latencies.sort((a, b) => a - b);
  const lastHalf = samples.filter((sample) => sample.done >= totalRequests / 2).map((sample) => sample.rss);
  const secondQuarter = samples
    .filter((sample) => sample.done >= totalRequests / 4 && sample.done <= totalRequests / 2)
    .map((sample) => sample.rss);
  // Growth over the last half against the warmed-up second quarter, two ways. The floor (the lowest
  // sample, what is left after a collection) is what a leak lifts: what is retained grows. The peak is
  // the garbage collector's sawtooth as much as anything: with no leak a late tooth can stand above
  // every earlier one, and a median lands wherever the teeth fall.
  const growth = (Math.min(...lastHalf) - Math.min(...secondQuarter)) / Math.min(...secondQuarter);
  const peakGrowth = (Math.max(...lastHalf) - Math.max(...secondQuarter)) / Math.max(...secondQuarter);
  const errors = [...statuses]
    .filter(([status]) => status !== 200)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    label,
    requests: totalRequests,
    concurrency,
    seconds: elapsedSeconds,
    throughput: totalRequests / elapsedSeconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
    statuses: Object.fromEntries(statuses),
    rssStart: samples[0]?.rss ?? 0,
    rssMiddle: samples.find((sample) => sample.done >= totalRequests / 2)?.rss ?? 0,
    rssEnd: samples.at(-1)?.rss ?? 0,
    lastHalfGrowth: growth,
    lastHalfPeakGrowth: peakGrowth,
    series: samples.map((sample) => Math.round(sample.rss / 1024 / 1024)),
  };
}

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const index = (await ensureSampleIndex({ cacheDirectory: path.join(os.tmpdir(), 'rootweaver-soak') }))
  .directory;

const llm = new OpenAICompatibleTestServer();
llm.onChat(
  'Decompose the question into atomic',
  JSON.stringify({ subQuestions: [{ id: 0, question: 'Who directed The Glass Orchard?', refs: [] }] }),
);
llm.onChat(() => true, 'Mira Castellan [1].');
llm.respondWith(() => ({ fault: { kind: 'slow', delayMs: 5 } }));
const llmUrl = await llm.start();

const results = [];
results.push(await soak('no LLM (rules + extractive)', index, {}));
// The fake LLM records every request; forget them between samples of a long run.
const forget = setInterval(() => {
  llm.requests.length = 0;
}, 1_000);
results.push(
  await soak(
    'fake LLM (5 ms per call, synthesis llm)',
    index,
    { OPENAI_BASE_URL: llmUrl, OPENAI_API_KEY: 'soak-key' },
    ['--synthesis', 'llm'],
  ),
);
clearInterval(forget);
await llm.close();

const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
const lines = [
  '<!-- soak:begin -->',
  '## Soak: `rootweaver serve` under 20,000 requests',
  '',
  `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
  `- Command: \`pnpm bench:soak  # node tools/scripts/soak-benchmark.mjs --requests ${totalRequests} --concurrency ${concurrency}\``,
  `- CPU: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'}; Node ${process.version}; load average when done: ${load}`,
  '- Server: `rootweaver serve` on the sample index (loopback, keep-alive clients, `--max-concurrent 1000`);',
  '  the fake LLM is the local OpenAI-compatible test server answering every call after 5 ms.',
  '',
  '| path | requests | concurrent | req/s | p50 ms | p95 ms | p99 ms | errors | RSS start MiB | RSS middle MiB | RSS end MiB | RSS floor over the last half (vs second quarter) | RSS peak over the last half (vs second quarter) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (result) =>
      `| ${result.label} | ${result.requests} | ${result.concurrency} | ${result.throughput.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.errors} | ${mib(result.rssStart)} | ${mib(result.rssMiddle)} | ${mib(result.rssEnd)} | ${(result.lastHalfGrowth * 100).toFixed(1)} % | ${(result.lastHalfPeakGrowth * 100).toFixed(1)} % |`,
  ),
  '',
  'RSS is sampled every 5 % of the run (MiB): ',
  ...results.map((result) => `- ${result.label}: ${result.series.join(', ')}`),
  '',
  'Memory plateaus when the RSS floor of the last half (its lowest sample: what is retained after a',
  "collection) is within 10 % of the second quarter's (warmed up): a leak lifts the floor. The peak column",
  "is shown too: the garbage collector's sawtooth moves it by a tooth either way without a leak, so it is",
  'not the test. Latency at 200 concurrent is mostly',
  'queueing: without an LLM a question is CPU work on one event loop (ADR-0010), so requests are',
  'answered one after another.',
  '<!-- soak:end -->',
];
const section = lines.join('\n');
console.log(section);
for (const result of results) console.log(result.label, JSON.stringify(result.statuses));
const flat = results.every((result) => result.lastHalfGrowth <= 0.1);
console.log(
  flat ? 'memory plateaus: yes' : 'memory plateaus: NO (RSS grew more than 10 % over the last half)',
);
if (!values['no-write']) {
  const file = path.join(root, 'docs/benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const pattern = /<!-- soak:begin -->[\s\S]*<!-- soak:end -->/;
  writeFileSync(
    file,
    pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`,
  );
  console.log('soak: wrote docs/benchmarks.md');
}
process.exitCode = flat ? 0 : 1;
