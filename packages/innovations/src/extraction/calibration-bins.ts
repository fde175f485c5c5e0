/** One confidence bin of a reliability table. */
export interface ReliabilityBin {
  /** Inclusive lower and exclusive upper bound (the last bin includes 1). */
  readonly from: number;
  readonly to: number;
  readonly count: number;
  /** Mean confidence of the bin's answers (`null` when empty). */
  readonly meanConfidence: number | null;
  /** Share of the bin's answers that were right (`null` when empty). */
  readonly accuracy: number | null;
}

export interface ReliabilityTable {
  readonly bins: readonly ReliabilityBin[];
  /** Expected calibration error: the count-weighted mean of |accuracy − confidence| over the bins. */
  readonly expectedCalibrationError: number;
  readonly count: number;
}

/** Confidence vs accuracy in `binCount` equal-width bins, with the expected calibration error. */
export function reliabilityTable(
  points: readonly { readonly confidence: number; readonly correct: boolean }[],
  binCount = 10,
): ReliabilityTable {
  const sums = Array.from({ length: binCount }, () => ({ count: 0, confidence: 0, correct: 0 }));
  for (const point of points) {
    const clamped = Math.min(1, Math.max(0, point.confidence));
    const index = Math.min(binCount - 1, Math.floor(clamped * binCount));
    const bin = sums[index];
    if (bin === undefined) continue;
    bin.count += 1;
    bin.confidence += clamped;
    bin.correct += point.correct ? 1 : 0;
  }
  let error = 0;
  const bins = sums.map((bin, index) => {
    const meanConfidence = bin.count === 0 ? null : bin.confidence / bin.count;
    const accuracy = bin.count === 0 ? null : bin.correct / bin.count;
    if (meanConfidence !== null && accuracy !== null)
      error += (bin.count / Math.max(1, points.length)) * Math.abs(accuracy - meanConfidence);
    return { from: index / binCount, to: (index + 1) / binCount, count: bin.count, meanConfidence, accuracy };
  });
  return { bins, expectedCalibrationError: error, count: points.length };
}
