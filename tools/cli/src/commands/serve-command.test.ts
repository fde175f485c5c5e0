import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { sampleCorpusPath } from '../repo-root.js';
import { runCli } from '../run-cli.js';
import { createRecordingIo } from '../test-io.js';
import { serveCommand } from './serve-command.js';

const sampleCorpus = sampleCorpusPath;

describe('rootweaver serve', () => {
  it('rejects bad flags with a usage error', async () => {
    const signal = new AbortController().signal;
    const io = createRecordingIo();
    expect(await runCli(['serve', '--port', 'abc'], io, [serveCommand], signal)).toBe(2);
    expect(io.err()).toContain('--port must be a positive whole number');
    const both = createRecordingIo();
    expect(await runCli(['serve', '--kb', 'a', '--corpus', 'b'], both, [serveCommand], signal)).toBe(2);
    expect(both.err()).toContain('at most one of');
  });

  it.skipIf(!existsSync(sampleCorpus))(
    'serves the sample corpus with no --index, answers /v1/ask, and stops gracefully on abort',
    async () => {
      const controller = new AbortController();
      // No UNLEASH_URL: flags come from configs/flags/bootstrap.json (capability on). A private cache
      // directory: the sample index is built there on first use, apart from other tests' builds.
      const cache = mkdtempSync(join(tmpdir(), 'rw-serve-cache-'));
      const io = createRecordingIo({ env: { ROOTWEAVER_CACHE_DIR: cache } });
      const running = runCli(['serve', '--port', '0'], io, [serveCommand], controller.signal);
      let base = '';
      await vi.waitFor(
        () => {
          const match = /serving on (http:\/\/[^\s]+)/.exec(io.out());
          if (match?.[1] === undefined) throw new Error(`not listening yet: ${io.err()}`);
          base = match[1];
        },
        { timeout: 60_000, interval: 50 },
      );
      const health = await fetch(`${base}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ask = await fetch(`${base}/v1/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'Who directed the film?', user: { id: 'u1' } }),
      });
      expect(ask.status).toBe(200);
      const body = (await ask.json()) as { answer: unknown; metadata: { multi_hop: { enabled: boolean } } };
      expect(typeof body.answer).toBe('string');
      expect(body.metadata.multi_hop.enabled).toBe(true);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toContain('multi_hop_requests_total');
      expect(metrics).toContain('process_cpu_user_seconds_total');

      controller.abort();
      expect(await running).toBe(0);
      expect(io.err()).toContain('stopped');
      expect(existsSync(join(cache, 'sample-index'))).toBe(true);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    },
  );
});
