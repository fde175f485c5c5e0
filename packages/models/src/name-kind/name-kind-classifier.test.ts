import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError, nameKinds } from '@rootweaver/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWeights } from '../network/weights-file.js';
import { shippedReaderPath } from '../reader/trained-reader.js';
import { loadWordVectors, shippedWordVectorsPath } from '../word-vectors/load-word-vectors.js';
import { WordVectorTable } from '../word-vectors/word-vector-table.js';
import {
  NameKindClassifier,
  nameKindNetworkName,
  readNameKindWeights,
  shippedNameKindPath,
} from './name-kind-classifier.js';
import { nameKindFeatureCount, nameKindFeaturesOf, nameShapeFeatureNames } from './name-kind-features.js';
import { nameKindFingerprint } from './name-kind-fingerprint.js';

const tiny = WordVectorTable.fromEntries([
  ['mara', [1, 0]],
  ['valley', [0, 1]],
]);

/** Weights reading only the mean vector: its first axis says person, its second place. */
function meanOnlyWeights(): Float32Array {
  const count = nameKindFeatureCount(2);
  const weights = new Float32Array(nameKinds.length * count);
  weights[0 * count + 0] = 4;
  weights[1 * count + 1] = 4;
  return weights;
}

describe('NameKindClassifier', () => {
  it('reads the name through its word vectors: known words move the kinds, unknown ones leave equal shares', () => {
    const model = NameKindClassifier.fromWeights(tiny, meanOnlyWeights());
    const person = model.kindsOf('Mara Qzx');
    const place = model.kindsOf('Qzx Valley');
    const neither = model.kindsOf('Qzx Vrb');
    expect(person.person).toBeGreaterThan(person.place);
    expect(place.place).toBeGreaterThan(place.person);
    for (const kind of nameKinds) expect(neither[kind]).toBeCloseTo(0.25);
    for (const kinds of [person, place, neither])
      expect(Object.values(kinds).reduce((sum, value) => sum + value, 0)).toBeCloseTo(1);
  });

  it('refuses weights of another shape, saying which', () => {
    expect(() => NameKindClassifier.fromWeights(tiny, new Float32Array(3))).toThrow(
      /hold 3 values; a table of dimension 2 needs 56 \(4 kinds × 14 features\)/,
    );
  });

  it('features: mean, first and last word vectors, then the shape', () => {
    const features = nameKindFeaturesOf(tiny, 'Mara of the Valley');
    expect([...features.subarray(0, 6)].map((value) => Math.round(value * 100) / 100)).toEqual([
      0.5, 0.5, 1, 0, 0, 1,
    ]);
    expect(features.length).toBe(6 + nameShapeFeatureNames.length);
  });
});

describe.runIf(existsSync(shippedNameKindPath) && existsSync(shippedWordVectorsPath))(
  'NameKindClassifier (the shipped weights)',
  () => {
    let vectors: WordVectorTable;
    let model: NameKindClassifier;
    beforeAll(async () => {
      vectors = await loadWordVectors();
      model = await NameKindClassifier.load({ vectors });
    });

    it('was trained on the features this code computes', async () => {
      const file = await readNameKindWeights();
      expect(file.header.training.featureFingerprint).toBe(nameKindFingerprint(vectors));
      expect(model.id).toMatch(/^name-kind:/u);
    });

    // Invented names: a given name and a surname, against names built of place, organisation and work words.
    it.each([
      ['Ines Marlow', 'person'],
      ['Tomas Reyl', 'person'],
      ['Corvelle River', 'place'],
      ['Orlen County', 'place'],
      ['Gull House Records', 'organisation'],
      ['The Lantern Field Songs', 'title'],
    ])('%s is likeliest a %s', (name, kind) => {
      const kinds = model.kindsOf(name);
      const likeliest = nameKinds.reduce((best, next) => (kinds[next] > kinds[best] ? next : best));
      expect(likeliest).toBe(kind);
    });

    it('refuses a file of another network, and one trained on other features', async () => {
      await expect(NameKindClassifier.load({ vectors, path: shippedReaderPath })).rejects.toSatisfy(
        (error: unknown) => isRootweaverError(error) && error.code === 'model-load-failed',
      );
      const path = join(tmpdir(), `name-kind-${process.pid}.bin`);
      const file = await readNameKindWeights();
      writeFileSync(
        path,
        encodeWeights(
          {
            network: nameKindNetworkName,
            version: 'test',
            training: { ...file.header.training, featureFingerprint: 'other' },
          },
          file.tensors,
        ),
      );
      await expect(NameKindClassifier.load({ vectors, path })).rejects.toThrow(/pnpm train:name-kind/);
    });
  },
);
