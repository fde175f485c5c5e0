import { seededRandom } from '@rootweaver/core';
import type { ParameterSource, Tensor } from '@rootweaver/models';

function sizeOf(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/**
 * A network's parameters while it trains. `initialise` draws Glorot-uniform weights from a seed, zero
 * biases (names ending in `.b`, `.bias`, `.beta`) and unit layer-norm gains (`.gamma`). With `shared`,
 * the values live in SharedArrayBuffers so that worker threads (`TrainableParameters.over`) read the
 * parameters the main thread's optimiser updates.
 */
export class TrainableParameters implements ParameterSource {
  readonly #values: Map<string, Float32Array>;

  private constructor(
    readonly shapes: ReadonlyMap<string, readonly number[]>,
    values: Map<string, Float32Array>,
  ) {
    this.#values = values;
  }

  static initialise(
    shapes: ReadonlyMap<string, readonly number[]>,
    seed: number,
    options: { shared?: boolean } = {},
  ): TrainableParameters {
    const random = seededRandom(seed);
    const values = new Map<string, Float32Array>();
    for (const [name, shape] of shapes) {
      const size = sizeOf(shape);
      const tensor =
        options.shared === true ? new Float32Array(new SharedArrayBuffer(size * 4)) : new Float32Array(size);
      if (name.endsWith('.gamma')) tensor.fill(1);
      else if (!/\.(b|bias|beta)$/u.test(name)) {
        const fanOut = shape.at(-1) as number;
        const fanIn = shape.length > 1 ? size / fanOut : size;
        const limit = Math.sqrt(6 / (fanIn + (shape.length > 1 ? fanOut : 1)));
        for (let index = 0; index < size; index += 1) tensor[index] = (random() * 2 - 1) * limit;
      }
      values.set(name, tensor);
    }
    return new TrainableParameters(shapes, values);
  }

  /** Parameters over buffers another thread shares (see `buffers`). */
  static over(
    shapes: ReadonlyMap<string, readonly number[]>,
    buffers: ReadonlyMap<string, SharedArrayBuffer>,
  ): TrainableParameters {
    const values = new Map<string, Float32Array>();
    for (const [name] of shapes) {
      const buffer = buffers.get(name);
      if (buffer === undefined) throw new Error(`no shared buffer for ${name}`);
      values.set(name, new Float32Array(buffer));
    }
    return new TrainableParameters(shapes, values);
  }

  /** The SharedArrayBuffers behind the values (of `shared` parameters). */
  buffers(): Map<string, SharedArrayBuffer> {
    return new Map([...this.#values].map(([name, values]) => [name, values.buffer as SharedArrayBuffer]));
  }

  values(name: string): Float32Array {
    const values = this.#values.get(name);
    if (values === undefined) throw new Error(`no parameter ${name}`);
    return values;
  }

  entries(): IterableIterator<[string, Float32Array]> {
    return this.#values.entries();
  }

  /** A copy of every value (the best epoch's snapshot). */
  snapshot(): Map<string, Float32Array> {
    return new Map([...this.#values].map(([name, values]) => [name, Float32Array.from(values)]));
  }

  restore(snapshot: ReadonlyMap<string, Float32Array>): void {
    for (const [name, values] of snapshot) this.values(name).set(values);
  }

  /** The values as tensors for a weights file. */
  tensors(): Map<string, Tensor> {
    return new Map(
      [...this.#values].map(([name, values]) => [
        name,
        { shape: this.shapes.get(name) ?? [values.length], values: Float32Array.from(values) },
      ]),
    );
  }
}
