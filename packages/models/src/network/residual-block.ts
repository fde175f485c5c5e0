import { depthwiseConvolution, layerNorm, linear, reluInPlace } from './operations.js';
import type { ParameterSource } from './parameter-source.js';

/** What one residual block computed, kept for back-propagation. */
export interface BlockActivations {
  /** The block's input [n × d]. */
  readonly input: Float32Array;
  /** Layer-norm output before gamma/beta, and each row's 1/σ. */
  readonly normalisedUnscaled: Float32Array;
  readonly inverseDeviation: Float32Array;
  /** Layer-norm output (gamma/beta applied). */
  readonly normalised: Float32Array;
  readonly convolved: Float32Array;
  /** ReLU(pointwise(convolved)), before dropout. */
  readonly mixed: Float32Array;
  /** Dropout's keep mask scaled by 1/(1 − rate), or undefined when not training. */
  readonly dropoutMask: Float32Array | undefined;
}

/** Dropout while training: a seeded source of [0, 1) numbers and the rate. */
export interface Dropout {
  readonly rate: number;
  readonly random: () => number;
}

/** A keep-mask scaled by 1/(1 − rate) of `size`, or undefined with no dropout. */
export function dropoutMask(size: number, dropout: Dropout | undefined): Float32Array | undefined {
  if (dropout === undefined || dropout.rate <= 0) return undefined;
  const mask = new Float32Array(size);
  const kept = 1 / (1 - dropout.rate);
  for (let index = 0; index < size; index += 1) mask[index] = dropout.random() < dropout.rate ? 0 : kept;
  return mask;
}

export function applyMask(values: Float32Array, mask: Float32Array | undefined): Float32Array {
  if (mask === undefined) return values;
  const out = new Float32Array(values.length);
  for (let index = 0; index < values.length; index += 1)
    out[index] = (values[index] as number) * (mask[index] as number);
  return out;
}

/**
 * Residual blocks h ← h + dropout(ReLU(pointwise(depthwise(layerNorm(h))))), `count` of them under
 * `prefix.block{i}.*`. Returns the output and, per block, what back-propagation needs.
 */
export function residualBlocks(
  parameters: ParameterSource,
  prefix: string,
  count: number,
  h: Float32Array,
  n: number,
  d: number,
  kernelWidth: number,
  dropout?: Dropout,
): { output: Float32Array; blocks: BlockActivations[] } {
  const blocks: BlockActivations[] = [];
  let current = h;
  for (let block = 0; block < count; block += 1) {
    const name = `${prefix}.block${block}`;
    const inverseDeviation = new Float32Array(n);
    const normalisedUnscaled = new Float32Array(n * d);
    const normalised = layerNorm(
      current,
      n,
      d,
      parameters.values(`${name}.norm.gamma`),
      parameters.values(`${name}.norm.beta`),
      1e-5,
      { normalisedUnscaled, inverseDeviation },
    );
    const convolved = depthwiseConvolution(
      normalised,
      n,
      d,
      parameters.values(`${name}.depthwise.kernel`),
      kernelWidth,
      parameters.values(`${name}.depthwise.bias`),
    );
    const mixed = reluInPlace(
      linear(
        convolved,
        n,
        d,
        parameters.values(`${name}.pointwise.w`),
        d,
        parameters.values(`${name}.pointwise.b`),
      ),
    );
    const mask = dropoutMask(n * d, dropout);
    const next = new Float32Array(n * d);
    for (let index = 0; index < next.length; index += 1)
      next[index] =
        (current[index] as number) +
        (mixed[index] as number) * (mask === undefined ? 1 : (mask[index] as number));
    blocks.push({
      input: current,
      normalisedUnscaled,
      inverseDeviation,
      normalised,
      convolved,
      mixed,
      dropoutMask: mask,
    });
    current = next;
  }
  return { output: current, blocks };
}
