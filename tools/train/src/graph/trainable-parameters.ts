import { seededRandom } from '@rootweaver/core';
import type { ParameterSource, Tensor } from '@rootweaver/models';

/**
 * A network's parameters while it trains: Glorot-uniform weights from a seed, zero biases, layer-norm
 * gains at one. Names ending in `.b`, `.bias` or `.beta` are biases; `.gamma` gains.
 */
export class TrainableParameters implements ParameterSource {
  readonly #values = new Map<string, Float32Array>();

  constructor(
    readonly shapes: ReadonlyMap<string, readonly number[]>,
    seed: number,
  ) {
    const random = seededRandom(seed);
    for (const [name, shape] of shapes) {
      const size = shape.reduce((a, b) => a * b, 1);
      const values = new Float32Array(size);
      if (name.endsWith('.gamma')) values.fill(1);
      else if (!/\.(b|bias|beta)$/u.test(name)) {
        const fanOut = shape.at(-1) as number;
        const fanIn = shape.length > 1 ? size / fanOut : size;
        const limit = Math.sqrt(6 / (fanIn + (shape.length > 1 ? fanOut : 1)));
        for (let index = 0; index < size; index += 1) values[index] = (random() * 2 - 1) * limit;
      }
      this.#values.set(name, values);
    }
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
