import { describe, expect, it } from 'vitest';
import { reliabilityTable } from './calibration-bins.js';

describe('reliabilityTable', () => {
  it('bins confidences and weighs the gap of each bin by its count', () => {
    const table = reliabilityTable(
      [
        { confidence: 0.95, correct: true },
        { confidence: 0.95, correct: false },
        { confidence: 0.15, correct: false },
        { confidence: 0.15, correct: false },
      ],
      10,
    );
    expect(table.bins[9]).toMatchObject({ count: 2, accuracy: 0.5 });
    expect(table.bins[1]).toMatchObject({ count: 2, accuracy: 0 });
    // |0.5 − 0.95| · ½ + |0 − 0.15| · ½
    expect(table.expectedCalibrationError).toBeCloseTo(0.3, 6);
  });
});
