export interface ProgressSnapshot {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
  readonly pairs?: number;
  readonly skipped?: number;
  readonly failed?: number;
  readonly elapsedMs: number;
}

export interface ProgressReporterOptions {
  /** Where progress goes (stderr in the CLI). */
  readonly write: (text: string) => void;
  /** A bar redrawn in place on a terminal; JSON lines otherwise. */
  readonly isTTY: boolean;
  /** At most one JSON line per interval, besides the first and the last. Default 1,000 ms. */
  readonly intervalMs?: number;
  readonly width?: number;
}

/** Reports build progress: a bar on a terminal, one JSON object a line otherwise. */
export function createProgressReporter(options: ProgressReporterOptions): {
  report: (progress: ProgressSnapshot) => void;
  finish: () => void;
} {
  const interval = options.intervalMs ?? 1000;
  const width = options.width ?? 30;
  let lastAt = Number.NEGATIVE_INFINITY;
  let drewBar = false;
  const report = (progress: ProgressSnapshot): void => {
    const final = progress.phase === 'done' || progress.done >= progress.total;
    if (options.isTTY) {
      const ratio = progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
      const filled = Math.round(ratio * width);
      const rate = progress.elapsedMs > 0 ? (progress.done / progress.elapsedMs) * 1000 : 0;
      const extra = [
        progress.pairs === undefined ? '' : `${progress.pairs} pairs`,
        progress.skipped ? `${progress.skipped} skipped` : '',
        progress.failed ? `${progress.failed} failed` : '',
        `${rate.toFixed(0)}/s`,
      ]
        .filter((part) => part !== '')
        .join(' · ');
      options.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done}/${progress.total} ${extra}\u001b[K`,
      );
      drewBar = true;
      return;
    }
    const now = performance.now();
    if (!final && now - lastAt < interval) return;
    lastAt = now;
    options.write(
      `${JSON.stringify({ event: 'progress', ...progress, elapsedMs: Math.round(progress.elapsedMs) })}\n`,
    );
  };
  const finish = (): void => {
    if (options.isTTY && drewBar) options.write('\n');
  };
  return { report, finish };
}
