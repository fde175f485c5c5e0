import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { loadGoldenSet } from '@rootweaver/eval';
import { afterAll, bench, describe } from 'vitest';
import { goldenSetPath } from '../repo-root.js';
import { buildCli, builtCliPath } from '../test/built-cli.js';

// `rootweaver serve` as users run it (the CLI built from the sources, its own process, default
// settings: the sample corpus, the access log on) answering over loopback, one request at a time,
// every distinct question of the sample's golden set and demo questions: cold — each question the
// first time a fresh server sees it (nothing of it in any cache, the process's code not yet compiled
// for it) — and warm, the same questions again on that server, as JSON and as Server-Sent Events
// (to the `finished` event). p50/p95 per pass are printed as `[bench] serve …` lines.

const builtCli = builtCliPath;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
let server: ChildProcess | undefined;
let base: string | undefined;
const golden = await loadGoldenSet(goldenSetPath);
const questions = [
  ...new Set([
    ...golden.questions.map((entry) => entry.query),
    ...(golden.demo_questions ?? []).map((entry) => entry.query),
  ]),
];
let next = 0;
const nextQuestion = (): string => {
  const question = questions[next % questions.length] ?? '';
  next += 1;
  return question;
};

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function start(): Promise<string> {
  if (base !== undefined) return base;
  await buildCli();
  next = 0;
  const child = spawn(process.execPath, [builtCli, 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  base = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${seen}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /serving on (http:\/\/\S+)/.exec(seen);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.resume();
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${seen}`)));
  });
  // The access log goes on being written to stdout: read and drop it.
  child.stdout?.resume();
  return base;
}

afterAll(() => {
  server?.kill('SIGTERM');
});

const askJson = async (url: string): Promise<void> => {
  const response = await fetch(`${url}/v1/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: nextQuestion() }),
  });
  const body = (await response.json()) as { answer?: string };
  if (response.status !== 200 || typeof body.answer !== 'string') throw new Error(`HTTP ${response.status}`);
};

const askStream = async (url: string): Promise<void> => {
  const response = await fetch(`${url}/v1/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ query: nextQuestion() }),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('event: finished'))
    throw new Error(`HTTP ${response.status}`);
};

const passes = [
  // A fresh server: each distinct question once, in turn, the first time the server sees it.
  {
    label: 'JSON, cold: each distinct question the first time a fresh server sees it',
    ask: askJson,
    cold: true,
    rounds: 1,
  },
  // The same server, the same questions again (every cache holding them), five rounds.
  { label: 'JSON, warm: the same questions again on that server', ask: askJson, cold: false, rounds: 5 },
  { label: 'Server-Sent Events to the finished event, warm', ask: askStream, cold: false, rounds: 5 },
] as const;

describe(`rootweaver serve: POST /v1/ask latency over the sample\u2019s ${questions.length} distinct questions (no LLM), cold and warm apart`, () => {
  for (const { label, ask, cold, rounds } of passes) {
    const samples: number[] = [];
    bench(
      label,
      async () => {
        const url = await start();
        const started = performance.now();
        await ask(url);
        samples.push(performance.now() - started);
      },
      {
        iterations: questions.length * rounds,
        time: 0,
        warmupIterations: 0,
        warmupTime: 0,
        setup: async (_task, mode) => {
          if (mode !== 'run') return;
          if (cold) {
            server?.kill('SIGTERM');
            server = undefined;
            base = undefined;
          }
          await start();
          samples.length = 0;
        },
        teardown: (_task, mode) => {
          if (mode !== 'run' || samples.length === 0) return;
          console.log(
            `[bench] serve ${label}: p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms over ${samples.length} requests, ${questions.length} distinct questions (${machine})`,
          );
        },
      },
    );
  }
});
