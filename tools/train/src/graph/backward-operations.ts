import type { BlockActivations, ParameterSource } from '@rootweaver/models';

/** Accumulated gradients by parameter name (the same names and sizes as the parameters). */
export class Gradients {
  readonly #values = new Map<string, Float32Array>();

  constructor(
    readonly shapes: ReadonlyMap<string, readonly number[]>,
    options: { shared?: boolean } = {},
  ) {
    for (const [name, shape] of shapes) {
      const size = shape.reduce((a, b) => a * b, 1);
      this.#values.set(
        name,
        options.shared === true ? new Float32Array(new SharedArrayBuffer(size * 4)) : new Float32Array(size),
      );
    }
  }

  /** Gradients over buffers another thread shares (see `buffers`). */
  static over(
    shapes: ReadonlyMap<string, readonly number[]>,
    buffers: ReadonlyMap<string, SharedArrayBuffer>,
  ): Gradients {
    const gradients = new Gradients(new Map());
    for (const [name] of shapes) {
      const buffer = buffers.get(name);
      if (buffer === undefined) throw new Error(`no shared buffer for ${name}`);
      gradients.#values.set(name, new Float32Array(buffer));
    }
    return gradients;
  }

  /** The SharedArrayBuffers behind the values (of `shared` gradients). */
  buffers(): Map<string, SharedArrayBuffer> {
    return new Map([...this.#values].map(([name, values]) => [name, values.buffer as SharedArrayBuffer]));
  }

  of(name: string): Float32Array {
    const values = this.#values.get(name);
    if (values === undefined) throw new Error(`no gradient for ${name}`);
    return values;
  }

  entries(): IterableIterator<[string, Float32Array]> {
    return this.#values.entries();
  }

  clear(): void {
    for (const values of this.#values.values()) values.fill(0);
  }

  /** Adds another set's values (a worker's share of a batch). */
  add(other: Gradients): void {
    for (const [name, values] of other.entries()) {
      const mine = this.of(name);
      for (let index = 0; index < mine.length; index += 1)
        mine[index] = (mine[index] as number) + (values[index] as number);
    }
  }
}

/**
 * Back through `out = x [n × a] · w [a × b] + bias`: adds xᵀ·dOut to dW and Σ dOut to dBias, and
 * returns dX = dOut · wᵀ when asked for.
 */
export function linearBackward(
  x: Float32Array,
  n: number,
  a: number,
  w: Float32Array,
  b: number,
  dOut: Float32Array,
  dW: Float32Array,
  dBias: Float32Array | undefined,
  wantInput: boolean,
): Float32Array | undefined {
  for (let row = 0; row < n; row += 1) {
    const outBase = row * b;
    const inBase = row * a;
    if (dBias !== undefined)
      for (let column = 0; column < b; column += 1)
        dBias[column] = (dBias[column] as number) + (dOut[outBase + column] as number);
    for (let k = 0; k < a; k += 1) {
      const value = x[inBase + k] as number;
      if (value === 0) continue;
      const wBase = k * b;
      for (let column = 0; column < b; column += 1)
        dW[wBase + column] = (dW[wBase + column] as number) + value * (dOut[outBase + column] as number);
    }
  }
  if (!wantInput) return undefined;
  const dX = new Float32Array(n * a);
  for (let row = 0; row < n; row += 1) {
    const outBase = row * b;
    for (let k = 0; k < a; k += 1) {
      const wBase = k * b;
      let sum = 0;
      for (let column = 0; column < b; column += 1)
        sum += (dOut[outBase + column] as number) * (w[wBase + column] as number);
      dX[row * a + k] = sum;
    }
  }
  return dX;
}

/** In place: zeroes dOut where the ReLU's output was 0. */
export function reluBackwardInPlace(output: Float32Array, dOut: Float32Array): Float32Array {
  for (let index = 0; index < dOut.length; index += 1) if ((output[index] as number) <= 0) dOut[index] = 0;
  return dOut;
}

/** Back through a softmax p of length `length` at `offset`: returns dScores. */
export function softmaxBackward(
  p: Float32Array,
  dP: Float32Array,
  offset: number,
  length: number,
): Float32Array {
  let dot = 0;
  for (let index = 0; index < length; index += 1)
    dot += (p[offset + index] as number) * (dP[index] as number);
  const out = new Float32Array(length);
  for (let index = 0; index < length; index += 1)
    out[index] = (p[offset + index] as number) * ((dP[index] as number) - dot);
  return out;
}

/** Back through the residual blocks of `prefix`, last block first; returns d(first block's input). */
export function residualBlocksBackward(
  parameters: ParameterSource,
  gradients: Gradients,
  prefix: string,
  blocks: readonly BlockActivations[],
  dOutput: Float32Array,
  n: number,
  d: number,
  kernelWidth: number,
): Float32Array {
  let dCurrent = dOutput;
  for (let block = blocks.length - 1; block >= 0; block -= 1) {
    const activations = blocks[block] as BlockActivations;
    const name = `${prefix}.block${block}`;
    // Residual: the input gets dOut as is, plus what flows back through the branch.
    const dInput = Float32Array.from(dCurrent);
    const dMixed = new Float32Array(n * d);
    const mask = activations.dropoutMask;
    for (let index = 0; index < dMixed.length; index += 1)
      dMixed[index] =
        (activations.mixed[index] as number) > 0
          ? (dCurrent[index] as number) * (mask === undefined ? 1 : (mask[index] as number))
          : 0;
    const dConvolved = linearBackward(
      activations.convolved,
      n,
      d,
      parameters.values(`${name}.pointwise.w`),
      d,
      dMixed,
      gradients.of(`${name}.pointwise.w`),
      gradients.of(`${name}.pointwise.b`),
      true,
    ) as Float32Array;
    // Depthwise convolution.
    const kernel = parameters.values(`${name}.depthwise.kernel`);
    const dKernel = gradients.of(`${name}.depthwise.kernel`);
    const dKernelBias = gradients.of(`${name}.depthwise.bias`);
    const dNormalised = new Float32Array(n * d);
    const before = Math.floor((kernelWidth - 1) / 2);
    for (let row = 0; row < n; row += 1) {
      const base = row * d;
      for (let k = 0; k < d; k += 1)
        dKernelBias[k] = (dKernelBias[k] as number) + (dConvolved[base + k] as number);
      for (let tap = 0; tap < kernelWidth; tap += 1) {
        const source = row + tap - before;
        if (source < 0 || source >= n) continue;
        const sourceBase = source * d;
        const kernelBase = tap * d;
        for (let k = 0; k < d; k += 1) {
          const g = dConvolved[base + k] as number;
          dKernel[kernelBase + k] =
            (dKernel[kernelBase + k] as number) + g * (activations.normalised[sourceBase + k] as number);
          dNormalised[sourceBase + k] =
            (dNormalised[sourceBase + k] as number) + g * (kernel[kernelBase + k] as number);
        }
      }
    }
    // Layer norm.
    const gamma = parameters.values(`${name}.norm.gamma`);
    const dGamma = gradients.of(`${name}.norm.gamma`);
    const dBeta = gradients.of(`${name}.norm.beta`);
    const unscaled = activations.normalisedUnscaled;
    const dUnscaled = new Float32Array(d);
    for (let row = 0; row < n; row += 1) {
      const base = row * d;
      let sum = 0;
      let sumTimesUnscaled = 0;
      for (let k = 0; k < d; k += 1) {
        const g = dNormalised[base + k] as number;
        dGamma[k] = (dGamma[k] as number) + g * (unscaled[base + k] as number);
        dBeta[k] = (dBeta[k] as number) + g;
        const du = g * (gamma[k] as number);
        dUnscaled[k] = du;
        sum += du;
        sumTimesUnscaled += du * (unscaled[base + k] as number);
      }
      const scale = (activations.inverseDeviation[row] as number) / d;
      for (let k = 0; k < d; k += 1)
        dInput[base + k] =
          (dInput[base + k] as number) +
          scale * (d * (dUnscaled[k] as number) - sum - (unscaled[base + k] as number) * sumTimesUnscaled);
    }
    dCurrent = dInput;
  }
  return dCurrent;
}
