import { seededRandom } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { type RankingData, softmaxGradients, trainRankingTrees } from './gradient-boosting.js';

/**
 * Groups of 8 candidates over 3 features; the right one is the only candidate with x0 > 0.6 and
 * x1 < 0.4 (an interaction no single feature decides); x2 is noise.
 */
function groups(count: number, seed: number): RankingData {
  const random = seededRandom(seed);
  const size = 8;
  const features = new Float32Array(count * size * 3);
  const labels = new Uint8Array(count * size);
  const groupStarts = new Int32Array(count + 1);
  for (let group = 0; group < count; group += 1) {
    groupStarts[group] = group * size;
    const right = Math.floor(random() * size);
    for (let slot = 0; slot < size; slot += 1) {
      const row = group * size + slot;
      let x0 = random();
      let x1 = random();
      if (slot === right) {
        x0 = 0.6 + 0.4 * random();
        x1 = 0.4 * random();
        labels[row] = 1;
      } else if (x0 > 0.6 && x1 < 0.4) x1 = 0.4 + 0.6 * random();
      features.set([x0, x1, random()], row * 3);
    }
  }
  groupStarts[count] = count * size;
  return { features, featureCount: 3, groupStarts, labels };
}

const options = {
  trees: 60,
  learningRate: 0.2,
  maxLeaves: 8,
  minLeafRows: 5,
  minLeafHessian: 1e-3,
  lambda: 1,
  featureFraction: 1,
  groupFraction: 0.8,
  bins: 32,
  seed: 3,
};

function topOneAccuracy(data: RankingData, score: (row: number) => number): number {
  let right = 0;
  const groupCount = data.groupStarts.length - 1;
  for (let group = 0; group < groupCount; group += 1) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let row = data.groupStarts[group] as number; row < (data.groupStarts[group + 1] as number); row += 1)
      if (score(row) > bestScore) {
        bestScore = score(row);
        best = row;
      }
    if (data.labels[best] === 1) right += 1;
  }
  return right / groupCount;
}

describe('trainRankingTrees', () => {
  it('learns to put the right candidate of unseen groups first (an interaction of two features)', () => {
    const model = trainRankingTrees(groups(300, 1), options);
    const heldOut = groups(200, 2);
    expect(topOneAccuracy(heldOut, (row) => model.score(heldOut.features, row))).toBeGreaterThan(0.95);
    // Chance is 1 in 8; one feature alone cannot do it.
    expect(topOneAccuracy(heldOut, (row) => heldOut.features[row * 3] as number)).toBeLessThan(0.8);
  });

  it('is deterministic for one seed, and stops when afterTree says so', () => {
    const data = groups(100, 4);
    const a = trainRankingTrees(data, options);
    const b = trainRankingTrees(data, options);
    for (let row = 0; row < 50; row += 1)
      expect(a.score(data.features, row)).toBe(b.score(data.features, row));
    const seen: number[] = [];
    const stopped = trainRankingTrees(data, {
      ...options,
      afterTree: (trees) => {
        seen.push(trees);
        return trees < 5;
      },
    });
    expect(stopped.treeCount).toBe(5);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('softmaxGradients', () => {
  it('is the derivative of −log P(right) per group (finite differences), and skips groups with no right candidate', () => {
    const data: RankingData = {
      features: new Float32Array(5),
      featureCount: 1,
      groupStarts: Int32Array.from([0, 3, 5]),
      labels: Uint8Array.from([0, 1, 1, 0, 0]),
    };
    const scores = Float64Array.from([0.3, -0.2, 0.9, 1, 2]);
    const gradients = new Float64Array(5);
    const hessians = new Float64Array(5);
    const loss = softmaxGradients(data, scores, gradients, hessians);
    const lossAt = (shifted: Float64Array): number =>
      softmaxGradients(data, shifted, new Float64Array(5), new Float64Array(5));
    for (let row = 0; row < 3; row += 1) {
      const up = Float64Array.from(scores);
      up[row] = (up[row] as number) + 1e-6;
      expect(gradients[row]).toBeCloseTo((lossAt(up) - loss) / 1e-6, 4);
      expect(hessians[row]).toBeGreaterThan(0);
    }
    expect([gradients[3], gradients[4], hessians[3], hessians[4]]).toEqual([0, 0, 0, 0]);
  });
});
