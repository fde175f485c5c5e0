import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 26: every stage of index build / import talks — on a terminal a line redrawn with the count, rate
// and ETA, through a pipe one line per stage — and the summary's time covers all of them, each named.
const built = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const hasBuild = existsSync(built);
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasBuild)
  console.log(`skipping the progress tests of the binary: ${built} is not built (run pnpm build).`);
if (!hasScript) console.log('skipping the terminal progress test: `script` (util-linux) is not installed.');
const corpus = fileURLToPath(new URL('../../../../examples/sample-corpus', import.meta.url));
const kb = fileURLToPath(new URL('../test-fixtures/kb.tiny.jsonl', import.meta.url));
const env = { PATH: process.env.PATH ?? '', TERM: 'xterm' };

/** The summary's `time … in all: a 0.1 s, b 2.0 s` line: its total and its stages, in order. */
function timeLine(stdout: string): { total: number; stages: [string, number][] } {
  const match = /time ([\d.]+) s in all: ([^(\n]+)/.exec(stdout);
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`no time line in:\n${stdout}`);
  const stages = match[2]
    .trim()
    .split(', ')
    .map((part) => {
      const [, name, value] = /^(.+) ([\d.]+) s$/.exec(part) ?? [];
      return [name ?? part, Number(value)] as [string, number];
    });
  return { total: Number(match[1]), stages };
}

describe.skipIf(!hasBuild)('index progress through a pipe', () => {
  it('index build: one JSON line per stage on stderr, the summary naming each with its time', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'rw-progress-')), 'index');
    const result = spawnSync(process.execPath, [built, 'index', 'build', '--corpus', corpus, '--out', out], {
      encoding: 'utf8',
      env,
    });
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stderr.trim().split('\n');
    const events = lines.map(
      (line) => JSON.parse(line) as { event: string; stage: string; done?: number; ms: number },
    );
    expect(events.map((event) => event.stage)).toEqual(['open', 'read', 'generate', 'manifest', 'close']);
    expect(events.every((event) => event.event === 'stage' && event.ms >= 0)).toBe(true);
    expect(events.find((event) => event.stage === 'generate')?.done).toBe(68);
    const time = timeLine(result.stdout);
    expect(time.stages.map(([name]) => name)).toEqual(['open', 'read', 'generate', 'manifest', 'close']);
    // The total covers every stage (and the moments between them): never less than their sum.
    const sum = time.stages.reduce((total, [, seconds]) => total + seconds, 0);
    expect(time.total).toBeGreaterThanOrEqual(sum - 0.02 * time.stages.length);
  }, 120_000);

  it('index import --json: the stages and the whole time in the summary', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'rw-progress-')), 'index');
    const result = spawnSync(
      process.execPath,
      [built, 'index', 'import', '--kb', kb, '--out', out, '--json'],
      {
        encoding: 'utf8',
        env,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as { stages: { stage: string; ms: number }[]; totalMs: number };
    const names = summary.stages.map((stage) => stage.stage);
    expect(names.slice(0, 3)).toEqual(['open', 'read', 'store']);
    expect(names.at(-1)).toBe('close');
    expect(names).toContain('manifest');
    const sum = summary.stages.reduce((total, stage) => total + stage.ms, 0);
    expect(summary.totalMs).toBeGreaterThanOrEqual(Math.floor(sum) - summary.stages.length);
    const stderrStages = result.stderr
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { stage: string }).stage);
    expect(stderrStages).toEqual(names);
  }, 120_000);
});

describe.skipIf(!hasBuild || !hasScript)('index progress on a terminal (captured with script)', () => {
  it('redraws each stage in place with count, rate and ETA, and leaves one record line per stage', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'rw-progress-')), 'index');
    const command = [built, 'index', 'build', '--corpus', corpus, '--out', out]
      .map((part) => `'${part.replace(/'/g, "'\\''")}'`)
      .join(' ');
    const result = spawnSync(
      'script',
      ['-qec', `${JSON.stringify(process.execPath)} ${command}`, '/dev/null'],
      {
        encoding: 'utf8',
        env,
      },
    );
    expect(result.status, result.stdout).toBe(0);
    const screen = result.stdout;
    // Redrawn in place: carriage returns and erase-to-end-of-line, no JSON.
    expect(screen).toContain('\r');
    expect(screen).toContain('\u001b[K');
    expect(screen).not.toContain('"event"');
    // The running generate stage: a bar, the count of the total and an ETA.
    expect(screen).toMatch(/generate \[[#.]+\] \d+\/68 passages · (?:[\d,]+\/s · ETA [\d.]+ s|ETA …)/);
    // One record line per finished stage, with its count, time and rate when it counts something.
    for (const stage of ['open', 'read', 'manifest', 'close'])
      expect(screen).toMatch(new RegExp(`\\r${stage}\\b[^\\r\\n]* in [\\d.]+ s`));
    expect(screen).toMatch(/\rgenerate 68 passages in [\d.]+ s \([\d,]+\/s\)/);
    expect(timeLine(screen.replace(/\r/g, '')).stages.map(([name]) => name)).toEqual([
      'open',
      'read',
      'generate',
      'manifest',
      'close',
    ]);
  }, 120_000);
});
