import type { PartOfSpeechTagger } from '../language/part-of-speech.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { type AnswerType, answerKinds } from './answer-type.js';
import { analyseQuestion } from './asked-question.js';
import {
  figuresOfLine,
  type LineFigures,
  type RankerPair,
  type ReadingLine,
  readingLines,
} from './reading-lines.js';
import { type LineWords, lineWordsOf, pairsHoldingOf, writeSpanFeatures } from './span-figures.js';

export type { RankerPair } from './reading-lines.js';

/** A span of one reading line (a sentence of a pair's answer), in tokens [start, end) of that line. */
export interface SpanCandidate {
  readonly pair: number;
  readonly line: number;
  readonly start: number;
  readonly end: number;
  /** The answer line's own characters for the span. */
  readonly text: string;
}

/** Every feature of a candidate, in this order. The last row of a ranking input is "no answer here". */
export const spanFeatureNames = [
  // the question
  'answer kind',
  ...answerKinds.map((kind) => `answer kind is ${kind}` as const),
  'question has an answer noun',
  'question content words',
  // the candidate's pair
  "share of the question's information in the pair's question line",
  "share of the question's information in the pair's answer line",
  "share of the question's information in the pair",
  "soft share (word-vector alignment) in the pair's question line",
  "soft share in the pair's answer line",
  'pair share minus the best pair share',
  'question-line share minus the best',
  'soft question-line share minus the best',
  'answer-line share minus the best',
  "rank of the pair's share",
  "share of the pair question's information in the question",
  "soft share of the pair question's information in the question",
  'reverse share minus the best',
  "share of the question's verbs in the pair",
  "share of the question's common nouns in the pair",
  "share of the question's proper nouns and numbers in the pair",
  'question word pairs (bigrams) in the pair question line',
  'soft answer-line share minus the best',
  'pair question equals the question',
  "pair question's answer kind equals the question's",
  'first pair',
  'pairs',
  'answer line tokens',
  // the span
  'is no answer',
  'span tokens',
  'span characters',
  'share of span words in the question',
  'span words in the question',
  "share of span words in the pair's question line",
  'starts with a function word',
  'ends with a function word',
  'function words inside',
  'tag of the first token',
  'tag of the last token',
  'tag before',
  'tag after',
  'first token capitalised',
  'last token capitalised',
  'share of span words capitalised',
  'word before capitalised',
  'word after capitalised',
  'has a digit',
  'has a year-like number',
  'has a month name',
  'has a comma',
  'has a conjunction',
  'has a parenthesis',
  'between quote marks',
  'at the start of its line',
  'at the end of its line',
  'relative start in its line',
  'tokens back to a question word',
  'tokens on to a question word',
  'a maximal run without question words',
  'the whole answer line',
  'share of span words without a vector',
  "cosine with the question's mean vector",
  "cosine with the question's answer noun",
  "best word cosine with the question's answer noun",
  'cosine of the word before with the answer noun',
  'cosine of the word after with the answer noun',
  'other pairs whose answer line holds the span',
  'frequency rank of the first word',
  'frequency rank of the last word',
  'frequency rank of the word before',
  'frequency rank of the word after',
  'cosine of the first word with the answer noun',
  'cosine of the last word with the answer noun',
  'prepositions inside',
  'verbs inside',
  'holds the answer noun',
  'a whole capitalised run',
] as const;
export const spanFeatureCount = spanFeatureNames.length;

/** A question and its pairs, analysed, with every candidate span and its features. */
export interface RankingInput {
  readonly candidates: readonly SpanCandidate[];
  /** `(candidates.length + 1) × spanFeatureCount`, row-major; the last row is "no answer". */
  readonly features: Float32Array;
  readonly answerType: AnswerType;
}

export interface FeaturiseOptions {
  readonly vectors: WordVectorTable;
  readonly tagger?: PartOfSpeechTagger;
  /** The longest span considered, in tokens. */
  readonly maxSpanTokens: number;
}

/** The features every row of a line shares: the question's and the line's. */
const questionAndLineFeatureCount = spanFeatureNames.indexOf('is no answer');

/**
 * Analyses a question and its pairs and writes every candidate span's features (the trees' input):
 * what the question asks for, how well the candidate's line matches the question, and how the span
 * sits in its line. Pure given its inputs.
 */
export function featuriseSpans(
  question: string,
  pairs: readonly RankerPair[],
  options: FeaturiseOptions,
): RankingInput {
  const { vectors, tagger, maxSpanTokens } = options;
  const dimension = vectors.dimension;
  const asked = analyseQuestion(question, vectors, tagger);
  const lines = readingLines(pairs, vectors, tagger);
  const figures = lines.map((line) => figuresOfLine(asked, line, dimension));
  const best = (pick: (entry: LineFigures) => number): number =>
    figures.reduce((max, entry) => Math.max(max, pick(entry)), 0);
  const bests = {
    either: best((entry) => entry.either),
    question: best((entry) => entry.questionLine.exact),
    softQuestion: best((entry) => entry.questionLine.soft),
    answer: best((entry) => entry.answerLine.exact),
    softAnswer: best((entry) => entry.answerLine.soft),
    reverse: best((entry) => entry.reverse.exact),
    softReverse: best((entry) => entry.reverse.soft),
    classes: [0, 1, 2].map((index) => best((entry) => entry.classShares[index] as number)),
    bigrams: best((entry) => entry.bigrams),
  };
  const strength = (entry: LineFigures): number => entry.either + entry.questionLine.soft;
  const ranks = figures.map((entry) => figures.filter((other) => strength(other) > strength(entry)).length);
  const lineWords = lines.map((line) => lineWordsOf(asked, line));
  const pairsHolding = pairsHoldingOf(lines, maxSpanTokens);

  const candidates: SpanCandidate[] = [];
  lines.forEach((line, index) => {
    const { answer } = line;
    for (let start = 0; start < answer.tokens.length; start += 1) {
      if (answer.isWord[start] === 0) continue;
      for (let end = start + 1; end <= Math.min(answer.tokens.length, start + maxSpanTokens); end += 1) {
        const last = end - 1;
        if (answer.isWord[last] === 0 && !closingBrackets.has(answer.lower[last] as string)) continue;
        const from = (answer.tokens[start] as { start: number }).start;
        const to = (answer.tokens[last] as { end: number }).end;
        candidates.push({ pair: line.pair, line: index, start, end, text: answer.text.slice(from, to) });
      }
    }
  });

  const count = spanFeatureCount;
  const features = new Float32Array((candidates.length + 1) * count);
  const writeQuestionAndLine = (row: number, line: number | undefined): void => {
    let k = row * count;
    const type = asked.answerType;
    features[k++] = type.code;
    for (let kind = 0; kind < answerKinds.length; kind += 1) features[k++] = type.code === kind ? 1 : 0;
    features[k++] = type.noun === undefined ? 0 : 1;
    features[k++] = asked.content.length;
    // "No answer" reads the best line's figures.
    const entry = line === undefined ? undefined : (figures[line] as LineFigures);
    features[k++] = entry?.questionLine.exact ?? bests.question;
    features[k++] = entry?.answerLine.exact ?? bests.answer;
    features[k++] = entry?.either ?? bests.either;
    features[k++] = entry?.questionLine.soft ?? bests.softQuestion;
    features[k++] = entry?.answerLine.soft ?? bests.softAnswer;
    features[k++] = entry === undefined ? 0 : entry.either - bests.either;
    features[k++] = entry === undefined ? 0 : entry.questionLine.exact - bests.question;
    features[k++] = entry === undefined ? 0 : entry.questionLine.soft - bests.softQuestion;
    features[k++] = entry === undefined ? 0 : entry.answerLine.exact - bests.answer;
    features[k++] = line === undefined ? -1 : (ranks[line] as number);
    features[k++] = entry?.reverse.exact ?? bests.reverse;
    features[k++] = entry?.reverse.soft ?? bests.softReverse;
    features[k++] = entry === undefined ? 0 : entry.reverse.exact - bests.reverse;
    for (let index = 0; index < 3; index += 1)
      features[k++] = entry?.classShares[index] ?? (bests.classes[index] as number);
    features[k++] = entry?.bigrams ?? bests.bigrams;
    features[k++] = entry === undefined ? 0 : entry.answerLine.soft - bests.softAnswer;
    features[k++] = entry?.equal === true ? 1 : 0;
    features[k++] = entry?.sameKind === true ? 1 : 0;
    features[k++] = line !== undefined && (lines[line] as ReadingLine).pair === 0 ? 1 : 0;
    features[k++] = pairs.length;
    features[k++] = line === undefined ? -1 : (lines[line] as ReadingLine).answer.tokens.length;
  };

  candidates.forEach((candidate, row) => {
    writeQuestionAndLine(row, candidate.line);
    const written = writeSpanFeatures(features, row * count + questionAndLineFeatureCount, {
      asked,
      line: lines[candidate.line] as ReadingLine,
      lineFigures: figures[candidate.line] as LineFigures,
      lineWords: lineWords[candidate.line] as LineWords,
      candidate,
      pairsHolding,
      vectors,
    });
    if (written !== (row + 1) * count)
      throw new Error(`span features: wrote ${written - row * count} of ${count}`);
  });

  // The "no answer" row: the best line's figures, every span feature at a value no span has.
  const noAnswer = candidates.length;
  writeQuestionAndLine(noAnswer, undefined);
  features[noAnswer * count + questionAndLineFeatureCount] = 1;
  features.fill(-2, noAnswer * count + questionAndLineFeatureCount + 1, (noAnswer + 1) * count);
  return { candidates, features, answerType: asked.answerType };
}

const closingBrackets = new Set([')', ']']);
