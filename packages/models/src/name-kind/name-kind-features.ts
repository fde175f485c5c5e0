import { tokenizeWords } from '@rootweaver/language-en';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';

/**
 * What the name-kind model reads of a name, beside three word-vector blocks (the mean of its known
 * words, its first word, its last word): its shape, named in one list so a weights file is checked
 * against the code that reads it.
 */
export const nameShapeFeatureNames = [
  'words / 4',
  'share of words the table knows',
  'starts with an article',
  'holds "of"',
  'starts with a quote',
  'holds a comma',
  'holds "and"',
  'bias',
] as const;

/** How many numbers `nameKindFeaturesOf` writes for a table of this dimension. */
export function nameKindFeatureCount(dimension: number): number {
  return 3 * dimension + nameShapeFeatureNames.length;
}

/** The name-kind model's input for `name`: lower-cased words looked up in `vectors` (unknown ones add nothing). */
export function nameKindFeaturesOf(vectors: WordVectorTable, name: string): Float32Array {
  const dimension = vectors.dimension;
  const features = new Float32Array(nameKindFeatureCount(dimension));
  const words = tokenizeWords(name).map((token) => token.text.toLowerCase());
  let known = 0;
  for (const word of words) {
    const row = vectors.rowOf(word);
    if (row < 0) continue;
    vectors.addRow(row, features, 0);
    known += 1;
  }
  if (known > 0)
    for (let index = 0; index < dimension; index += 1) features[index] = (features[index] as number) / known;
  const first = vectors.rowOf(words[0] ?? '');
  if (first >= 0) vectors.addRow(first, features, dimension);
  const last = vectors.rowOf(words.at(-1) ?? '');
  if (last >= 0) vectors.addRow(last, features, 2 * dimension);
  const shape = [
    words.length / 4,
    known / Math.max(1, words.length),
    /^(?:the|a|an)\s/i.test(name) ? 1 : 0,
    /\bof\b/.test(name) ? 1 : 0,
    /^["'‘“]/.test(name) ? 1 : 0,
    name.includes(',') ? 1 : 0,
    /\band\b/.test(name) ? 1 : 0,
    1,
  ];
  features.set(shape, 3 * dimension);
  return features;
}
