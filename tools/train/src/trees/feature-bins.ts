/**
 * Features cut into at most `bins` ordered bins each (quantiles of the training values), so a tree
 * split is a bin boundary: bin b holds the values in (thresholds[b − 1], thresholds[b]].
 */
export interface BinnedFeatures {
  readonly featureCount: number;
  /**
   * Each row's bins, row-major (`rows × featureCount`): the trainer reads every feature of one row at
   * once, so a row's bins sit in one or two cache lines rather than one line per feature.
   */
  readonly bins: Uint8Array;
  /** Per feature, the upper bound of every bin but the last. */
  readonly thresholds: readonly Float32Array[];
}

/** Cuts points between distinct values, at most `bins − 1`, at quantiles of a sample of the values. */
export function binThresholds(values: Float32Array, bins: number): Float32Array {
  const sorted = Float32Array.from(values).sort();
  const distinct: number[] = [];
  for (const value of sorted)
    if (distinct.length === 0 || value !== distinct[distinct.length - 1]) distinct.push(value);
  if (distinct.length <= bins) {
    const cuts = new Float32Array(Math.max(0, distinct.length - 1));
    for (let index = 0; index + 1 < distinct.length; index += 1) cuts[index] = distinct[index] as number;
    return cuts;
  }
  const cuts: number[] = [];
  for (let bin = 1; bin < bins; bin += 1) {
    const value = sorted[Math.min(sorted.length - 1, Math.floor((bin * sorted.length) / bins))] as number;
    if (cuts.length === 0 || value > (cuts[cuts.length - 1] as number)) cuts.push(value);
  }
  return Float32Array.from(cuts);
}

/** The bin of `value`: the first threshold it does not exceed, or the last bin. */
function binOf(value: number, thresholds: Float32Array): number {
  let low = 0;
  let high = thresholds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value <= (thresholds[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Bins every column of a row-major matrix (thresholds from at most 200,000 evenly spaced rows). */
export function binFeatures(features: Float32Array, featureCount: number, bins: number): BinnedFeatures {
  if (bins > 256 || bins < 2) throw new RangeError(`bins must be in [2, 256], got ${bins}`);
  const rows = features.length / featureCount;
  const step = Math.max(1, Math.floor(rows / 200_000));
  const allBins = new Uint8Array(rows * featureCount);
  const allThresholds: Float32Array[] = [];
  for (let feature = 0; feature < featureCount; feature += 1) {
    const sample = new Float32Array(Math.ceil(rows / step));
    for (let row = 0, at = 0; row < rows; row += step, at += 1)
      sample[at] = features[row * featureCount + feature] as number;
    const thresholds = binThresholds(sample, bins);
    for (let row = 0; row < rows; row += 1) {
      const at = row * featureCount + feature;
      allBins[at] = binOf(features[at] as number, thresholds);
    }
    allThresholds.push(thresholds);
  }
  return { featureCount, bins: allBins, thresholds: allThresholds };
}
