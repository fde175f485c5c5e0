import type { StageProgress } from './stage-tracker.js';

export interface ProgressReporterOptions {
  /** Where progress goes (stderr in the CLI). */
  readonly write: (text: string) => void;
  /** A line redrawn in place on a terminal (count, rate, ETA); one JSON line per finished stage otherwise. */
  readonly isTTY: boolean;
  /** At most one redraw per interval on a terminal, besides a stage's start and end. Default 100 ms. */
  readonly intervalMs?: number;
  /** Characters of the bar. Default 24. */
  readonly width?: number;
}

export interface ProgressReporter {
  /** Shows a stage's start, progress or end (`onStage` of `buildIndex`, `updateIndex`, `importKnowledgeBase`). */
  readonly stage: (progress: StageProgress) => void;
  /** Ends the line being redrawn, if any. */
  readonly finish: () => void;
}

const count = (value: number): string => value.toLocaleString('en');

export function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function perSecond(progress: StageProgress): number | undefined {
  if (progress.done === undefined || progress.elapsedMs <= 0) return undefined;
  return (progress.done / progress.elapsedMs) * 1000;
}

/** `generate [#####.....] 1,200/4,013 passages · 2,080/s · ETA 1.4 s · 0.58 s`: a running stage on a terminal. */
function runningLine(progress: StageProgress, width: number): string {
  const rate = perSecond(progress);
  const parts = [progress.stage];
  if (progress.total !== undefined && progress.done !== undefined) {
    const ratio = progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
    const filled = Math.round(ratio * width);
    parts.push(
      `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`,
      `${count(progress.done)}/${count(progress.total)} ${progress.unit ?? ''}`.trimEnd(),
    );
    if (rate !== undefined && rate > 0) {
      parts.push(
        `· ${count(Math.round(rate))}/s`,
        `· ETA ${formatSeconds(((progress.total - progress.done) / rate) * 1000)}`,
      );
    } else {
      parts.push('· ETA …');
    }
  } else if (progress.done !== undefined) {
    parts.push(`${count(progress.done)} ${progress.unit ?? ''}`.trimEnd());
  } else {
    parts.push('…');
  }
  parts.push(`· ${formatSeconds(progress.elapsedMs)}`);
  return parts.join(' ');
}

/** `generate 4,013 passages in 1.93 s (2,080/s)`: a finished stage, on a terminal. */
function finishedLine(progress: StageProgress): string {
  const rate = perSecond(progress);
  const what = progress.done === undefined ? '' : ` ${count(progress.done)} ${progress.unit ?? ''}`.trimEnd();
  const speed = rate === undefined || progress.done === 0 ? '' : ` (${count(Math.round(rate))}/s)`;
  return `${progress.stage}${what} in ${formatSeconds(progress.elapsedMs)}${speed}`;
}

/**
 * Shows the stages of a long run. On a terminal: one line redrawn in place for the running stage — its
 * count of the total, rate and ETA (elapsed time only for a stage that counts nothing) — kept as a
 * one-line record when the stage ends. Otherwise (a pipe, a log file): one JSON line per finished stage,
 * `{"event":"stage","stage","done","unit","ms","perSecond"}`, and nothing in between.
 */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const interval = options.intervalMs ?? 100;
  const width = options.width ?? 24;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let drawing = false;
  const stage = (progress: StageProgress): void => {
    if (!options.isTTY) {
      if (progress.status !== 'finished') return;
      const rate = perSecond(progress);
      options.write(
        `${JSON.stringify({
          event: 'stage',
          stage: progress.stage,
          ...(progress.done === undefined ? {} : { done: progress.done }),
          ...(progress.unit === undefined ? {} : { unit: progress.unit }),
          ms: Math.round(progress.elapsedMs),
          ...(rate === undefined ? {} : { perSecond: Math.round(rate) }),
        })}\n`,
      );
      return;
    }
    if (progress.status === 'finished') {
      options.write(`\r${finishedLine(progress)}\u001b[K\n`);
      drawing = false;
      lastDraw = Number.NEGATIVE_INFINITY;
      return;
    }
    const now = performance.now();
    if (progress.status === 'running' && now - lastDraw < interval) return;
    lastDraw = now;
    options.write(`\r${runningLine(progress, width)}\u001b[K`);
    drawing = true;
  };
  const finish = (): void => {
    if (drawing) options.write('\n');
    drawing = false;
  };
  return { stage, finish };
}
