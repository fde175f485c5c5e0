// Small statistics and formatting shared by the benchmark scripts.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The value at `fraction` of the sorted samples (nearest rank below; NaN when there are none). */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

export const median = (samples: readonly number[]): number => percentile(samples, 0.5);
/** p95 ÷ p50, two decimals. */
export const tail = (samples: readonly number[] = []): string =>
  (percentile(samples, 0.95) / median(samples)).toFixed(2);
export const ms = (value: number): string => (value < 10 ? value.toFixed(3) : value.toFixed(1));
export const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

export function directoryBytes(path: string): number {
  return readdirSync(path).reduce((sum, name) => sum + statSync(join(path, name)).size, 0);
}

export function dot(left: ArrayLike<number>, right: ArrayLike<number>): number {
  let sum = 0;
  for (let position = 0; position < left.length; position += 1)
    sum += (left[position] as number) * (right[position] as number);
  return sum;
}

/** The `count` of rows 0 … `rows` − 1 with the largest `scoreOf`, best first (one pass, a small sorted list). */
export function largest(
  count: number,
  rows: number,
  scoreOf: (row: number) => number,
): { row: number; score: number }[] {
  const best: { row: number; score: number }[] = [];
  for (let row = 0; row < rows; row += 1) {
    const score = scoreOf(row);
    if (best.length === count && score <= (best[count - 1]?.score ?? Number.NEGATIVE_INFINITY)) continue;
    let position = best.length;
    while (position > 0 && (best[position - 1]?.score ?? 0) < score) position -= 1;
    best.splice(position, 0, { row, score });
    if (best.length > count) best.pop();
  }
  return best;
}
