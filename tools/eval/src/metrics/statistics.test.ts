import { describe, expect, it } from 'vitest';
import { mean, median, percentile } from './statistics.js';

describe('statistics', () => {
  it('interpolates percentiles between ranks', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 95)).toBeCloseTo(48, 10);
    expect(percentile([], 50)).toBe(0);
    expect(mean([1, 2, 6])).toBe(3);
  });
});
