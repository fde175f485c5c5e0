import { partOfSpeechTags } from '../language/part-of-speech.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { dotAt } from './analysed-text.js';
import type { AskedQuestion } from './asked-question.js';
import { wordsOf } from './asked-question.js';
import type { LineFigures, ReadingLine } from './reading-lines.js';

/** What `writeSpanFeatures` reads of one candidate. */
export interface SpanContext {
  readonly asked: AskedQuestion;
  readonly line: ReadingLine;
  readonly lineFigures: LineFigures;
  readonly lineWords: LineWords;
  readonly candidate: {
    readonly pair: number;
    readonly start: number;
    readonly end: number;
    readonly text: string;
  };
  /** Per word sequence of any answer (up to the longest span), the pairs whose answer holds it. */
  readonly pairsHolding: ReadonlyMap<string, ReadonlySet<number>>;
  readonly vectors: WordVectorTable;
}

/** Per token of a line, what every span of it reads: computed once a line. */
export interface LineWords {
  /** A content word the question has (by stem). */
  readonly matches: Uint8Array;
  /** A content word the question lacks. */
  readonly newContent: Uint8Array;
  /** Per position p: tokens from p back to the nearest matching word before it (`farAway` if none). */
  readonly back: Int32Array;
  /** Per position p: tokens from p − 1 on to the nearest matching word at or after p (`farAway` if none). */
  readonly on: Int32Array;
}

/** A line's `LineWords`. */
export function lineWordsOf(asked: AskedQuestion, line: ReadingLine): LineWords {
  const text = line.answer;
  const n = text.tokens.length;
  const matches = new Uint8Array(n);
  const newContent = new Uint8Array(n);
  for (let index = 0; index < n; index += 1) {
    const content = text.isWord[index] === 1 && text.isFunction[index] === 0;
    const known = asked.stems.has(text.stems[index] as string);
    matches[index] = content && known ? 1 : 0;
    newContent[index] = content && !known ? 1 : 0;
  }
  const back = new Int32Array(n + 1);
  let last = -1;
  for (let position = 0; position <= n; position += 1) {
    back[position] = last < 0 ? farAway : position - last;
    if (position < n && matches[position] === 1) last = position;
  }
  const on = new Int32Array(n + 1);
  let next = -1;
  for (let position = n; position >= 0; position -= 1) {
    if (position < n && matches[position] === 1) next = position;
    on[position] = next < 0 ? farAway : next - position + 1;
  }
  return { matches, newContent, back, on };
}

/** Every word sequence (up to `longest` words) of each pair's answer lines → the pairs holding it. */
export function pairsHoldingOf(lines: readonly ReadingLine[], longest: number): Map<string, Set<number>> {
  const holding = new Map<string, Set<number>>();
  for (const line of lines) {
    const words = line.answer.lower.filter((_, index) => line.answer.isWord[index] === 1);
    for (let start = 0; start < words.length; start += 1)
      for (let end = start + 1; end <= Math.min(words.length, start + longest); end += 1) {
        const key = words.slice(start, end).join(' ');
        const pairs = holding.get(key);
        if (pairs === undefined) holding.set(key, new Set([line.pair]));
        else pairs.add(line.pair);
      }
  }
  return holding;
}

const yearLike = /^(1[0-9]|20)\d\d$/u;
const months = new Set(
  'january february march april may june july august september october november december'.split(' '),
);
const quoteMarks = new Set(['"', '“', '”', "'", '‘', '’']);
const conjunctions = new Set(['and', '&', 'or']);
const lineEnd = new Set(['.', '!', '?', ';']);
/** A distance for "no question word that way". */
const farAway = 30;
const prepositionTag = partOfSpeechTags.indexOf('ADP');
const verbTag = partOfSpeechTags.indexOf('VERB');

function idOfTag(tag: number): number {
  return tag < 0 ? partOfSpeechTags.length : tag;
}

/** The dot product of `vector` with row `index` of a row-major matrix (0 when the vector is missing). */
function dotRow(
  vector: Float32Array | undefined,
  matrix: Float32Array,
  index: number,
  dimension: number,
): number {
  if (vector === undefined || index < 0) return 0;
  return dotAt(vector, 0, matrix, index * dimension, dimension);
}

/** The cosine of `vector` with the mean of rows [start, end) of running sums (0 for a zero mean). */
function cosineWithSpan(
  vector: Float32Array | undefined,
  sums: Float32Array,
  start: number,
  end: number,
  dimension: number,
): number {
  if (vector === undefined) return 0;
  let dot = 0;
  let norm = 0;
  for (let k = 0; k < dimension; k += 1) {
    const value = (sums[end * dimension + k] as number) - (sums[start * dimension + k] as number);
    dot += value * (vector[k] as number);
    norm += value * value;
  }
  return norm === 0 ? 0 : dot / Math.sqrt(norm);
}

/**
 * Writes the span's own features (`spanFeatureNames` from "is no answer" on) at `offset`: its shape,
 * its words, how it sits between the line's words that match the question, and how it compares with
 * the question's answer noun. Returns the offset after the last one written.
 */
export function writeSpanFeatures(features: Float32Array, offset: number, context: SpanContext): number {
  const { asked, line, lineFigures, candidate, vectors } = context;
  const text = line.answer;
  const dimension = vectors.dimension;
  const { start, end } = candidate;
  const n = text.tokens.length;
  const noun = asked.nounVector;
  const { matches, newContent } = context.lineWords;
  const capitalisedAt = (index: number): boolean =>
    index >= 0 && index < n && text.isWord[index] === 1 && text.isCapitalised[index] === 1;

  let words = 0;
  let inQuestion = 0;
  let inPairQuestion = 0;
  let capitalised = 0;
  let functionInside = 0;
  let unknown = 0;
  let digits = 0;
  let years = 0;
  let monthNames = 0;
  let commas = 0;
  let conjunction = 0;
  let parenthesis = 0;
  let bestNoun = 0;
  let prepositions = 0;
  let verbs = 0;
  let holdsNoun = 0;
  let anyMatchInside = false;
  for (let index = start; index < end; index += 1) {
    const word = text.lower[index] as string;
    const tag = text.tags[index] as number;
    if (tag === prepositionTag) prepositions += 1;
    if (tag === verbTag) verbs += 1;
    if (asked.nounStem !== undefined && text.stems[index] === asked.nounStem) holdsNoun = 1;
    if (word === ',') commas += 1;
    if (conjunctions.has(word)) conjunction = 1;
    if (word === '(' || word === ')') parenthesis = 1;
    if (text.isWord[index] === 0) continue;
    words += 1;
    if (matches[index] === 1) {
      inQuestion += 1;
      anyMatchInside = true;
    }
    if (lineFigures.questionStems.has(text.stems[index] as string)) inPairQuestion += 1;
    if (text.isCapitalised[index] === 1) capitalised += 1;
    if (index > start && index < end - 1 && text.isFunction[index] === 1) functionInside += 1;
    if ((text.rows[index] as number) < 0) unknown += 1;
    if (text.hasDigit[index] === 1) digits = 1;
    if (yearLike.test(word)) years = 1;
    if (months.has(word)) monthNames = 1;
    if (noun !== undefined && (text.rows[index] as number) >= 0)
      bestNoun = Math.max(bestNoun, dotRow(noun, text.vectors, index, dimension));
  }
  const back = context.lineWords.back[start] as number;
  const on = context.lineWords.on[end] as number;
  // A maximal run of new content words: its neighbours are no content words the question lacks.
  const boundaryBefore = start === 0 || newContent[start - 1] === 0;
  const boundaryAfter = end === n || newContent[end] === 0;
  const atEnd = end === n || (end === n - 1 && lineEnd.has(text.lower[end] as string));
  const holding = context.pairsHolding.get(wordsOf(text, start, end));
  const elsewhere = holding === undefined ? 0 : holding.size - (holding.has(candidate.pair) ? 1 : 0);
  const rankOf = (index: number): number =>
    index < 0 || index >= n
      ? -1
      : (text.rows[index] as number) < 0
        ? vectors.count
        : (text.rows[index] as number);
  const rowOrNone = (index: number): number =>
    index < 0 || index >= n || (text.rows[index] as number) < 0 ? -1 : index;

  let k = offset;
  features[k++] = 0;
  features[k++] = end - start;
  features[k++] = candidate.text.length;
  features[k++] = words === 0 ? 0 : inQuestion / words;
  features[k++] = inQuestion;
  features[k++] = words === 0 ? 0 : inPairQuestion / words;
  features[k++] = text.isFunction[start] as number;
  features[k++] = text.isFunction[end - 1] as number;
  features[k++] = functionInside;
  features[k++] = idOfTag(text.tags[start] as number);
  features[k++] = idOfTag(text.tags[end - 1] as number);
  features[k++] = start === 0 ? -1 : idOfTag(text.tags[start - 1] as number);
  features[k++] = end === n ? -1 : idOfTag(text.tags[end] as number);
  features[k++] = text.isCapitalised[start] as number;
  features[k++] = text.isCapitalised[end - 1] as number;
  features[k++] = words === 0 ? 0 : capitalised / words;
  features[k++] = capitalisedAt(start - 1) ? 1 : 0;
  features[k++] = capitalisedAt(end) ? 1 : 0;
  features[k++] = digits;
  features[k++] = years;
  features[k++] = monthNames;
  features[k++] = commas;
  features[k++] = conjunction;
  features[k++] = parenthesis;
  features[k++] =
    start > 0 &&
    end < n &&
    quoteMarks.has(text.lower[start - 1] as string) &&
    quoteMarks.has(text.lower[end] as string)
      ? 1
      : 0;
  features[k++] = start === 0 ? 1 : 0;
  features[k++] = atEnd ? 1 : 0;
  features[k++] = n > 1 ? start / (n - 1) : 0;
  features[k++] = back;
  features[k++] = on;
  features[k++] = boundaryBefore && boundaryAfter && !anyMatchInside ? 1 : 0;
  features[k++] = start === 0 && atEnd ? 1 : 0;
  features[k++] = words === 0 ? 0 : unknown / words;
  features[k++] = cosineWithSpan(asked.mean, line.sums, start, end, dimension);
  features[k++] = cosineWithSpan(noun, line.sums, start, end, dimension);
  features[k++] = bestNoun;
  features[k++] = dotRow(noun, text.vectors, rowOrNone(start - 1), dimension);
  features[k++] = dotRow(noun, text.vectors, rowOrNone(end), dimension);
  features[k++] = elsewhere;
  features[k++] = rankOf(start);
  features[k++] = rankOf(end - 1);
  features[k++] = rankOf(start - 1);
  features[k++] = rankOf(end);
  features[k++] = dotRow(noun, text.vectors, rowOrNone(start), dimension);
  features[k++] = dotRow(noun, text.vectors, rowOrNone(end - 1), dimension);
  features[k++] = prepositions;
  features[k++] = verbs;
  features[k++] = holdsNoun;
  features[k++] =
    capitalisedAt(start) && capitalisedAt(end - 1) && !capitalisedAt(start - 1) && !capitalisedAt(end)
      ? 1
      : 0;
  return k;
}
