import { describe, expect, it } from 'vitest';
import { fitSoftmax, parsePositive, scoreSoftmax } from './fit-name-kinds.js';

describe('fitSoftmax', () => {
  it('learns separable kinds and gives the same weights for the same data', () => {
    const data = {
      inputs: [
        new Float32Array([1, 0, 0, 0, 1]),
        new Float32Array([0, 1, 0, 0, 1]),
        new Float32Array([0, 0, 1, 0, 1]),
        new Float32Array([0, 0, 0, 1, 1]),
      ],
      kinds: [0, 1, 2, 3],
    };
    const options = { penalty: 0, epochs: 200, learningRate: 0.5 };
    const weights = fitSoftmax(data, options);
    expect(scoreSoftmax(weights, data).accuracy).toBe(1);
    expect([...fitSoftmax(data, options)]).toEqual([...weights]);
  });
});

describe('parsePositive', () => {
  it('reads a positive number and refuses anything else, naming the flag', () => {
    expect(parsePositive('0.5', '--learning-rate', '0.5')).toBe(0.5);
    for (const bad of ['', 'abc', '0', '-1', 'Infinity'])
      expect(() => parsePositive(bad, '--epochs', '800')).toThrow(
        /--epochs needs a positive number .* e\.g\. 800/,
      );
  });
});
