import { splitSentences } from '@rootweaver/language-en';
import type { PartOfSpeechTagger } from '../language/part-of-speech.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { type AnalysedText, analyseText, nounTags, prefixSums, rowCosine } from './analysed-text.js';
import { answerTypeOf } from './answer-type.js';
import { type AskedQuestion, wordsOf } from './asked-question.js';

/** One atomic pair the ranker reads: a question line and its answer text. */
export interface RankerPair {
  readonly question: string;
  readonly answer: string;
}

/**
 * A sentence of a pair's answer, with the pair's question line: the unit the ranker reads spans from.
 * An atomic pair's answer is one sentence; a passage-sized answer is read sentence by sentence.
 */
export interface ReadingLine {
  readonly pair: number;
  readonly question: AnalysedText;
  readonly answer: AnalysedText;
  /** Running sums of the answer's unit word vectors (`prefixSums`). */
  readonly sums: Float32Array;
}

/** How a line matches the question: shares of the question's information, exact (stems) and soft (word vectors). */
export interface LineFigures {
  readonly questionLine: Coverage;
  readonly answerLine: Coverage;
  /** Exact share found in the question line or the answer. */
  readonly either: number;
  /** Share of the question line's own information found in the question. */
  readonly reverse: Coverage;
  /** Per word class of the question (verbs, common nouns, proper nouns and numbers): the share found, −1 when it has none. */
  readonly classShares: readonly number[];
  readonly bigrams: number;
  readonly equal: boolean;
  readonly sameKind: boolean;
  readonly questionStems: ReadonlySet<string>;
}

export interface Coverage {
  readonly exact: number;
  readonly soft: number;
}

/** The pairs' answers cut into sentences, each analysed once. */
export function readingLines(
  pairs: readonly RankerPair[],
  vectors: WordVectorTable,
  tagger: PartOfSpeechTagger | undefined,
): ReadingLine[] {
  const lines: ReadingLine[] = [];
  pairs.forEach((pair, index) => {
    const question = analyseText(pair.question, vectors, tagger);
    const sentences = splitSentences(pair.answer);
    for (const sentence of sentences.length === 0 ? [{ text: pair.answer }] : sentences) {
      const answer = analyseText(sentence.text, vectors, tagger);
      lines.push({ pair: index, question, answer, sums: prefixSums(answer, vectors.dimension) });
    }
  });
  return lines;
}

/** The information-weighted share of `wanted`'s words (token indices of `from`) present in `line`. */
function coverage(
  from: AnalysedText,
  wanted: readonly number[],
  line: AnalysedText,
  dimension: number,
): Coverage {
  const total = wanted.reduce((sum, index) => sum + (from.weights[index] as number), 0);
  if (total === 0) return { exact: 0, soft: 0 };
  const stems = new Set(line.stems);
  let exact = 0;
  let soft = 0;
  for (const word of wanted) {
    const weight = from.weights[word] as number;
    if (stems.has(from.stems[word] as string)) {
      exact += weight;
      soft += weight;
      continue;
    }
    let best = 0;
    for (let index = 0; index < line.tokens.length; index += 1)
      if (line.isWord[index] === 1 && line.isFunction[index] === 0)
        best = Math.max(best, rowCosine(from, word, line, index, dimension));
    soft += weight * best;
  }
  return { exact: exact / total, soft: soft / total };
}

function contentOf(text: AnalysedText): number[] {
  const content: number[] = [];
  for (let index = 0; index < text.tokens.length; index += 1)
    if (text.isWord[index] === 1 && text.isFunction[index] === 0) content.push(index);
  return content;
}

/** How well a line's pair question and answer sentence match the question. */
export function figuresOfLine(asked: AskedQuestion, line: ReadingLine, dimension: number): LineFigures {
  const { question, answer } = line;
  const both = new Set([...question.stems, ...answer.stems]);
  let either = 0;
  for (const word of asked.content)
    if (both.has(asked.text.stems[word] as string)) either += asked.text.weights[word] as number;
  const lineBigrams = new Set<string>();
  for (let index = 0; index + 1 < question.tokens.length; index += 1)
    lineBigrams.add(`${question.stems[index]} ${question.stems[index + 1]}`);
  const lineType = answerTypeOf(question.tokens, (index) => nounTags.has(question.tags[index] as number));
  return {
    questionLine: coverage(asked.text, asked.content, question, dimension),
    answerLine: coverage(asked.text, asked.content, answer, dimension),
    either: asked.information === 0 ? 0 : either / asked.information,
    reverse: coverage(question, contentOf(question), asked.text, dimension),
    classShares: asked.wordClasses.map((members) =>
      members.length === 0
        ? -1
        : members.filter((index) => both.has(asked.text.stems[index] as string)).length / members.length,
    ),
    bigrams: asked.bigrams.filter((bigram) => lineBigrams.has(bigram)).length,
    equal: question.tokens.length > 0 && wordsOf(question) === asked.normalised,
    sameKind: lineType.kind === asked.answerType.kind,
    questionStems: new Set(question.stems),
  };
}
