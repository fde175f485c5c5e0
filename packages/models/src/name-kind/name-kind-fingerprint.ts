import { featureDigest } from '../network/feature-digest.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { nameKindFeaturesOf } from './name-kind-features.js';

/**
 * Invented names through every part of `nameKindFeaturesOf`: a full name, an article, "of", a quote, a
 * comma, "and", a word the table does not know.
 */
const fingerprintNames = [
  'Ines Marlow',
  'The Orlen Hall of Arts',
  '"Tern River Nights"',
  'Gull Falls, Orlen',
  'Vance and Marlow',
  'Qzxvbrook',
];

/**
 * A digest of what the code makes of fixed names with these vectors. The trainer records it; loading
 * a weights file whose recorded digest differs is refused (the features changed without a retrain).
 */
export function nameKindFingerprint(vectors: WordVectorTable): string {
  return featureDigest(
    fingerprintNames.map((name) => ({ candidates: name, features: nameKindFeaturesOf(vectors, name) })),
  );
}
