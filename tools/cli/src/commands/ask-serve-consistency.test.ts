import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HopTrace, MultiHopAnswer } from '@rootweaver/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allCommands } from '../all-commands.js';
import { readmeJsonShapes } from '../readme-sections.js';
import { cliCheckout } from '../repo-root.js';
import { runCli } from '../run-cli.js';
import { ensureSampleIndex } from '../sample-index.js';
import { createRecordingIo } from '../test-io.js';

const question = 'Which studio produced the film directed by the director of The Glass Orchard?';
const signal = new AbortController().signal;
let index: string;
let config: string;

beforeAll(async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'rw-ask-serve-'));
  index = (await ensureSampleIndex({ cacheDirectory: scratch })).directory;
  config = join(scratch, 'multi_hop.yaml');
  await writeFile(config, 'planner: keyterm\ntop_k: 1\n');
});

async function ask(args: readonly string[], env: Record<string, string> = {}): Promise<MultiHopAnswer> {
  const io = createRecordingIo({ env });
  const code = await runCli(['ask', question, '--index', index, '--json', ...args], io, allCommands, signal);
  expect(io.err()).toBe('');
  expect(code).toBe(0);
  return JSON.parse(io.out()) as MultiHopAnswer;
}

interface ServedAnswer {
  readonly answer: string;
  readonly citations: MultiHopAnswer['citations'];
  readonly metadata: { readonly multi_hop: { readonly planner: string; readonly llm_calls: number } };
  readonly trace: { readonly hops: HopTrace[]; readonly plan: unknown; readonly synthesis: unknown };
}

async function serve(args: readonly string[], env: Record<string, string> = {}): Promise<ServedAnswer> {
  const controller = new AbortController();
  const io = createRecordingIo({ env });
  const running = runCli(
    ['serve', '--index', index, '--port', '0', ...args],
    io,
    allCommands,
    controller.signal,
  );
  try {
    let base = '';
    await vi.waitFor(
      () => {
        const match = /serving on (http:\/\/\S+)/.exec(io.out());
        if (match?.[1] === undefined) throw new Error(`not listening yet: ${io.err()}`);
        base = match[1];
      },
      { timeout: 30_000, interval: 50 },
    );
    const response = await fetch(`${base}/v1/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: question, user: { id: 'u1' }, trace: true }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as ServedAnswer;
  } finally {
    controller.abort();
    expect(await running).toBe(0);
  }
}

/** The trace without wall-clock figures, which differ between any two runs. */
function withoutTimings(hops: readonly HopTrace[]): unknown {
  return JSON.parse(JSON.stringify(hops, (key, value) => (/latency/i.test(key) ? undefined : value)));
}

describe('ask and serve read the same multi_hop.yaml and build the same engine', () => {
  it('give the same answer and trace for the same question, index and multi_hop.yaml', async () => {
    const fromAsk = await ask(['--config', config]);
    const fromServe = await serve(['--config', config]);
    expect(fromAsk.planner).toBe('keyterm');
    expect(fromServe.metadata.multi_hop.planner).toBe('keyterm');
    expect(fromServe.answer).toBe(fromAsk.answer);
    expect(fromServe.citations).toEqual(fromAsk.citations);
    expect(withoutTimings(fromServe.trace.hops)).toEqual(withoutTimings(fromAsk.hops));
    expect(fromServe.trace.plan ?? undefined).toEqual(fromAsk.plan);
    expect(fromServe.trace.synthesis).toEqual(fromAsk.synthesis);
    expect(fromServe.metadata.multi_hop.llm_calls).toBe(fromAsk.usage.llmCalls);
  });

  it('the YAML reaches ask (top_k 1: one item per retrieval) through --config and ROOTWEAVER_MULTI_HOP_CONFIG', async () => {
    const configured = await ask(['--config', config]);
    const retrievals = new Map<string, number>();
    for (const item of configured.pool) {
      const key = `${item.iteration} ${item.subQuestion}`;
      retrievals.set(key, (retrievals.get(key) ?? 0) + 1);
    }
    expect(Math.max(...retrievals.values())).toBe(1);
    const defaults = await ask([]);
    expect(defaults.planner).toBe('compact');
    expect(defaults.pool.length).toBeGreaterThan(configured.pool.length);

    const fromEnvironment = await ask([], { ROOTWEAVER_MULTI_HOP_CONFIG: config });
    expect(fromEnvironment.answer).toBe(configured.answer);
    expect(withoutTimings(fromEnvironment.hops)).toEqual(withoutTimings(configured.hops));
  });

  it('command-line flags override the YAML, in ask and in serve alike', async () => {
    const fromAsk = await ask(['--config', config, '--planner', 'compact']);
    const fromServe = await serve(['--config', config, '--planner', 'compact']);
    expect(fromAsk.planner).toBe('compact');
    expect(fromServe.metadata.multi_hop.planner).toBe('compact');
    expect(fromServe.answer).toBe(fromAsk.answer);
    expect(withoutTimings(fromServe.trace.hops)).toEqual(withoutTimings(fromAsk.hops));
  });

  it('a bad multi_hop.yaml is one clear error naming the key, before any index is opened', async () => {
    const bad = join(tmpdir(), `rw-bad-${process.pid}.yaml`);
    await writeFile(bad, 'top_kk: 1\n');
    const io = createRecordingIo();
    const code = await runCli(
      ['ask', question, '--index', '/nonexistent', '--config', bad],
      io,
      allCommands,
      signal,
    );
    expect(code).toBe(1);
    expect(io.err()).toContain('unknown key `top_kk` at `top_kk` — did you mean `top_k`?');
  });
});

describe.skipIf(cliCheckout === undefined)("the README's JSON shapes of an answer", () => {
  it('ask --json and POST /v1/ask have exactly the top-level fields the README names for them', async () => {
    const shapes = readmeJsonShapes(cliCheckout as string);
    const fromAsk = await ask([]);
    const optional = ['refusal', 'forcedStop'];
    expect(
      Object.keys(fromAsk)
        .filter((key) => !optional.includes(key))
        .sort(),
    ).toEqual([...(shapes.get('`rootweaver ask --json`') ?? ['(missing row)'])].sort());
    const fromServe = await serve([]);
    // The request asked for the trace: it is the one field beyond the README's list.
    expect(
      Object.keys(fromServe)
        .filter((key) => key !== 'trace')
        .sort(),
    ).toEqual(
      [...(shapes.get("`POST /v1/ask` (JSON, and the `finished` event's data)") ?? ['(missing row)'])]
        .filter((field) => !field.startsWith('"'))
        .sort(),
    );
    expect(Object.keys(fromServe)).toContain('trace');
  }, 120_000);
});
