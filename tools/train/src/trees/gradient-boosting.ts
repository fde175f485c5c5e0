import { seededRandom } from '@rootweaver/core';
import { TreeEnsemble } from '@rootweaver/models';
import { type BinnedFeatures, binFeatures } from './feature-bins.js';

/**
 * Candidates in groups (one group a question): the model ranks the candidates of a group against each
 * other. `labels[i]` is 1 when candidate i is a right answer; a group with none teaches nothing.
 */
export interface RankingData {
  readonly features: Float32Array;
  readonly featureCount: number;
  /** Group g is rows [groupStarts[g], groupStarts[g + 1]). */
  readonly groupStarts: Int32Array;
  readonly labels: Uint8Array;
}

export interface BoostingOptions {
  readonly trees: number;
  readonly learningRate: number;
  /** Leaves a tree grows to (best-first). */
  readonly maxLeaves: number;
  /** A leaf needs at least this many rows and this much hessian. */
  readonly minLeafRows: number;
  readonly minLeafHessian: number;
  /** L2 penalty on leaf values. */
  readonly lambda: number;
  /** Share of features each tree may split on, and of groups it is fitted on. */
  readonly featureFraction: number;
  readonly groupFraction: number;
  readonly bins: number;
  readonly seed: number;
  /** Called after each tree; return false to stop. */
  readonly afterTree?: (trees: number, ensemble: () => TreeEnsemble) => boolean;
}

interface Split {
  readonly gain: number;
  readonly feature: number;
  readonly bin: number;
}

interface Leaf {
  readonly begin: number;
  readonly end: number;
  readonly histogram: Float64Array;
  readonly gradient: number;
  readonly hessian: number;
  readonly split: Split | undefined;
  /** Where this leaf hangs: the node and side to point at it (−1: it is the root). */
  readonly parent: number;
  readonly side: 'left' | 'right';
}

/** The growing ensemble's flat arrays (`TreeEnsemble`'s layout). */
class EnsembleBuilder {
  feature: number[] = [];
  threshold: number[] = [];
  splitBin: number[] = [];
  left: number[] = [];
  right: number[] = [];
  leaf: number[] = [];
  roots: number[] = [];

  build(featureCount: number): TreeEnsemble {
    return new TreeEnsemble({
      featureCount,
      feature: Int32Array.from(this.feature),
      threshold: Float32Array.from(this.threshold),
      left: Int32Array.from(this.left),
      right: Int32Array.from(this.right),
      leaf: Float32Array.from(this.leaf),
      roots: Int32Array.from(this.roots),
    });
  }
}

/** Per-group softmax gradients of −log P(a right answer), and the softmax's diagonal hessian. */
export function softmaxGradients(
  data: RankingData,
  scores: Float64Array,
  gradients: Float64Array,
  hessians: Float64Array,
): number {
  let loss = 0;
  const { groupStarts, labels } = data;
  for (let group = 0; group + 1 < groupStarts.length; group += 1) {
    const from = groupStarts[group] as number;
    const to = groupStarts[group + 1] as number;
    let max = Number.NEGATIVE_INFINITY;
    let anyRight = false;
    for (let row = from; row < to; row += 1) {
      max = Math.max(max, scores[row] as number);
      if (labels[row] === 1) anyRight = true;
    }
    if (!anyRight) {
      gradients.fill(0, from, to);
      hessians.fill(0, from, to);
      continue;
    }
    let sum = 0;
    let right = 0;
    for (let row = from; row < to; row += 1) {
      const value = Math.exp((scores[row] as number) - max);
      gradients[row] = value;
      sum += value;
      if (labels[row] === 1) right += value;
    }
    loss -= Math.log(right / sum);
    for (let row = from; row < to; row += 1) {
      const p = (gradients[row] as number) / sum;
      const share = labels[row] === 1 ? p / (right / sum) : 0;
      gradients[row] = p - share * 1;
      // A right answer's own term: p (1 − p) as for one label; floor keeps Newton steps finite.
      hessians[row] = Math.max(p * (1 - p), 1e-6);
    }
  }
  return loss;
}

/**
 * Gradient-boosted regression trees for ranking within groups (listwise softmax loss, second-order
 * leaf values, histogram splits, trees grown best-first). Deterministic for one seed.
 */
export function trainRankingTrees(data: RankingData, options: BoostingOptions): TreeEnsemble {
  const { featureCount: F } = data;
  const rowCount = data.labels.length;
  const binned = binFeatures(data.features, F, options.bins);
  const B = options.bins;
  const random = seededRandom(options.seed);
  const scores = new Float64Array(rowCount);
  const gradients = new Float64Array(rowCount);
  const hessians = new Float64Array(rowCount);
  const builder = new EnsembleBuilder();
  const groupCount = data.groupStarts.length - 1;
  const order = new Int32Array(rowCount);

  for (let tree = 0; tree < options.trees; tree += 1) {
    softmaxGradients(data, scores, gradients, hessians);
    // The groups and features this tree sees.
    let used = 0;
    for (let group = 0; group < groupCount; group += 1) {
      if (random() >= options.groupFraction) continue;
      for (
        let row = data.groupStarts[group] as number;
        row < (data.groupStarts[group + 1] as number);
        row += 1
      )
        if ((hessians[row] as number) > 0) order[used++] = row;
    }
    const features: number[] = [];
    for (let feature = 0; feature < F; feature += 1)
      if (random() < options.featureFraction) features.push(feature);
    if (features.length === 0) features.push(Math.floor(random() * F));

    growTree(builder, binned, order, used, gradients, hessians, features, options);
    // Every row's score moves by the new tree's leaf.
    const root = builder.roots[builder.roots.length - 1] as number;
    const { bins } = binned;
    for (let row = 0; row < rowCount; row += 1) {
      const base = row * F;
      let node = root;
      while (node >= 0)
        node =
          (bins[base + (builder.feature[node] as number)] as number) <= (builder.splitBin[node] as number)
            ? (builder.left[node] as number)
            : (builder.right[node] as number);
      scores[row] = (scores[row] as number) + (builder.leaf[-node - 1] as number);
    }
    if (options.afterTree !== undefined && !options.afterTree(tree + 1, () => builder.build(F))) break;
  }
  return builder.build(F);

  function growTree(
    target: EnsembleBuilder,
    features: BinnedFeatures,
    rows: Int32Array,
    count: number,
    g: Float64Array,
    h: Float64Array,
    allowed: readonly number[],
    settings: BoostingOptions,
  ): void {
    const { bins } = features;
    const allowedFeatures = Int32Array.from(allowed);
    const featureBases = Int32Array.from(allowed, (feature) => feature * B * 3);
    // Row by row, every allowed feature of the row: each cell still adds its rows in `rows` order, so
    // the sums (and the trees) are the same as a feature-by-feature pass gives.
    const histogramOf = (begin: number, end: number): Float64Array => {
      const histogram = new Float64Array(F * B * 3);
      const allowedCount = allowedFeatures.length;
      for (let index = begin; index < end; index += 1) {
        const row = rows[index] as number;
        const gradient = g[row] as number;
        const hessian = h[row] as number;
        const base = row * F;
        for (let k = 0; k < allowedCount; k += 1) {
          const at =
            (featureBases[k] as number) + (bins[base + (allowedFeatures[k] as number)] as number) * 3;
          histogram[at] = (histogram[at] as number) + gradient;
          histogram[at + 1] = (histogram[at + 1] as number) + hessian;
          histogram[at + 2] = (histogram[at + 2] as number) + 1;
        }
      }
      return histogram;
    };
    const bestSplit = (
      histogram: Float64Array,
      gradient: number,
      hessian: number,
      rowsIn: number,
    ): Split | undefined => {
      const { lambda, minLeafRows, minLeafHessian } = settings;
      const parentScore = (gradient * gradient) / (hessian + lambda);
      let best: Split | undefined;
      for (const feature of allowed) {
        const base = feature * B * 3;
        let leftG = 0;
        let leftH = 0;
        let leftN = 0;
        for (let bin = 0; bin < B - 1; bin += 1) {
          leftG += histogram[base + bin * 3] as number;
          leftH += histogram[base + bin * 3 + 1] as number;
          leftN += histogram[base + bin * 3 + 2] as number;
          if (leftN < minLeafRows || leftH < minLeafHessian) continue;
          const rightN = rowsIn - leftN;
          const rightH = hessian - leftH;
          if (rightN < minLeafRows || rightH < minLeafHessian) break;
          const rightG = gradient - leftG;
          const gain =
            (leftG * leftG) / (leftH + lambda) + (rightG * rightG) / (rightH + lambda) - parentScore;
          if (gain > 1e-9 && (best === undefined || gain > best.gain)) best = { gain, feature, bin };
        }
      }
      return best;
    };
    const makeLeaf = (
      begin: number,
      end: number,
      histogram: Float64Array,
      parent: number,
      side: 'left' | 'right',
    ): Leaf => {
      let gradient = 0;
      let hessian = 0;
      const first = (allowed[0] as number) * B * 3;
      for (let bin = 0; bin < B; bin += 1) {
        gradient += histogram[first + bin * 3] as number;
        hessian += histogram[first + bin * 3 + 1] as number;
      }
      return {
        begin,
        end,
        histogram,
        gradient,
        hessian,
        split: bestSplit(histogram, gradient, hessian, end - begin),
        parent,
        side,
      };
    };

    const leaves: Leaf[] = [makeLeaf(0, count, histogramOf(0, count), -1, 'left')];
    while (leaves.length < settings.maxLeaves) {
      let pick = -1;
      for (let index = 0; index < leaves.length; index += 1) {
        const split = (leaves[index] as Leaf).split;
        if (split !== undefined && (pick < 0 || split.gain > ((leaves[pick] as Leaf).split as Split).gain))
          pick = index;
      }
      if (pick < 0) break;
      const leaf = leaves[pick] as Leaf;
      const split = leaf.split as Split;
      // Partition the leaf's rows: bin ≤ split.bin first.
      let middle = leaf.begin;
      for (let index = leaf.begin; index < leaf.end; index += 1) {
        const row = rows[index] as number;
        if ((bins[row * F + split.feature] as number) <= split.bin) {
          rows[index] = rows[middle] as number;
          rows[middle] = row;
          middle += 1;
        }
      }
      const node = target.feature.length;
      target.feature.push(split.feature);
      target.threshold.push(features.thresholds[split.feature]?.[split.bin] ?? Number.POSITIVE_INFINITY);
      target.splitBin.push(split.bin);
      target.left.push(0);
      target.right.push(0);
      if (leaf.parent < 0) {
        target.roots.push(node);
      } else if (leaf.side === 'left') target.left[leaf.parent] = node;
      else target.right[leaf.parent] = node;
      // The smaller child's histogram is built, the larger's is the parent's minus it.
      const leftSmaller = middle - leaf.begin <= leaf.end - middle;
      const small = leftSmaller ? histogramOf(leaf.begin, middle) : histogramOf(middle, leaf.end);
      const large = leaf.histogram;
      for (let index = 0; index < large.length; index += 1)
        large[index] = (large[index] as number) - (small[index] as number);
      const leftHistogram = leftSmaller ? small : large;
      const rightHistogram = leftSmaller ? large : small;
      leaves.splice(
        pick,
        1,
        makeLeaf(leaf.begin, middle, leftHistogram, node, 'left'),
        makeLeaf(middle, leaf.end, rightHistogram, node, 'right'),
      );
    }
    for (const leaf of leaves) {
      const value = (-leaf.gradient / (leaf.hessian + settings.lambda)) * settings.learningRate;
      const index = target.leaf.length;
      target.leaf.push(value);
      if (leaf.parent < 0) target.roots.push(-index - 1);
      else if (leaf.side === 'left') target.left[leaf.parent] = -index - 1;
      else target.right[leaf.parent] = -index - 1;
    }
  }
}
