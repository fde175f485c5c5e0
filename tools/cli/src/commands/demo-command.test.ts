import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecordingIo } from '../test-io.js';
import { runDemoWith } from './demo-command.js';

const signal = new AbortController().signal;

describe('rootweaver demo (in process, no LLM)', () => {
  it('builds the sample index, answers the 15 golden questions, then reuses the index', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'rw-demo-'));
    const io = createRecordingIo({ env: { ROOTWEAVER_CACHE_DIR: cache } });
    const { exitCode, result } = await runDemoWith([], io, signal);
    expect(exitCode).toBe(0);
    const out = io.out();
    expect(out).toContain(`sample index: ${join(cache, 'sample-index')} (built in`);
    expect(out).toContain('LLM: none');
    // Every golden question is printed with its plan, hops, answer and usage.
    for (let number = 1; number <= 15; number += 1) {
      expect(out).toContain(`[gs-${String(number).padStart(2, '0')} · `);
    }
    expect(out.match(/^ {2}plan \(/gm)?.length).toBeGreaterThanOrEqual(15);
    expect(out.match(/^ {2}LLM calls: 0 · tokens: /gm)?.length).toBeGreaterThanOrEqual(15);
    expect(result.scored).toBe(15);
    expect(result.llmCalls).toBe(0);
    expect(out).toContain(`answer-contains: ${result.hits}/15 golden questions`);
    // The single-fact negatives at least must be right with no LLM at all.
    expect(result.hits).toBeGreaterThanOrEqual(5);

    const again = createRecordingIo({ env: { ROOTWEAVER_CACHE_DIR: cache } });
    await runDemoWith(['--quiet'], again, signal);
    expect(again.out()).toContain('(reused, corpus unchanged)');
  });
});
