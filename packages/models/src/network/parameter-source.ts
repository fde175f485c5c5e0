import { RootweaverError } from '@rootweaver/core';
import type { Tensor } from './weights-file.js';

/** A network's named parameters: the shipped weights, or the trainer's live values. */
export interface ParameterSource {
  values(name: string): Float32Array;
}

/** Parameters read from a map of tensors; a missing name is a load error naming it. */
export class TensorParameters implements ParameterSource {
  constructor(
    readonly tensors: ReadonlyMap<string, Tensor>,
    readonly network: string,
  ) {}

  values(name: string): Float32Array {
    const tensor = this.tensors.get(name);
    if (tensor === undefined)
      throw new RootweaverError(
        'model-load-failed',
        `The ${this.network} weights have no tensor ${name}; retrain the ${this.network}.`,
      );
    return tensor.values;
  }

  shape(name: string): readonly number[] {
    const tensor = this.tensors.get(name);
    if (tensor === undefined)
      throw new RootweaverError(
        'model-load-failed',
        `The ${this.network} weights have no tensor ${name}; retrain the ${this.network}.`,
      );
    return tensor.shape;
  }
}
