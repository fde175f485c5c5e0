import { seededRandom } from '@rootweaver/core';
import {
  featuriseReaderInput,
  ReaderNetwork,
  readerParameterShapes,
  WordVectorTable,
} from '@rootweaver/models';
import { describe, expect, it } from 'vitest';
import { Gradients } from '../graph/backward-operations.js';
import { TrainableParameters } from '../graph/trainable-parameters.js';
import { readerLossAndGradients } from './reader-backward.js';

const random = seededRandom(3);
const words =
  'who wrote the novel river stone was written by ada lee in when did it open opened city hall'.split(' ');
const vectors = WordVectorTable.fromEntries(
  words.map((word) => [word, Array.from({ length: 6 }, () => random() * 2 - 1)]),
);
const architecture = {
  dimension: 5,
  alignDimension: 4,
  kernelWidth: 3,
  contextBlocks: 2,
  questionBlocks: 1,
  ngramDimension: 3,
  questionConditioning: true,
};
const context =
  'Who wrote the novel River Stone?\nRiver Stone was written by Ada Lee in 1901.\n\nWhen did the city hall open?\nThe city hall opened in 1950.';
const input = featuriseReaderInput(vectors, 'Who wrote River Stone?', context);
const adaToken = input.tokens.findIndex((token) => token.text === 'Ada');

/** The loss alone, in float64 sums of the float32 network (the function the gradients are of). */
function lossOf(network: ReaderNetwork, start: number, end: number): number {
  const shapes = readerParameterShapes(architecture, vectors.dimension);
  return readerLossAndGradients(network, input, start, end, new Gradients(shapes));
}

describe('reader back-propagation', () => {
  for (const [label, start, end] of [
    ['a span', adaToken, adaToken + 1],
    ['no answer', -1, -1],
  ] as const)
    it(`matches finite differences for every parameter tensor (${label})`, () => {
      const shapes = readerParameterShapes(architecture, vectors.dimension);
      const parameters = TrainableParameters.initialise(shapes, 12);
      // Non-zero biases and gains, so that their gradients are tested away from the initial point too.
      const perturb = seededRandom(5);
      for (const [, values] of parameters.entries())
        for (let index = 0; index < values.length; index += 1)
          values[index] = (values[index] as number) + (perturb() - 0.5) * 0.2;
      const network = new ReaderNetwork(architecture, parameters, vectors);
      const gradients = new Gradients(shapes);
      readerLossAndGradients(network, input, start, end, gradients);
      let checked = 0;
      for (const [name, values] of parameters.entries()) {
        const analytic = gradients.of(name);
        // Up to three entries a tensor, those with the largest analytic gradient.
        const order = [...analytic.keys()]
          .sort((a, b) => Math.abs(analytic[b] as number) - Math.abs(analytic[a] as number))
          .slice(0, 3);
        for (const index of order) {
          const saved = values[index] as number;
          const step = 1e-3;
          values[index] = saved + step;
          const up = lossOf(network, start, end);
          values[index] = saved - step;
          const down = lossOf(network, start, end);
          values[index] = saved;
          const numeric = (up - down) / (2 * step);
          const expected = analytic[index] as number;
          expect(
            Math.abs(numeric - expected),
            `${name}[${index}] numeric ${numeric} analytic ${expected}`,
          ).toBeLessThanOrEqual(2e-3 + 0.05 * Math.abs(expected));
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(40);
    });
});
