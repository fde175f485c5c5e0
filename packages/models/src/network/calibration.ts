/**
 * A logistic calibration map fitted out of sample by the trainer: confidence = σ(w · x + b), where x
 * are a model's raw scores (`calibrationInputs`). Stored in the weights file's header.
 */
export interface LogisticCalibration {
  readonly weights: readonly number[];
  readonly bias: number;
  /** What the inputs are, in order (documentation; the model computes them). */
  readonly inputs: readonly string[];
  /** Where it was fitted, e.g. "qa/valid.json, calibration half (694 examples)". */
  readonly fittedOn: string;
}

/** log(p / (1 − p)) with p clamped to [1e-6, 1 − 1e-6]. */
export function logit(probability: number): number {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
  return Math.log(p / (1 - p));
}

export function applyCalibration(calibration: LogisticCalibration, inputs: readonly number[]): number {
  let sum = calibration.bias;
  calibration.weights.forEach((weight, index) => {
    sum += weight * (inputs[index] ?? 0);
  });
  return 1 / (1 + Math.exp(-sum));
}
