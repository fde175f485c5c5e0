import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSampleIndex } from '../sample-index.js';
import { buildCli, buildCliTimeoutMs, builtCliPath } from '../test/built-cli.js';

// Issue 16 part 3: SIGTERM during a burst answers every request the kernel accepted (200 or a 503 JSON
// body), resets none, ends runs past the drain time with a 503, and exits 0. The real `serve`, spawned.
const built = builtCliPath;
// Built from the sources before any test here runs (once per vitest run): never a stale dist/.
beforeAll(buildCli, buildCliTimeoutMs);
let index: string;
const llm = new OpenAICompatibleTestServer();

beforeAll(async () => {
  await llm.start();
  index = (await ensureSampleIndex({ cacheDirectory: await mkdtemp(join(tmpdir(), 'rw-shutdown-')) }))
    .directory;
});
afterAll(async () => {
  await llm.close();
});

async function startServe(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const child = spawn(process.execPath, [built, 'serve', '--index', index, '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { child, port, stderr: () => stderr };
}

type Outcome = { kind: 'answered'; status: number; json: boolean } | { kind: 'error'; code: string };

/** One POST on its own connection (no keep-alive): every request is a fresh accept. */
function ask(port: number, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ query: 'Who directed The Glass Orchard?' });
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
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => {
          let json = false;
          try {
            JSON.parse(text);
            json = true;
          } catch {}
          resolve({ kind: 'answered', status: response.statusCode ?? 0, json });
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ kind: 'error', code: error.code ?? error.message }),
        );
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'error', code: error.code ?? error.message }),
    );
    outgoing.end(body);
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('serve shuts down answering', () => {
  it('a 300-request burst with SIGTERM after 100 answers: 0 resets, every answer a 200 or a 503 JSON body, exit 0', async () => {
    const { child, port } = await startServe([]);
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    const done = exited(child);
    let settled = 0;
    const outcomes: Promise<Outcome>[] = [];
    for (let index = 0; index < 300; index += 1) {
      outcomes.push(
        ask(port, agent).then((outcome) => {
          settled += 1;
          // Mid-way: a third answered, the rest accepted or on their way.
          if (settled === 100) child.kill('SIGTERM');
          return outcome;
        }),
      );
    }
    const results = await Promise.all(outcomes);
    const resets = results.filter(
      (result) => result.kind === 'error' && /ECONNRESET|socket hang up/.test(result.code),
    );
    const answered = results.filter((result) => result.kind === 'answered');
    expect(resets).toEqual([]);
    for (const result of answered) {
      expect(result.kind === 'answered' && [200, 503].includes(result.status) && result.json).toBe(true);
    }
    // Every request of the burst was sent before the signal: none is refused, none is reset.
    expect(answered).toHaveLength(300);
    expect(
      answered.filter((result) => result.kind === 'answered' && result.status === 200).length,
    ).toBeGreaterThanOrEqual(100);
    expect(await done).toBe(0);
    console.log(
      `burst of 300, SIGTERM after 100 answers: ${answered.filter((r) => r.kind === 'answered' && r.status === 200).length} answered 200, ` +
        `${answered.filter((r) => r.kind === 'answered' && r.status === 503).length} answered 503, ` +
        `${results.length - answered.length} refused, ${resets.length} reset`,
    );
  });

  it('a run longer than the drain time is answered 503 (not reset), and serve exits 0 at once', async () => {
    llm.reset();
    llm.injectFault({ kind: 'hang-after-headers' }, { times: Infinity });
    const { child, port } = await startServe(['--drain-ms', '500', '--synthesis', 'llm'], {
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'test-key',
    });
    const done = exited(child);
    const agent = new Agent({ keepAlive: false });
    const pending = ask(port, agent);
    while (llm.chatRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const signalled = Date.now();
    child.kill('SIGTERM');
    const outcome = await pending;
    expect(outcome).toEqual({ kind: 'answered', status: 503, json: true });
    expect(await done).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(3_000);
  });
});
