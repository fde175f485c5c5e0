import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from './cosine-similarity.js';

describe('cosineSimilarity', () => {
  it('is 1 for parallel vectors, 0 for orthogonal ones and -1 for opposite ones', () => {
    expect(cosineSimilarity(new Float32Array([1, 2, 3]), new Float32Array([2, 4, 6]))).toBeCloseTo(1, 6);
    expect(cosineSimilarity(new Float32Array([1, 0]), new Float32Array([0, 5]))).toBe(0);
    expect(cosineSimilarity(new Float32Array([1, -1]), new Float32Array([-2, 2]))).toBeCloseTo(-1, 6);
  });

  it('is 0 when either vector is all zeros instead of dividing by zero', () => {
    expect(cosineSimilarity(new Float32Array([0, 0]), new Float32Array([1, 1]))).toBe(0);
  });
});
