import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { TreeEnsemble } from './tree-ensemble.js';

// Two trees over two features:
//   tree 0: x0 ≤ 0.5 ? (x1 ≤ 2 ? 1 : 2) : 3      tree 1: a single leaf, 10
function twoTrees(): TreeEnsemble {
  return new TreeEnsemble({
    featureCount: 2,
    feature: Int32Array.from([0, 1]),
    threshold: Float32Array.from([0.5, 2]),
    left: Int32Array.from([1, -1]),
    right: Int32Array.from([-3, -2]),
    leaf: Float32Array.from([1, 2, 3, 10]),
    roots: Int32Array.from([0, -4]),
  });
}

describe('TreeEnsemble', () => {
  it('adds up the leaf each tree sends a row to (≤ threshold goes left)', () => {
    const model = twoTrees();
    const rows = Float32Array.from([0.5, 2, 0.2, 3, 0.9, 0]);
    expect(model.score(rows, 0)).toBe(11);
    expect(model.score(rows, 1)).toBe(12);
    expect(model.score(rows, 2)).toBe(13);
    expect(model.score(rows, 2, 1)).toBe(3);
    expect(model.treeCount).toBe(2);
  });

  it('keeps its first trees only, scoring as the whole did over them', () => {
    const first = twoTrees().firstTrees(1);
    expect(first.treeCount).toBe(1);
    expect(first.score(Float32Array.from([0.2, 3]), 0)).toBe(2);
    expect(first.toTensors('t').get('t.leaf')?.values.length).toBe(3);
  });

  it('reads back what it writes as tensors', () => {
    const model = twoTrees();
    const copy = TreeEnsemble.fromTensors(model.toTensors('trees'), 'trees', 2);
    const rows = Float32Array.from([0.5, 2, 0.2, 3, 0.9, 0]);
    for (const row of [0, 1, 2]) expect(copy.score(rows, row)).toBe(model.score(rows, row));
  });

  it('refuses a malformed ensemble: a feature out of range, a child pointing back, a missing tensor', () => {
    const parts = {
      featureCount: 2,
      feature: Int32Array.from([0, 1]),
      threshold: Float32Array.from([0.5, 2]),
      left: Int32Array.from([1, -1]),
      right: Int32Array.from([-3, -2]),
      leaf: Float32Array.from([1, 2, 3]),
      roots: Int32Array.from([0]),
    };
    const failure = (build: () => unknown): unknown => {
      try {
        build();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    for (const broken of [
      { ...parts, feature: Int32Array.from([0, 2]) },
      { ...parts, left: Int32Array.from([0, -1]) },
      { ...parts, right: Int32Array.from([-9, -2]) },
      { ...parts, roots: Int32Array.from([5]) },
    ]) {
      const error = failure(() => new TreeEnsemble(broken));
      expect(isRootweaverError(error, 'model-load-failed')).toBe(true);
      expect(String(error)).toMatch(/retrain/u);
    }
    const missing = failure(() => TreeEnsemble.fromTensors(new Map(), 'trees', 2));
    expect(isRootweaverError(missing, 'model-load-failed')).toBe(true);
  });
});
