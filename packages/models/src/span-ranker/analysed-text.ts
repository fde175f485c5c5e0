import { isFunctionWord, stem, tokenizeWords, type WordToken } from '@rootweaver/language-en';
import { type PartOfSpeechTagger, partOfSpeechTags, tagsOfTokens } from '../language/part-of-speech.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';

/** What the span ranker knows of each token of a text: computed once, read by every feature. */
export interface AnalysedText {
  readonly text: string;
  readonly tokens: readonly WordToken[];
  readonly lower: readonly string[];
  readonly stems: readonly string[];
  /** A letter or a digit in it. */
  readonly isWord: Uint8Array;
  readonly isFunction: Uint8Array;
  readonly isCapitalised: Uint8Array;
  readonly hasDigit: Uint8Array;
  /** Index into `partOfSpeechTags`, -1 where the tagger gave none. */
  readonly tags: Int32Array;
  /** Row in the word-vector table, -1 for a word it does not know. */
  readonly rows: Int32Array;
  /** How informative the word is: −log of its Zipf probability from its frequency rank (rare and unknown words the most). */
  readonly weights: Float32Array;
  /** Unit-length word vectors, `tokens.length × dimension` (zeros where the table has none). */
  readonly vectors: Float32Array;
}

const letterOrDigit = /[\p{L}\p{N}]/u;
const digit = /\p{N}/u;
const capital = /^\p{Lu}/u;

/** The tags that name things: a question's answer noun is one of them. */
export const nounTags: ReadonlySet<number> = new Set([
  partOfSpeechTags.indexOf('NOUN'),
  partOfSpeechTags.indexOf('PROPN'),
]);

/**
 * The information weight of a word at frequency rank `row` of a `count`-word table: −log p under
 * Zipf's law (p(r) = 1 / ((r + 1) H_N)); a word the table does not know weighs as its rarest word.
 */
export function informationWeight(row: number, count: number): number {
  const harmonic = Math.log(Math.max(count, 1)) + 0.5772156649;
  const rank = row < 0 ? count : row;
  return Math.log((rank + 1) * harmonic);
}

/** Tokenises, tags and looks up a text once for all the span ranker's features. */
export function analyseText(
  text: string,
  vectors: WordVectorTable,
  tagger: PartOfSpeechTagger | undefined,
): AnalysedText {
  const tokens = tokenizeWords(text);
  const n = tokens.length;
  const dimension = vectors.dimension;
  const lower = tokens.map((token) => token.text.toLowerCase());
  const isWord = new Uint8Array(n);
  const isFunction = new Uint8Array(n);
  const isCapitalised = new Uint8Array(n);
  const hasDigit = new Uint8Array(n);
  const rows = new Int32Array(n);
  const weights = new Float32Array(n);
  const unit = new Float32Array(n * dimension);
  const stems: string[] = [];
  tokens.forEach((token, index) => {
    const word = lower[index] as string;
    const wordLike = letterOrDigit.test(word);
    isWord[index] = wordLike ? 1 : 0;
    isFunction[index] = isFunctionWord(word) ? 1 : 0;
    isCapitalised[index] = capital.test(token.text) ? 1 : 0;
    hasDigit[index] = digit.test(word) ? 1 : 0;
    stems.push(wordLike ? stem(word) : word);
    const row = vectors.rowOf(word);
    rows[index] = row;
    weights[index] = informationWeight(row, vectors.count);
    if (row >= 0) {
      vectors.addRow(row, unit, index * dimension);
      let norm = 0;
      for (let k = 0; k < dimension; k += 1) norm += (unit[index * dimension + k] as number) ** 2;
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let k = 0; k < dimension; k += 1)
        unit[index * dimension + k] = (unit[index * dimension + k] as number) * scale;
    }
  });
  const tags = tagger === undefined ? new Int32Array(n).fill(-1) : tagsOfTokens(tagger.tag(text), tokens);
  return {
    text,
    tokens,
    lower,
    stems,
    isWord,
    isFunction,
    isCapitalised,
    hasDigit,
    tags,
    rows,
    weights,
    vectors: unit,
  };
}

/** The unit-length mean of the given tokens' unit vectors (zeros when none has a vector). */
export function unitMean(text: AnalysedText, indices: readonly number[], dimension: number): Float32Array {
  const mean = new Float32Array(dimension);
  for (const index of indices) {
    if ((text.rows[index] as number) < 0) continue;
    for (let k = 0; k < dimension; k += 1)
      mean[k] = (mean[k] as number) + (text.vectors[index * dimension + k] as number);
  }
  return normaliseInPlace(mean);
}

/** Scales a vector to unit length (a zero vector stays zero). */
export function normaliseInPlace(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let k = 0; k < vector.length; k += 1) vector[k] = (vector[k] as number) * scale;
  }
  return vector;
}

/** Row-wise running sums of a text's unit vectors, `(tokens + 1) × dimension`: a span's sum is two rows apart. */
export function prefixSums(text: AnalysedText, dimension: number): Float32Array {
  const n = text.tokens.length;
  const sums = new Float32Array((n + 1) * dimension);
  for (let index = 0; index < n; index += 1)
    for (let k = 0; k < dimension; k += 1)
      sums[(index + 1) * dimension + k] =
        (sums[index * dimension + k] as number) + (text.vectors[index * dimension + k] as number);
  return sums;
}

/** The dot product of `dimension` values of `a` from `aBase` with as many of `b` from `bBase`. */
export function dotAt(
  a: Float32Array,
  aBase: number,
  b: Float32Array,
  bBase: number,
  dimension: number,
): number {
  let sum = 0;
  for (let k = 0; k < dimension; k += 1) sum += (a[aBase + k] as number) * (b[bBase + k] as number);
  return sum;
}

/** The dot product of two unit rows of analysed texts (0 when either has no vector). */
export function rowCosine(
  a: AnalysedText,
  aIndex: number,
  b: AnalysedText,
  bIndex: number,
  dimension: number,
): number {
  if ((a.rows[aIndex] as number) < 0 || (b.rows[bIndex] as number) < 0) return 0;
  return dotAt(a.vectors, aIndex * dimension, b.vectors, bIndex * dimension, dimension);
}
