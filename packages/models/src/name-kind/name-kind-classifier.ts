import { fileURLToPath } from 'node:url';
import { type NameKind, type NameKindModel, nameKinds, RootweaverError } from '@rootweaver/core';
import { readWeightsFile, type WeightsFile } from '../network/weights-file.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { nameKindFeatureCount, nameKindFeaturesOf, nameShapeFeatureNames } from './name-kind-features.js';
import { nameKindFingerprint } from './name-kind-fingerprint.js';

/** The network name a name-kind weights file must carry. */
export const nameKindNetworkName = 'name-kind-classifier';

/** The name-kind model shipped in this package (`assets/name-kind.bin`). */
export const shippedNameKindPath = fileURLToPath(new URL('../../assets/name-kind.bin', import.meta.url));

/** Names a classifier remembers before it starts afresh (names repeat across a run's nodes). */
const rememberedNames = 20_000;

export interface NameKindClassifierOptions {
  readonly vectors: WordVectorTable;
  /** The weights file; default the shipped one. */
  readonly path?: string;
}

/**
 * What kind of thing a name names — a person, a place, an organisation or a work's title — read off the
 * name alone by a softmax regression over its words' pretrained vectors and its shape
 * (`nameKindFeaturesOf`), trained by rootweaver on the answers of CompactRAG's extraction set, each
 * labelled with the kind its question asked for (`pnpm train:name-kind`, ADR-0021).
 */
export class NameKindClassifier implements NameKindModel {
  readonly id: string;
  readonly #vectors: WordVectorTable;
  /** Row-major [kinds × features]. */
  readonly #weights: Float32Array;
  readonly #featureCount: number;
  readonly #remembered = new Map<string, Readonly<Record<NameKind, number>>>();

  private constructor(id: string, vectors: WordVectorTable, weights: Float32Array) {
    this.id = id;
    this.#vectors = vectors;
    this.#weights = weights;
    this.#featureCount = nameKindFeatureCount(vectors.dimension);
  }

  /** A classifier from weights of shape [kinds × `nameKindFeatureCount(vectors.dimension)`] (what the trainer fits). */
  static fromWeights(vectors: WordVectorTable, weights: Float32Array, id = 'name-kind'): NameKindClassifier {
    const expected = nameKinds.length * nameKindFeatureCount(vectors.dimension);
    if (weights.length !== expected)
      throw new RootweaverError(
        'invalid-input',
        `name-kind weights hold ${weights.length} values; a table of dimension ${vectors.dimension} needs ${expected} (${nameKinds.length} kinds × ${nameKindFeatureCount(vectors.dimension)} features).`,
      );
    return new NameKindClassifier(id, vectors, weights);
  }

  /** Reads and checks a weights file (default: the shipped one) against the code's features and `vectors`. */
  static async load(options: NameKindClassifierOptions): Promise<NameKindClassifier> {
    const path = options.path ?? shippedNameKindPath;
    const file = await readNameKindWeights(path);
    const tensor = file.tensors.get('weights');
    const featureCount = nameKindFeatureCount(options.vectors.dimension);
    const shape = tensor?.shape ?? [];
    if (tensor === undefined || shape[0] !== nameKinds.length || shape[1] !== featureCount)
      throw new RootweaverError(
        'model-load-failed',
        `${path} holds name-kind weights of shape [${shape}] but the code reads [${nameKinds.length}, ${featureCount}]; retrain them with \`pnpm train:name-kind\`.`,
      );
    const fingerprint = nameKindFingerprint(options.vectors);
    if (file.header.training.featureFingerprint !== fingerprint)
      throw new RootweaverError(
        'model-load-failed',
        `${path} was trained on features other than this code computes from these word vectors (fingerprint ${String(file.header.training.featureFingerprint).slice(0, 12)}…, the code's ${fingerprint.slice(0, 12)}…); retrain it with \`pnpm train:name-kind\`.`,
      );
    return new NameKindClassifier(`name-kind:${file.header.version}`, options.vectors, tensor.values);
  }

  kindsOf(name: string): Readonly<Record<NameKind, number>> {
    const known = this.#remembered.get(name);
    if (known !== undefined) return known;
    const features = nameKindFeaturesOf(this.#vectors, name);
    const scores = nameKinds.map((_, kind) => {
      let sum = 0;
      const base = kind * this.#featureCount;
      for (let index = 0; index < this.#featureCount; index += 1)
        sum += (this.#weights[base + index] as number) * (features[index] as number);
      return sum;
    });
    const top = Math.max(...scores);
    const exponents = scores.map((score) => Math.exp(score - top));
    const total = exponents.reduce((sum, value) => sum + value, 0);
    const kinds = Object.fromEntries(
      nameKinds.map((kind, index) => [kind, (exponents[index] as number) / total]),
    ) as Record<NameKind, number>;
    if (this.#remembered.size >= rememberedNames) this.#remembered.clear();
    this.#remembered.set(name, kinds);
    return kinds;
  }
}

/** Reads a name-kind weights file and checks its recorded shape features against the code's. */
export async function readNameKindWeights(path: string = shippedNameKindPath): Promise<WeightsFile> {
  const file = await readWeightsFile(path, nameKindNetworkName, {
    what: 'name-kind model',
    howToFix: 'train them with `pnpm train:name-kind`',
  });
  const recorded = file.header.training.shapeFeatures;
  if (JSON.stringify(recorded) !== JSON.stringify(nameShapeFeatureNames))
    throw new RootweaverError(
      'model-load-failed',
      `${path} was trained on other shape features than the code reads (${JSON.stringify(recorded)}); retrain it with \`pnpm train:name-kind\`.`,
    );
  return file;
}
