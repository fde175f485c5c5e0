import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadGoldenSet } from '@rootweaver/eval';
import { afterAll, bench, describe } from 'vitest';
import { goldenSetPath } from '../repo-root.js';

// `rootweaver serve` as users run it (the built CLI, its own process, default settings: the sample
// corpus, the access log on) answering one golden question over loopback, one request at a time:
// p50 latency as JSON and as Server-Sent Events (to the `finished` event). 200 measured requests each.

const builtCli = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
let server: ChildProcess | undefined;
let base: string | undefined;
let question = '';

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function start(): Promise<string> {
  if (base !== undefined) return base;
  if (!existsSync(builtCli)) throw new Error(`build the CLI first (pnpm build): ${builtCli} is missing`);
  const golden = await loadGoldenSet(goldenSetPath);
  question =
    golden.questions.find((candidate) => candidate.category === 'cross-document')?.query ??
    'Which film was released first?';
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
    body: JSON.stringify({ query: question }),
  });
  const body = (await response.json()) as { answer?: string };
  if (response.status !== 200 || typeof body.answer !== 'string') throw new Error(`HTTP ${response.status}`);
};

const askStream = async (url: string): Promise<void> => {
  const response = await fetch(`${url}/v1/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ query: question }),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('event: finished'))
    throw new Error(`HTTP ${response.status}`);
};

describe('rootweaver serve: POST /v1/ask latency, sample corpus, one golden question (no LLM)', () => {
  for (const [label, ask] of [
    ['JSON answer', askJson],
    ['Server-Sent Events, to the finished event', askStream],
  ] as const) {
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
        iterations: 200,
        time: 0,
        warmupIterations: 20,
        warmupTime: 0,
        setup: async (_task, mode) => {
          await start();
          // Only the measured requests count, not the warm-up.
          if (mode === 'run') samples.length = 0;
        },
        teardown: (_task, mode) => {
          if (mode !== 'run' || samples.length === 0) return;
          console.log(
            `[bench] serve ${label}: p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms, p99 ${percentile(samples, 0.99).toFixed(2)} ms over ${samples.length} requests (${machine})`,
          );
        },
      },
    );
  }
});
