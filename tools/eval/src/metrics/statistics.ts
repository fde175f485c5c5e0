/** Arithmetic mean; 0 for an empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Percentile by linear interpolation between closest ranks (p in [0, 100]); 0 for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const position = ((sorted.length - 1) * Math.min(100, Math.max(0, p))) / 100;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const lowerValue = sorted[lower] ?? 0;
  const upperValue = sorted[upper] ?? lowerValue;
  return lowerValue + (upperValue - lowerValue) * (position - lower);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Rounds to `digits` decimals for reports. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Wilson score interval for a proportion (`successes` of `n`), as percentages rounded to 0.1; the
 * 95 % interval by default (z = 1.96). Better than the normal approximation near 0 %, 100 % and for
 * the ~100-question dev sets.
 */
export function wilsonInterval(successes: number, n: number, z = 1.96): readonly [number, number] {
  if (n === 0) return [0, 0];
  const p = successes / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return [round(Math.max(0, centre - half) * 100), round(Math.min(1, centre + half) * 100)];
}

/** Sample standard deviation; 0 for fewer than two values. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1));
}
