import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'render-benchmarks.mjs');
const measured = { name: 'measured', sampleCount: 20, mean: 1.5, median: 1.4, hz: 660 };
// What vitest writes for a bench whose task threw: the row, no statistics.
const empty = { name: 'threw', rank: 2, rme: 0 };

let directory;
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function render(benchmarks) {
  directory = mkdtempSync(path.join(tmpdir(), 'render-benchmarks-'));
  const input = path.join(directory, 'report.json');
  const output = path.join(directory, 'benchmarks.md');
  writeFileSync(
    input,
    JSON.stringify({
      files: [{ filepath: '/x/a.bench.ts', groups: [{ fullName: 'a > group', benchmarks }] }],
    }),
  );
  const run = spawnSync(process.execPath, [script, input, output, '--no-readme'], { encoding: 'utf8' });
  return { ...run, page: readFileSync(output, 'utf8') };
}

describe('render-benchmarks', () => {
  it('writes the page and succeeds when every benchmark has samples', () => {
    const run = render([measured]);
    expect(run.status).toBe(0);
    expect(run.page).toContain('| measured |');
  });

  it('still writes the page, then fails naming each benchmark that measured nothing', () => {
    const run = render([measured, empty]);
    expect(run.status).toBe(1);
    expect(run.page).toContain('| threw |');
    expect(run.stderr).toMatch(/1 benchmark measured nothing/);
    expect(run.stderr).toContain('a > group > threw');
    expect(run.stderr).not.toContain('> measured');
  });
});
