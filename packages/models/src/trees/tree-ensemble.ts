import { RootweaverError } from '@rootweaver/core';
import type { Tensor } from '../network/weights-file.js';

/**
 * Regression trees added together (gradient boosting's output), stored flat: node `i` of the
 * ensemble splits on `feature[i]` — a row's value ≤ `threshold[i]` goes to `left[i]`, else to
 * `right[i]` — and a child below 0 is the leaf `−child − 1`, whose value is `leaf[−child − 1]`.
 * `roots[t]` is tree t's first node (a negative root: a tree that is one leaf).
 */
export class TreeEnsemble {
  readonly featureCount: number;
  readonly #feature: Int32Array;
  readonly #threshold: Float32Array;
  readonly #left: Int32Array;
  readonly #right: Int32Array;
  readonly #leaf: Float32Array;
  readonly #roots: Int32Array;

  constructor(parts: {
    readonly featureCount: number;
    readonly feature: Int32Array;
    readonly threshold: Float32Array;
    readonly left: Int32Array;
    readonly right: Int32Array;
    readonly leaf: Float32Array;
    readonly roots: Int32Array;
  }) {
    const nodes = parts.feature.length;
    const fail = (what: string): never => {
      throw new RootweaverError(
        'model-load-failed',
        `The tree ensemble is malformed (${what}); retrain the model.`,
      );
    };
    if (parts.threshold.length !== nodes || parts.left.length !== nodes || parts.right.length !== nodes)
      fail('node arrays of different lengths');
    for (let node = 0; node < nodes; node += 1) {
      const feature = parts.feature[node] as number;
      if (feature < 0 || feature >= parts.featureCount) fail(`node ${node} splits on feature ${feature}`);
      for (const child of [parts.left[node] as number, parts.right[node] as number])
        if (child >= nodes || (child < 0 && -child - 1 >= parts.leaf.length) || (child >= 0 && child <= node))
          fail(`node ${node} has child ${child}`);
    }
    for (const root of parts.roots)
      if (root >= nodes || (root < 0 && -root - 1 >= parts.leaf.length)) fail(`root ${root}`);
    this.featureCount = parts.featureCount;
    this.#feature = parts.feature;
    this.#threshold = parts.threshold;
    this.#left = parts.left;
    this.#right = parts.right;
    this.#leaf = parts.leaf;
    this.#roots = parts.roots;
  }

  get treeCount(): number {
    return this.#roots.length;
  }

  /**
   * The score of the row at `row` of a row-major `featureCount`-wide matrix: the sum of trees
   * [`from`, `to`) (default all of them).
   */
  score(features: Float32Array, row: number, to = this.#roots.length, from = 0): number {
    const base = row * this.featureCount;
    const feature = this.#feature;
    const threshold = this.#threshold;
    const left = this.#left;
    const right = this.#right;
    const roots = this.#roots;
    const last = Math.min(to, roots.length);
    let sum = 0;
    for (let tree = from; tree < last; tree += 1) {
      let node = roots[tree] as number;
      while (node >= 0)
        node =
          (features[base + (feature[node] as number)] as number) <= (threshold[node] as number)
            ? (left[node] as number)
            : (right[node] as number);
      sum += this.#leaf[-node - 1] as number;
    }
    return sum;
  }

  /**
   * The ensemble of its first `count` trees. Trees are stored one after another, so their nodes and
   * leaves are a prefix of the arrays.
   */
  firstTrees(count: number): TreeEnsemble {
    const kept = this.#roots.slice(0, Math.max(0, Math.min(count, this.#roots.length)));
    let nodes = 0;
    let leaves = 0;
    const visit = (node: number): void => {
      if (node < 0) {
        leaves = Math.max(leaves, -node);
        return;
      }
      nodes = Math.max(nodes, node + 1);
      visit(this.#left[node] as number);
      visit(this.#right[node] as number);
    };
    for (const root of kept) visit(root);
    return new TreeEnsemble({
      featureCount: this.featureCount,
      feature: this.#feature.slice(0, nodes),
      threshold: this.#threshold.slice(0, nodes),
      left: this.#left.slice(0, nodes),
      right: this.#right.slice(0, nodes),
      leaf: this.#leaf.slice(0, leaves),
      roots: kept,
    });
  }

  /** The ensemble as named tensors for a weights file (integers stored exactly as float32: all < 2^24). */
  toTensors(prefix: string): Map<string, Tensor> {
    const tensor = (values: ArrayLike<number>): Tensor => ({
      shape: [values.length],
      values: Float32Array.from(values),
    });
    return new Map([
      [`${prefix}.feature`, tensor(this.#feature)],
      [`${prefix}.threshold`, tensor(this.#threshold)],
      [`${prefix}.left`, tensor(this.#left)],
      [`${prefix}.right`, tensor(this.#right)],
      [`${prefix}.leaf`, tensor(this.#leaf)],
      [`${prefix}.roots`, tensor(this.#roots)],
    ]);
  }

  /** Reads an ensemble written by `toTensors`. */
  static fromTensors(
    tensors: ReadonlyMap<string, Tensor>,
    prefix: string,
    featureCount: number,
  ): TreeEnsemble {
    const read = (name: string): Float32Array => {
      const tensor = tensors.get(`${prefix}.${name}`);
      if (tensor === undefined)
        throw new RootweaverError(
          'model-load-failed',
          `The weights hold no ${prefix}.${name}; retrain the model.`,
        );
      return tensor.values;
    };
    return new TreeEnsemble({
      featureCount,
      feature: Int32Array.from(read('feature')),
      threshold: Float32Array.from(read('threshold')),
      left: Int32Array.from(read('left')),
      right: Int32Array.from(read('right')),
      leaf: Float32Array.from(read('leaf')),
      roots: Int32Array.from(read('roots')),
    });
  }
}
