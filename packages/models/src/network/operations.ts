/**
 * The few dense operations the shipped networks need, on row-major Float32Arrays: a sequence of n
 * vectors of width d is one Float32Array of n × d. Written for clarity and for V8: plain loops over
 * typed arrays, no allocation inside a loop.
 */

/** `x [n × a] · w [a × b] + bias [b]` → [n × b]. */
export function linear(
  x: Float32Array,
  n: number,
  a: number,
  w: Float32Array,
  b: number,
  bias?: Float32Array,
): Float32Array {
  const out = new Float32Array(n * b);
  for (let row = 0; row < n; row += 1) {
    const outBase = row * b;
    if (bias !== undefined) out.set(bias, outBase);
    const inBase = row * a;
    for (let k = 0; k < a; k += 1) {
      const value = x[inBase + k] as number;
      if (value === 0) continue;
      const wBase = k * b;
      for (let column = 0; column < b; column += 1)
        out[outBase + column] = (out[outBase + column] as number) + value * (w[wBase + column] as number);
    }
  }
  return out;
}

/** In place: max(0, x). */
export function reluInPlace(x: Float32Array): Float32Array {
  for (let index = 0; index < x.length; index += 1) if ((x[index] as number) < 0) x[index] = 0;
  return x;
}

/**
 * Layer normalisation of each of n rows of width d, then `· gamma + beta`. `keep` receives the
 * unscaled normalised rows and each row's 1/σ (what back-propagation needs).
 */
export function layerNorm(
  x: Float32Array,
  n: number,
  d: number,
  gamma: Float32Array,
  beta: Float32Array,
  epsilon = 1e-5,
  keep?: { readonly normalisedUnscaled: Float32Array; readonly inverseDeviation: Float32Array },
): Float32Array {
  const out = new Float32Array(n * d);
  for (let row = 0; row < n; row += 1) {
    const base = row * d;
    let mean = 0;
    for (let k = 0; k < d; k += 1) mean += x[base + k] as number;
    mean /= d;
    let variance = 0;
    for (let k = 0; k < d; k += 1) {
      const centred = (x[base + k] as number) - mean;
      variance += centred * centred;
    }
    const scale = 1 / Math.sqrt(variance / d + epsilon);
    if (keep !== undefined) keep.inverseDeviation[row] = scale;
    for (let k = 0; k < d; k += 1) {
      const unscaled = ((x[base + k] as number) - mean) * scale;
      if (keep !== undefined) keep.normalisedUnscaled[base + k] = unscaled;
      out[base + k] = unscaled * (gamma[k] as number) + (beta[k] as number);
    }
  }
  return out;
}

/**
 * Depthwise 1-D convolution with zero padding that keeps the length ('same'): `kernel [width × d]`,
 * output position i reads inputs i − ⌊(width − 1)/2⌋ … , as TensorFlow's 'same' padding does.
 */
export function depthwiseConvolution(
  x: Float32Array,
  n: number,
  d: number,
  kernel: Float32Array,
  width: number,
  bias: Float32Array,
): Float32Array {
  const out = new Float32Array(n * d);
  const before = Math.floor((width - 1) / 2);
  for (let row = 0; row < n; row += 1) {
    const outBase = row * d;
    out.set(bias, outBase);
    for (let tap = 0; tap < width; tap += 1) {
      const source = row + tap - before;
      if (source < 0 || source >= n) continue;
      const inBase = source * d;
      const kBase = tap * d;
      for (let k = 0; k < d; k += 1)
        out[outBase + k] =
          (out[outBase + k] as number) + (x[inBase + k] as number) * (kernel[kBase + k] as number);
    }
  }
  return out;
}

/** In place: the numerically stable softmax of `x[offset … offset + length)`. */
export function softmaxInPlace(x: Float32Array, offset = 0, length = x.length - offset): void {
  let largest = Number.NEGATIVE_INFINITY;
  for (let index = offset; index < offset + length; index += 1)
    largest = Math.max(largest, x[index] as number);
  let sum = 0;
  for (let index = offset; index < offset + length; index += 1) {
    const value = Math.exp((x[index] as number) - largest);
    x[index] = value;
    sum += value;
  }
  for (let index = offset; index < offset + length; index += 1) x[index] = (x[index] as number) / sum;
}

/** `x [n × d] · v [d]` → [n]. */
export function matrixVector(x: Float32Array, n: number, d: number, v: Float32Array): Float32Array {
  const out = new Float32Array(n);
  for (let row = 0; row < n; row += 1) {
    let sum = 0;
    const base = row * d;
    for (let k = 0; k < d; k += 1) sum += (x[base + k] as number) * (v[k] as number);
    out[row] = sum;
  }
  return out;
}

/** `w [a × b] · v [b]` → [a]. */
export function weightsTimesVector(w: Float32Array, a: number, b: number, v: Float32Array): Float32Array {
  return matrixVector(w, a, b, v);
}

/** Column-wise maximum of x [n × d] → [d] (zeros when n is 0). */
export function maxOverRows(x: Float32Array, n: number, d: number): Float32Array {
  const out = new Float32Array(d);
  if (n === 0) return out;
  out.set(x.subarray(0, d));
  for (let row = 1; row < n; row += 1)
    for (let k = 0; k < d; k += 1) out[k] = Math.max(out[k] as number, x[row * d + k] as number);
  return out;
}

/** `weights [n] · x [n × d]` → [d]. */
export function weightedSum(weights: Float32Array, x: Float32Array, n: number, d: number): Float32Array {
  const out = new Float32Array(d);
  for (let row = 0; row < n; row += 1) {
    const weight = weights[row] as number;
    const base = row * d;
    for (let k = 0; k < d; k += 1) out[k] = (out[k] as number) + weight * (x[base + k] as number);
  }
  return out;
}

/** Concatenates row-aligned matrices [n × d_i] side by side → [n × Σ d_i]. */
export function concatenateColumns(
  n: number,
  parts: readonly { readonly values: Float32Array; readonly width: number }[],
): Float32Array {
  const total = parts.reduce((sum, part) => sum + part.width, 0);
  const out = new Float32Array(n * total);
  for (let row = 0; row < n; row += 1) {
    let offset = row * total;
    for (const part of parts) {
      out.set(part.values.subarray(row * part.width, (row + 1) * part.width), offset);
      offset += part.width;
    }
  }
  return out;
}
