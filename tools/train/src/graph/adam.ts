import type { Gradients } from './backward-operations.js';
import type { TrainableParameters } from './trainable-parameters.js';

/** Adam (Kingma & Ba) with optional gradient-norm clipping; one `step` per batch. */
export class Adam {
  readonly #first = new Map<string, Float32Array>();
  readonly #second = new Map<string, Float32Array>();
  #steps = 0;

  constructor(
    readonly parameters: TrainableParameters,
    readonly settings: {
      learningRate: number;
      beta1?: number;
      beta2?: number;
      epsilon?: number;
      clipNorm?: number;
    },
  ) {
    for (const [name, values] of parameters.entries()) {
      this.#first.set(name, new Float32Array(values.length));
      this.#second.set(name, new Float32Array(values.length));
    }
  }

  /** Applies the batch's gradients, scaled by `scale` (1 / batch size). */
  step(gradients: Gradients, scale: number, learningRate = this.settings.learningRate): void {
    const beta1 = this.settings.beta1 ?? 0.9;
    const beta2 = this.settings.beta2 ?? 0.999;
    const epsilon = this.settings.epsilon ?? 1e-8;
    let factor = scale;
    if (this.settings.clipNorm !== undefined) {
      let squares = 0;
      for (const [, values] of gradients.entries())
        for (const value of values) squares += value * scale * (value * scale);
      const norm = Math.sqrt(squares);
      if (norm > this.settings.clipNorm) factor *= this.settings.clipNorm / norm;
    }
    this.#steps += 1;
    const correction1 = 1 - beta1 ** this.#steps;
    const correction2 = 1 - beta2 ** this.#steps;
    for (const [name, gradient] of gradients.entries()) {
      const values = this.parameters.values(name);
      const first = this.#first.get(name) as Float32Array;
      const second = this.#second.get(name) as Float32Array;
      for (let index = 0; index < values.length; index += 1) {
        const g = (gradient[index] as number) * factor;
        const m = beta1 * (first[index] as number) + (1 - beta1) * g;
        const v = beta2 * (second[index] as number) + (1 - beta2) * g * g;
        first[index] = m;
        second[index] = v;
        values[index] =
          (values[index] as number) -
          (learningRate * (m / correction1)) / (Math.sqrt(v / correction2) + epsilon);
      }
    }
  }
}
