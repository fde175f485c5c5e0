import { describe, expect, it } from 'vitest';
import { binFeatures, binThresholds } from './feature-bins.js';

describe('binFeatures', () => {
  it('puts each distinct value in its own bin when there are few, in order', () => {
    const features = Float32Array.from([3, 1, 2, 1, 3]);
    const { bins, thresholds } = binFeatures(features, 1, 16);
    expect([...(thresholds[0] as Float32Array)]).toEqual([1, 2]);
    expect([...bins]).toEqual([2, 0, 1, 0, 2]);
  });

  it('lays the bins out row by row, each feature cut on its own values', () => {
    // Two features: the first counts up, the second down.
    const features = Float32Array.from([1, 30, 2, 20, 3, 10]);
    const { bins, thresholds, featureCount } = binFeatures(features, 2, 16);
    expect(featureCount).toBe(2);
    expect([...(thresholds[0] as Float32Array)]).toEqual([1, 2]);
    expect([...(thresholds[1] as Float32Array)]).toEqual([10, 20]);
    expect([...bins]).toEqual([0, 2, 1, 1, 2, 0]);
  });

  it('cuts many values at quantiles: bins of similar sizes, and a row ≤ its bin threshold', () => {
    const values = Float32Array.from({ length: 1000 }, (_, index) => (index * 7919) % 1000);
    const thresholds = binThresholds(values, 10);
    expect(thresholds.length).toBe(9);
    const { bins } = binFeatures(values, 1, 10);
    const sizes = new Array<number>(10).fill(0);
    for (const bin of bins) sizes[bin] = (sizes[bin] as number) + 1;
    for (const size of sizes) expect(size).toBeGreaterThan(80);
    bins.forEach((bin, row) => {
      if (bin < thresholds.length) expect(values[row]).toBeLessThanOrEqual(thresholds[bin] as number);
      if (bin > 0) expect(values[row]).toBeGreaterThan(thresholds[bin - 1] as number);
    });
  });

  it('refuses a bin count outside [2, 256]', () => {
    expect(() => binFeatures(new Float32Array(4), 1, 300)).toThrow(/bins/u);
    expect(() => binFeatures(new Float32Array(4), 1, 1)).toThrow(/bins/u);
  });
});
