import type { IsotonicCalibration } from '@rootweaver/innovations/selection';

/**
 * Isotonic regression by pool-adjacent-violators: the non-decreasing step function of `score` that
 * best fits the 0/1 outcomes (least squares). Held-out scores in, a calibration map out.
 */
export function fitIsotonic(
  points: readonly { readonly score: number; readonly correct: boolean }[],
): IsotonicCalibration {
  const sorted = [...points].sort((left, right) => left.score - right.score);
  const blocks: { sum: number; count: number; low: number; high: number }[] = [];
  for (const point of sorted) {
    blocks.push({ sum: point.correct ? 1 : 0, count: 1, low: point.score, high: point.score });
    while (blocks.length >= 2) {
      const last = blocks[blocks.length - 1];
      const previous = blocks[blocks.length - 2];
      if (last === undefined || previous === undefined) break;
      if (previous.sum / previous.count < last.sum / last.count) break;
      blocks.splice(blocks.length - 2, 2, {
        sum: previous.sum + last.sum,
        count: previous.count + last.count,
        low: previous.low,
        high: last.high,
      });
    }
  }
  const thresholds: number[] = [];
  const values: number[] = [];
  for (const block of blocks) {
    const value = Math.round((block.sum / block.count) * 10_000) / 10_000;
    // Each block spans [low, high]; the map is linear between block centres.
    thresholds.push(Math.round(((block.low + block.high) / 2) * 1_000_000) / 1_000_000);
    values.push(value);
  }
  return { kind: 'isotonic', thresholds, values };
}
