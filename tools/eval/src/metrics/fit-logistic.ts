import { reliabilityTable } from '@rootweaver/innovations';

/**
 * Fits σ(w · x + b) to 0/1 outcomes by Newton's method (L2 penalty `ridge` on w), the calibration map
 * stored with a model. Deterministic.
 */
export function fitLogistic(
  inputs: readonly (readonly number[])[],
  outcomes: readonly number[],
  options: { ridge?: number; iterations?: number } = {},
): { weights: number[]; bias: number } {
  const ridge = options.ridge ?? 1e-3;
  const width = inputs[0]?.length ?? 0;
  const size = width + 1;
  let theta = new Array<number>(size).fill(0);
  for (let iteration = 0; iteration < (options.iterations ?? 50); iteration += 1) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    inputs.forEach((x, row) => {
      const features = [...x, 1];
      const z = features.reduce((sum, value, index) => sum + value * (theta[index] as number), 0);
      const p = 1 / (1 + Math.exp(-z));
      const error = p - (outcomes[row] as number);
      const weight = p * (1 - p);
      for (let i = 0; i < size; i += 1) {
        gradient[i] = (gradient[i] as number) + error * (features[i] as number);
        for (let j = 0; j < size; j += 1)
          (hessian[i] as number[])[j] =
            ((hessian[i] as number[])[j] as number) +
            weight * (features[i] as number) * (features[j] as number);
      }
    });
    for (let i = 0; i < width; i += 1) {
      gradient[i] = (gradient[i] as number) + ridge * (theta[i] as number);
      (hessian[i] as number[])[i] = ((hessian[i] as number[])[i] as number) + ridge;
    }
    const step = solve(hessian, gradient);
    theta = theta.map((value, index) => value - (step[index] as number));
    if (step.every((value) => Math.abs(value) < 1e-9)) break;
  }
  return { weights: theta.slice(0, width), bias: theta[width] as number };
}

/** Gaussian elimination with partial pivoting: solves A x = b. */
function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const a = matrix.map((row, index) => [...row, vector[index] as number]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1)
      if (
        Math.abs((a[row] as number[])[column] as number) > Math.abs((a[pivot] as number[])[column] as number)
      )
        pivot = row;
    [a[column], a[pivot]] = [a[pivot] as number[], a[column] as number[]];
    const head = (a[column] as number[])[column] as number;
    if (Math.abs(head) < 1e-12) continue;
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const factor = ((a[row] as number[])[column] as number) / head;
      for (let k = column; k <= size; k += 1)
        (a[row] as number[])[k] =
          ((a[row] as number[])[k] as number) - factor * ((a[column] as number[])[k] as number);
    }
  }
  return a.map((row, index) => {
    const head = row[index] as number;
    return Math.abs(head) < 1e-12 ? 0 : (row[size] as number) / head;
  });
}

/** Expected calibration error over `bins` equal-width bins of confidence (the report's reliability table). */
export function expectedCalibrationError(
  confidences: readonly number[],
  outcomes: readonly number[],
  bins = 10,
): number {
  return reliabilityTable(
    confidences.map((confidence, index) => ({ confidence, correct: outcomes[index] === 1 })),
    bins,
  ).expectedCalibrationError;
}
