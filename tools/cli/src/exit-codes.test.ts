import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSampleIndex } from './sample-index.js';
import { buildCli, buildCliTimeoutMs, builtCliPath } from './test/built-cli.js';

// Issue 16: usage errors and interrupted runs exit non-zero, and an interrupted run ends at once.
const built = builtCliPath;
// Built from the sources before any test here runs (once per vitest run): never a stale dist/.
beforeAll(buildCli, buildCliTimeoutMs);
const llm = new OpenAICompatibleTestServer();
let index: string;

beforeAll(async () => {
  await llm.start();
  index = (await ensureSampleIndex({ cacheDirectory: await mkdtemp(join(tmpdir(), 'rw-exit-')) })).directory;
});
afterAll(async () => {
  await llm.close();
});

describe('exit codes of the built binary', () => {
  it('no command is a usage error: help on stderr, exit 2', () => {
    const bare = spawnSync(process.execPath, [built], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('Commands:');
    expect(bare.stdout).toBe('');
  });

  it('Ctrl-C during an LLM call that hangs exits 130 within a second', async () => {
    llm.injectFault({ kind: 'hang-after-headers' }, { times: Infinity });
    const child = spawn(
      process.execPath,
      [built, 'ask', 'Who directed The Glass Orchard?', '--index', index],
      {
        env: { PATH: process.env.PATH ?? '', OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'test-key' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Wait until the LLM has the request, then interrupt.
    while (llm.chatRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const interrupted = Date.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) =>
      child.once('exit', (exitCode) => resolve(exitCode)),
    );
    expect(code).toBe(130);
    expect(Date.now() - interrupted).toBeLessThan(1_500);
    expect(stderr).toMatch(/interrupted/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
