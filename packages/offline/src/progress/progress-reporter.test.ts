import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress-reporter.js';
import { StageTracker } from './stage-tracker.js';

function recording(isTTY: boolean) {
  const output: string[] = [];
  const reporter = createProgressReporter({
    write: (text) => output.push(text),
    isTTY,
    intervalMs: 0,
    width: 10,
  });
  return { output, reporter };
}

describe('createProgressReporter', () => {
  it('piped: exactly one JSON line per finished stage, with its count, time and rate', () => {
    const { output, reporter } = recording(false);
    reporter.stage({
      stage: 'generate',
      status: 'started',
      done: 0,
      total: 10,
      unit: 'passages',
      elapsedMs: 0,
    });
    reporter.stage({
      stage: 'generate',
      status: 'running',
      done: 5,
      total: 10,
      unit: 'passages',
      elapsedMs: 500,
    });
    reporter.stage({
      stage: 'generate',
      status: 'finished',
      done: 10,
      total: 10,
      unit: 'passages',
      elapsedMs: 1000,
    });
    reporter.stage({ stage: 'store', status: 'started', elapsedMs: 0 });
    reporter.stage({ stage: 'store', status: 'finished', elapsedMs: 2400.4 });
    reporter.finish();
    expect(output.map((line) => JSON.parse(line))).toEqual([
      { event: 'stage', stage: 'generate', done: 10, unit: 'passages', ms: 1000, perSecond: 10 },
      { event: 'stage', stage: 'store', ms: 2400 },
    ]);
    expect(output.every((line) => line.endsWith('\n'))).toBe(true);
  });

  it('on a terminal: the running stage redrawn in place with count, rate and ETA, a record line when it ends', () => {
    const { output, reporter } = recording(true);
    reporter.stage({
      stage: 'generate',
      status: 'started',
      done: 0,
      total: 10,
      unit: 'passages',
      elapsedMs: 0,
    });
    reporter.stage({
      stage: 'generate',
      status: 'running',
      done: 4,
      total: 10,
      unit: 'passages',
      elapsedMs: 2000,
    });
    reporter.stage({
      stage: 'generate',
      status: 'finished',
      done: 10,
      total: 10,
      unit: 'passages',
      elapsedMs: 5000,
    });
    reporter.stage({ stage: 'store', status: 'started', elapsedMs: 0 });
    reporter.stage({ stage: 'store', status: 'running', elapsedMs: 61_000 });
    reporter.finish();
    expect(output[0]).toBe('\rgenerate [..........] 0/10 passages · ETA … · 0.00 s\u001b[K');
    expect(output[1]).toBe('\rgenerate [####......] 4/10 passages · 2/s · ETA 3.00 s · 2.00 s\u001b[K');
    expect(output[2]).toBe('\rgenerate 10 passages in 5.00 s (2/s)\u001b[K\n');
    expect(output[4]).toBe('\rstore … · 1 min 1 s\u001b[K');
    expect(output.at(-1)).toBe('\n');
  });
});

describe('StageTracker', () => {
  it('times each stage, reports start, progress and end, and keeps the finished ones in order', () => {
    const events: string[] = [];
    const tracker = new StageTracker((progress) =>
      events.push(`${progress.stage}:${progress.status}:${progress.done ?? '-'}`),
    );
    const read = tracker.begin('read', { unit: 'passages' });
    read.end(3);
    const generate = tracker.begin('generate', { total: 3, unit: 'passages' });
    generate.advance(2);
    generate.end();
    generate.end();
    expect(events).toEqual([
      'read:started:-',
      'read:finished:3',
      'generate:started:0',
      'generate:running:2',
      'generate:finished:2',
    ]);
    expect(tracker.timings().map(({ stage, done, unit }) => ({ stage, done, unit }))).toEqual([
      { stage: 'read', done: 3, unit: 'passages' },
      { stage: 'generate', done: 2, unit: 'passages' },
    ]);
    expect(tracker.timings().every((timing) => timing.ms >= 0)).toBe(true);
  });
});
