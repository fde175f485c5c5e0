import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCommands } from '../all-commands.js';
import { runCli } from '../run-cli.js';
import { ensureSampleIndex } from '../sample-index.js';
import { createRecordingIo } from '../test-io.js';

const signal = new AbortController().signal;
let index: string;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'rw-ask-'));
  index = (await ensureSampleIndex({ cacheDirectory: scratch })).directory;
});

describe('rootweaver ask', () => {
  it('--json prints the whole answer object', async () => {
    const io = createRecordingIo();
    const code = await runCli(
      ['ask', 'Who directed The Glass Orchard?', '--index', index, '--json'],
      io,
      allCommands,
      signal,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(io.out());
    expect(answer).toMatchObject({ question: 'Who directed The Glass Orchard?', planner: 'compact' });
    for (const key of ['answer', 'citations', 'hops', 'pool', 'usage', 'context', 'synthesis', 'plan']) {
      expect(answer).toHaveProperty(key);
    }
    expect(answer.answer).toContain('Mira Castellan');
    expect(answer.usage.llmCalls).toBe(0);
    for (const citation of answer.citations) {
      expect(answer.pool.map((item: { id: string }) => item.id)).toContain(citation.itemId);
    }
  });

  it('prints a readable answer, with the hop tree under --trace, and answers single-pass', async () => {
    const io = createRecordingIo();
    await runCli(
      ['ask', 'Who directed The Glass Orchard?', '--index', index, '--trace'],
      io,
      allCommands,
      signal,
    );
    expect(io.out()).toMatch(/^plan \(/m);
    expect(io.out()).toMatch(/^hop \d+ · /m);
    expect(io.out()).toMatch(/^answer: .*Mira Castellan/m);
    expect(io.out()).toMatch(/^LLM calls: 0 · tokens: /m);
    // Each node shows the pairs its answer was extracted from (its evidence ids), as the JSON answer has them.
    const json = createRecordingIo();
    await runCli(
      ['ask', 'Who directed The Glass Orchard?', '--index', index, '--json'],
      json,
      allCommands,
      signal,
    );
    const answer = JSON.parse(json.out()) as {
      pool: { id: string; text: string }[];
      hops: { nodes?: { evidenceIds: string[] }[] }[];
    };
    const texts = new Map(answer.pool.map((item) => [item.id, item.text]));
    const evidence = answer.hops.flatMap((hop) => hop.nodes ?? []).flatMap((node) => node.evidenceIds);
    expect(evidence.length).toBeGreaterThan(0);
    const shown = [...io.out().matchAll(/^ {5}evidence: (.*)$/gm)].map((match) => match[1]);
    expect(shown).toEqual(evidence.map((id) => texts.get(id)));
    expect(io.out()).not.toContain('top pair');
    const single = createRecordingIo();
    await runCli(
      ['ask', 'Who directed The Glass Orchard?', '--index', index, '--single-pass', '--json'],
      single,
      allCommands,
      signal,
    );
    expect(JSON.parse(single.out()).planner).toBe('single-pass');
  });

  it('--filter and --source-prefix restrict what the answer comes from', async () => {
    const run = async (...extra: string[]) => {
      const io = createRecordingIo();
      const code = await runCli(
        ['ask', 'Who directed The Glass Orchard?', '--index', index, '--json', ...extra],
        io,
        allCommands,
        signal,
      );
      expect(code).toBe(0);
      return JSON.parse(io.out()) as { answer: string; pool: { metadata?: Record<string, unknown> }[] };
    };
    const kept = await run('--filter', 'source=the-glass-orchard.md', '--filter', 'source=mira-castellan.md');
    expect(kept.pool.length).toBeGreaterThan(0);
    const allowed = ['the-glass-orchard.md', 'mira-castellan.md'];
    expect(kept.pool.every((item) => allowed.includes(String(item.metadata?.source)))).toBe(true);
    expect((await run()).answer).toContain('Mira Castellan');
    const elsewhere = await run('--source-prefix', 'kestrel-bay.md');
    expect(elsewhere.pool.every((item) => item.metadata?.source === 'kestrel-bay.md')).toBe(true);
    expect(elsewhere.answer).not.toContain('Mira Castellan');
  });

  it('a missing index, an unreadable index, a missing question and a bad planner are one line each', async () => {
    const cases: [string[], number, RegExp][] = [
      [
        ['ask', 'Who?', '--index', '/nonexistent/index'],
        1,
        /^rootweaver: Index \/nonexistent\/index does not exist; build one with/,
      ],
      [['ask', '--index', index], 2, /^rootweaver: ask: give the question in quotes/],
      [['ask', 'Who?'], 2, /^rootweaver: ask: --index DIR is required/],
      [
        ['ask', 'Who?', '--index', index, '--planner', 'magic'],
        2,
        /^rootweaver: ask: --planner must be one of compact, adaptive, keyterm/,
      ],
    ];
    const broken = join(scratch, 'broken-index');
    await mkdir(broken, { recursive: true });
    await writeFile(join(broken, 'store.sqlite'), 'this is not a database');
    cases.push([['ask', 'Who?', '--index', broken], 1, /^rootweaver: The index in .* has no manifest\.json/]);
    const docs = join(scratch, 'docs-not-an-index');
    await mkdir(docs, { recursive: true });
    await writeFile(join(docs, 'guide.md'), '# Guide\n\nText.\n');
    cases.push([
      ['ask', 'Who?', '--index', docs],
      1,
      /^rootweaver: .*docs-not-an-index holds no rootweaver index \(no manifest\.json\): check the path, or build one with 'rootweaver index build/,
    ]);
    cases.push([
      ['ask', 'Who?', '--index', index, '--filter', 'lang'],
      2,
      /^rootweaver: ask: --filter needs KEY=VALUE/,
    ]);
    cases.push([
      ['ask', 'Who?', '--index', index, '--filter', 'langauge=en'],
      1,
      /^rootweaver: Unknown filter key `langauge`: no item of this index has it.*its keys are /,
    ]);
    const damaged = join(scratch, 'damaged-index');
    await mkdir(damaged, { recursive: true });
    await copyFile(join(index, 'manifest.json'), join(damaged, 'manifest.json'));
    await writeFile(join(damaged, 'store.sqlite'), 'this is not a database');
    cases.push([['ask', 'Who?', '--index', damaged], 1, /^rootweaver: The store in .* is unusable/]);
    for (const [args, exitCode, pattern] of cases) {
      const io = createRecordingIo();
      expect(await runCli(args, io, allCommands, signal)).toBe(exitCode);
      expect(io.err()).toMatch(pattern);
      expect(io.err().trim().split('\n')).toHaveLength(1);
      expect(io.err()).not.toMatch(/\n\s+at /);
    }
  });
});
