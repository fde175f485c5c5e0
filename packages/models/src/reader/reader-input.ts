import { isFunctionWord, stem, tokenizeWords, type WordToken } from '@rootweaver/language-en';
import { type PartOfSpeechTagger, partOfSpeechTags, tagsOfTokens } from '../language/part-of-speech.js';
import { characterNgramBuckets, type NgramBuckets } from '../network/character-ngrams.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';

/** One atomic pair of the reader's context: its question line and its answer line(s). */
export interface ReaderPair {
  readonly question: string;
  readonly answer: string;
}

/** A pair's place in the laid-out context text. */
export interface PairSpan {
  readonly start: number;
  readonly end: number;
  /** Where the answer line starts (after the question line and its newline). */
  readonly answerStart: number;
}

/** The context as CompactRAG's extraction set lays it out: `question\nanswer`, pairs split by a blank line. */
export function layoutPairs(pairs: readonly ReaderPair[]): { text: string; spans: PairSpan[] } {
  let text = '';
  const spans: PairSpan[] = [];
  pairs.forEach((pair, index) => {
    if (index > 0) text += '\n\n';
    const start = text.length;
    const question = pair.question.replace(/\s+/gu, ' ').trim();
    const answer = pair.answer.replace(/\s+/gu, ' ').trim();
    text += `${question}\n`;
    const answerStart = text.length;
    text += answer;
    spans.push({ start, end: text.length, answerStart });
  });
  return { text, spans };
}

/** Reads the pair structure back out of a laid-out context (the training set's own contexts). */
export function pairSpansOf(text: string): PairSpan[] {
  const spans: PairSpan[] = [];
  let start = 0;
  for (const block of text.split('\n\n')) {
    const newline = block.indexOf('\n');
    const answerStart = newline < 0 ? start + block.length : start + newline + 1;
    spans.push({ start, end: start + block.length, answerStart });
    start += block.length + 2;
  }
  return spans;
}

/** Features of a context token, in this order (`contextFeatureCount` of them). */
export const contextFeatureNames = [
  'matches a question word',
  'stem matches a question stem',
  'function word',
  'no word vector',
  'capitalised',
  'all capitals',
  'has a digit',
  'punctuation',
  'in a question line',
  'first token of its line',
  'position in its line',
  "share of the question's content stems in its pair's question line",
  "share of the question's content stems in its pair's answer line",
  "its pair's question line matches best",
  'inside quotes',
  'inside parentheses',
  'year-like number',
  "matches a word of its pair's question line",
  "stem matches a stem of its pair's question line",
  "cosine of its pair's question line with the question (mean word vectors of content words)",
  ...partOfSpeechTags.map((tag) => `part of speech ${tag}` as const),
] as const;
export const contextFeatureCount = contextFeatureNames.length;
/** Where the part-of-speech one-hot starts among a token's features. */
const contextTagOffset = contextFeatureNames.length - partOfSpeechTags.length;

/** Features of a question token, in this order. */
export const questionFeatureNames = [
  'occurs in the context',
  'function word',
  'no word vector',
  'capitalised',
  'has a digit',
  'first token',
  ...partOfSpeechTags.map((tag) => `part of speech ${tag}` as const),
] as const;
export const questionFeatureCount = questionFeatureNames.length;
const questionTagOffset = questionFeatureNames.length - partOfSpeechTags.length;

/** A featurised (question, context) pair: what the network reads. */
export interface ReaderInput {
  readonly text: string;
  readonly tokens: readonly WordToken[];
  /** Per context token: its word-vector row, or -1. */
  readonly rows: Int32Array;
  /** Per context token: the pair it belongs to. */
  readonly pairOfToken: Int32Array;
  /** Per context token: its line (question line of pair p = 2p, answer line = 2p + 1). */
  readonly lineOfToken: Int32Array;
  /** `tokens.length × contextFeatureCount`, row-major. */
  readonly features: Float32Array;
  readonly questionTokens: readonly WordToken[];
  readonly questionRows: Int32Array;
  /** `questionTokens.length × questionFeatureCount`, row-major. */
  readonly questionFeatures: Float32Array;
  /** Hashed character trigrams of the context's and the question's tokens. */
  readonly ngrams: NgramBuckets;
  readonly questionNgrams: NgramBuckets;
  readonly spans: readonly PairSpan[];
}

const letterOrDigit = /[\p{L}\p{N}]/u;
const digit = /\p{N}/u;
const capital = /^\p{Lu}/u;
const yearLike = /^(1[0-9]|20)\d\d$/u;
const quoteMarks = new Set(['"', '“', '”', "'", '‘', '’']);

function contentStems(tokens: readonly WordToken[]): Set<string> {
  const stems = new Set<string>();
  for (const token of tokens) {
    const lower = token.text.toLowerCase();
    if (letterOrDigit.test(lower) && !isFunctionWord(lower)) stems.add(stem(lower));
  }
  return stems;
}

/** The mean word vector of a text's content words (zeros when none has a vector). */
function meanContentVector(vectors: WordVectorTable, tokens: readonly WordToken[]): Float32Array {
  const mean = new Float32Array(vectors.dimension);
  for (const token of tokens) {
    const lower = token.text.toLowerCase();
    if (isFunctionWord(lower)) continue;
    const row = vectors.rowOf(lower);
    if (row >= 0) vectors.addRow(row, mean);
  }
  return mean;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let index = 0; index < a.length; index += 1) {
    dot += (a[index] as number) * (b[index] as number);
    aa += (a[index] as number) ** 2;
    bb += (b[index] as number) ** 2;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}

function shareOf(wanted: ReadonlySet<string>, present: ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  let found = 0;
  for (const value of wanted) if (present.has(value)) found += 1;
  return found / wanted.size;
}

/**
 * Turns a question and a laid-out context into the reader network's inputs. Without a tagger the
 * part-of-speech features stay zero (tests of the other features).
 */
export function featuriseReaderInput(
  vectors: WordVectorTable,
  question: string,
  text: string,
  spans: readonly PairSpan[] = pairSpansOf(text),
  tagger?: PartOfSpeechTagger,
): ReaderInput {
  const questionTokens = tokenizeWords(question);
  const tokens = tokenizeWords(text);
  const questionLower = new Set(questionTokens.map((token) => token.text.toLowerCase()));
  const questionStems = new Set(questionTokens.map((token) => stem(token.text)));
  const questionContent = contentStems(questionTokens);

  const n = tokens.length;
  const rows = new Int32Array(n);
  const pairOfToken = new Int32Array(n);
  const lineOfToken = new Int32Array(n);
  const features = new Float32Array(n * contextFeatureCount);

  // Which pair and line each token is in, then per line its tokens.
  let pair = 0;
  for (let index = 0; index < n; index += 1) {
    const token = tokens[index] as WordToken;
    while (pair < spans.length - 1 && token.start >= (spans[pair + 1] as PairSpan).start) pair += 1;
    pairOfToken[index] = pair;
    lineOfToken[index] = 2 * pair + (token.start >= (spans[pair] as PairSpan).answerStart ? 1 : 0);
  }
  const lineTokens = new Map<number, number[]>();
  for (let index = 0; index < n; index += 1) {
    const line = lineOfToken[index] as number;
    const list = lineTokens.get(line);
    if (list === undefined) lineTokens.set(line, [index]);
    else list.push(index);
  }
  const lineShare = new Map<number, number>();
  for (const [line, members] of lineTokens)
    lineShare.set(
      line,
      shareOf(questionContent, contentStems(members.map((index) => tokens[index] as WordToken))),
    );
  // Per pair: its question line's words and stems (an atomic pair's answer restates its question:
  // what the answer line adds to it is the answer), and how close that line is to the question.
  const pairQuestionLower = new Map<number, Set<string>>();
  const pairQuestionStems = new Map<number, Set<string>>();
  const pairCosine = new Map<number, number>();
  const questionMean = meanContentVector(vectors, questionTokens);
  for (const [line, members] of lineTokens) {
    if (line % 2 !== 0) continue;
    const lineWords = members.map((index) => tokens[index] as WordToken);
    pairQuestionLower.set(line / 2, new Set(lineWords.map((token) => token.text.toLowerCase())));
    pairQuestionStems.set(line / 2, new Set(lineWords.map((token) => stem(token.text))));
    pairCosine.set(line / 2, cosine(questionMean, meanContentVector(vectors, lineWords)));
  }
  let bestQuestionLine = -1;
  let bestShare = -1;
  for (const [line, share] of lineShare)
    if (line % 2 === 0 && share > bestShare) {
      bestShare = share;
      bestQuestionLine = line;
    }

  for (const [line, members] of lineTokens) {
    let inQuotes = false;
    let parentheses = 0;
    members.forEach((index, position) => {
      const token = tokens[index] as WordToken;
      const word = token.text;
      const lower = word.toLowerCase();
      const row = vectors.rowOf(lower);
      rows[index] = row;
      const isQuote = quoteMarks.has(word);
      if (word === ')') parentheses = Math.max(0, parentheses - 1);
      const base = index * contextFeatureCount;
      const punctuation = !letterOrDigit.test(word);
      features[base] = questionLower.has(lower) ? 1 : 0;
      features[base + 1] = !punctuation && questionStems.has(stem(word)) ? 1 : 0;
      features[base + 2] = isFunctionWord(lower) ? 1 : 0;
      features[base + 3] = row < 0 ? 1 : 0;
      features[base + 4] = capital.test(word) ? 1 : 0;
      features[base + 5] = word.length > 1 && word === word.toUpperCase() && word !== lower ? 1 : 0;
      features[base + 6] = digit.test(word) ? 1 : 0;
      features[base + 7] = punctuation ? 1 : 0;
      features[base + 8] = line % 2 === 0 ? 1 : 0;
      features[base + 9] = position === 0 ? 1 : 0;
      features[base + 10] = members.length > 1 ? position / (members.length - 1) : 0;
      const pairIndex = Math.floor(line / 2);
      features[base + 11] = lineShare.get(2 * pairIndex) ?? 0;
      features[base + 12] = lineShare.get(2 * pairIndex + 1) ?? 0;
      features[base + 13] = 2 * pairIndex === bestQuestionLine ? 1 : 0;
      features[base + 14] = inQuotes && !isQuote ? 1 : 0;
      features[base + 15] = parentheses > 0 && word !== '(' ? 1 : 0;
      features[base + 16] = yearLike.test(word) ? 1 : 0;
      features[base + 17] = pairQuestionLower.get(pairIndex)?.has(lower) === true ? 1 : 0;
      features[base + 18] =
        !punctuation && pairQuestionStems.get(pairIndex)?.has(stem(word)) === true ? 1 : 0;
      features[base + 19] = pairCosine.get(pairIndex) ?? 0;
      // A quote mark opens or closes a quotation unless it is an apostrophe inside a word.
      if (isQuote) {
        const before = text[token.start - 1] ?? ' ';
        const after = text[token.end] ?? ' ';
        const apostrophe = letterOrDigit.test(before) && letterOrDigit.test(after);
        if (!apostrophe) inQuotes = !inQuotes;
      }
      if (word === '(') parentheses += 1;
    });
  }

  if (tagger !== undefined) {
    const tags = tagsOfTokens(tagger.tag(text), tokens);
    tags.forEach((tag, index) => {
      if (tag >= 0) features[index * contextFeatureCount + contextTagOffset + tag] = 1;
    });
  }

  const m = questionTokens.length;
  const questionRows = new Int32Array(m);
  const questionFeatures = new Float32Array(m * questionFeatureCount);
  const contextLower = new Set(tokens.map((token) => token.text.toLowerCase()));
  questionTokens.forEach((token, index) => {
    const lower = token.text.toLowerCase();
    const row = vectors.rowOf(lower);
    questionRows[index] = row;
    const base = index * questionFeatureCount;
    questionFeatures[base] = contextLower.has(lower) ? 1 : 0;
    questionFeatures[base + 1] = isFunctionWord(lower) ? 1 : 0;
    questionFeatures[base + 2] = row < 0 ? 1 : 0;
    questionFeatures[base + 3] = capital.test(token.text) ? 1 : 0;
    questionFeatures[base + 4] = digit.test(token.text) ? 1 : 0;
    questionFeatures[base + 5] = index === 0 ? 1 : 0;
  });
  if (tagger !== undefined) {
    const tags = tagsOfTokens(tagger.tag(question), questionTokens);
    tags.forEach((tag, index) => {
      if (tag >= 0) questionFeatures[index * questionFeatureCount + questionTagOffset + tag] = 1;
    });
  }

  return {
    text,
    tokens,
    rows,
    pairOfToken,
    lineOfToken,
    features,
    questionTokens,
    questionRows,
    questionFeatures,
    ngrams: characterNgramBuckets(tokens),
    questionNgrams: characterNgramBuckets(questionTokens),
    spans,
  };
}
