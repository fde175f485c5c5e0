import { nameKinds } from '@rootweaver/core';

/** Inputs and their kinds (indexes into `nameKinds`). */
export interface NameKindData {
  readonly inputs: readonly Float32Array[];
  readonly kinds: readonly number[];
}

export interface SoftmaxFitOptions {
  /** L2 penalty on every weight. */
  readonly penalty: number;
  readonly epochs: number;
  readonly learningRate: number;
  /** Called after each epoch with the weights so far (to score checkpoints). */
  readonly onEpoch?: (epoch: number, weights: Float32Array) => void;
}

/** Class probabilities of one input under row-major [kinds × features] weights. */
export function softmaxOf(weights: Float32Array, input: Float32Array): number[] {
  const featureCount = input.length;
  const scores = nameKinds.map((_, kind) => {
    let sum = 0;
    for (let index = 0; index < featureCount; index += 1)
      sum += (weights[kind * featureCount + index] as number) * (input[index] as number);
    return sum;
  });
  const top = Math.max(...scores);
  const exponents = scores.map((score) => Math.exp(score - top));
  const total = exponents.reduce((sum, value) => sum + value, 0);
  return exponents.map((value) => value / total);
}

/**
 * A multinomial logistic regression fitted by full-batch gradient descent from zero weights: no
 * randomness, so the same data and options give the same weights bit for bit.
 */
export function fitSoftmax(data: NameKindData, options: SoftmaxFitOptions): Float32Array {
  const featureCount = data.inputs[0]?.length ?? 0;
  const weights = new Float32Array(nameKinds.length * featureCount);
  const gradient = new Float64Array(weights.length);
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    gradient.fill(0);
    data.inputs.forEach((input, row) => {
      const probabilities = softmaxOf(weights, input);
      probabilities.forEach((probability, kind) => {
        const error = probability - (data.kinds[row] === kind ? 1 : 0);
        const base = kind * featureCount;
        for (let index = 0; index < featureCount; index += 1)
          gradient[base + index] = (gradient[base + index] as number) + error * (input[index] as number);
      });
    });
    const count = Math.max(1, data.inputs.length);
    for (let index = 0; index < weights.length; index += 1)
      weights[index] =
        (weights[index] as number) -
        options.learningRate *
          ((gradient[index] as number) / count + options.penalty * (weights[index] as number));
    options.onEpoch?.(epoch, weights);
  }
  return weights;
}

/** Accuracy and mean negative log-likelihood of weights on data. */
export function scoreSoftmax(
  weights: Float32Array,
  data: NameKindData,
): { accuracy: number; logLoss: number; confusion: number[][] } {
  let right = 0;
  let loss = 0;
  const confusion = nameKinds.map(() => nameKinds.map(() => 0));
  data.inputs.forEach((input, row) => {
    const probabilities = softmaxOf(weights, input);
    const gold = data.kinds[row] as number;
    const predicted = probabilities.indexOf(Math.max(...probabilities));
    if (predicted === gold) right += 1;
    loss -= Math.log(Math.max(1e-12, probabilities[gold] as number));
    (confusion[gold] as number[])[predicted] = ((confusion[gold] as number[])[predicted] as number) + 1;
  });
  const count = Math.max(1, data.inputs.length);
  return { accuracy: right / count, logLoss: loss / count, confusion };
}

/** A trainer flag's value as a positive number; anything else is an error naming the flag and an example. */
export function parsePositive(text: string, flag: string, example: string): number {
  const value = Number(text);
  if (text.trim() === '' || !(value > 0) || !Number.isFinite(value))
    throw new Error(`${flag} needs a positive number (got "${text}"), e.g. ${example}.`);
  return value;
}
