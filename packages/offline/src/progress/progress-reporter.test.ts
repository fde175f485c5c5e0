import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress-reporter.js';

describe('createProgressReporter', () => {
  it('writes JSON lines when not on a terminal, throttled, always with the last one', () => {
    const lines: string[] = [];
    const { report, finish } = createProgressReporter({
      write: (text) => lines.push(text),
      isTTY: false,
      intervalMs: 60_000,
    });
    report({ phase: 'generate', done: 0, total: 10, pairs: 0, elapsedMs: 1 });
    report({ phase: 'generate', done: 5, total: 10, pairs: 20, elapsedMs: 2 });
    report({ phase: 'done', done: 10, total: 10, pairs: 41, elapsedMs: 3.4 });
    finish();
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n'))).toBe(true);
    expect(JSON.parse(lines[1] ?? '')).toEqual({
      event: 'progress',
      phase: 'done',
      done: 10,
      total: 10,
      pairs: 41,
      elapsedMs: 3,
    });
  });

  it('redraws one bar in place on a terminal and ends it with a newline', () => {
    const output: string[] = [];
    const { report, finish } = createProgressReporter({
      write: (text) => output.push(text),
      isTTY: true,
      width: 10,
    });
    report({ phase: 'generate', done: 5, total: 10, pairs: 7, skipped: 2, elapsedMs: 1000 });
    finish();
    expect(output[0]).toMatch(/^\r\[#####\.\.\.\.\.\] 5\/10 7 pairs · 2 skipped · 5\/s/);
    expect(output[1]).toBe('\n');
  });
});
