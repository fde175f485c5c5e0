import { stem } from '@rootweaver/language-en';
import { type PartOfSpeechTagger, partOfSpeechTags } from '../language/part-of-speech.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { type AnalysedText, analyseText, nounTags, unitMean } from './analysed-text.js';
import { type AnswerType, answerTypeOf } from './answer-type.js';

/** A question as the span ranker compares pairs and spans with it. */
export interface AskedQuestion {
  readonly text: AnalysedText;
  readonly answerType: AnswerType;
  /** Stems of its words (function words too). */
  readonly stems: ReadonlySet<string>;
  /** Token indices of its content words (words that are not function words). */
  readonly content: readonly number[];
  /** Sum of the content words' information weights. */
  readonly information: number;
  /** Unit mean vector of its content words. */
  readonly mean: Float32Array;
  /** The unit vector and stem of the noun that names its answer, when it has one the table knows. */
  readonly nounVector: Float32Array | undefined;
  readonly nounStem: string | undefined;
  /** Its words, lower case, joined by single spaces (punctuation dropped). */
  readonly normalised: string;
  /** Content words that are verbs, common nouns, and proper nouns or numbers. */
  readonly wordClasses: readonly (readonly number[])[];
  /** Stem bigrams of adjacent words. */
  readonly bigrams: readonly string[];
}

const verbTag = partOfSpeechTags.indexOf('VERB');
const nounTag = partOfSpeechTags.indexOf('NOUN');
const properTags = new Set([partOfSpeechTags.indexOf('PROPN'), partOfSpeechTags.indexOf('NUM')]);

/** The words of an analysed text, lower case, punctuation dropped, joined by single spaces. */
export function wordsOf(text: AnalysedText, from = 0, to = text.tokens.length): string {
  const words: string[] = [];
  for (let index = from; index < to; index += 1)
    if (text.isWord[index] === 1) words.push(text.lower[index] as string);
  return words.join(' ');
}

/** Analyses a question once for every pair and span it is compared with. */
export function analyseQuestion(
  question: string,
  vectors: WordVectorTable,
  tagger: PartOfSpeechTagger | undefined,
): AskedQuestion {
  const text = analyseText(question, vectors, tagger);
  const answerType = answerTypeOf(text.tokens, (index) => nounTags.has(text.tags[index] as number));
  const stems = new Set<string>();
  const content: number[] = [];
  for (let index = 0; index < text.tokens.length; index += 1) {
    if (text.isWord[index] === 0) continue;
    stems.add(text.stems[index] as string);
    if (text.isFunction[index] === 0) content.push(index);
  }
  const information = content.reduce((sum, index) => sum + (text.weights[index] as number), 0);
  const nounRow = answerType.noun === undefined ? -1 : vectors.rowOf(answerType.noun);
  let nounVector: Float32Array | undefined;
  if (nounRow >= 0) {
    nounVector = new Float32Array(vectors.dimension);
    vectors.addRow(nounRow, nounVector);
    const norm = Math.sqrt(nounVector.reduce((sum, value) => sum + value * value, 0));
    if (norm > 0)
      for (let k = 0; k < nounVector.length; k += 1) nounVector[k] = (nounVector[k] as number) / norm;
  }
  const ofClass = (test: (tag: number) => boolean): number[] =>
    content.filter((index) => test(text.tags[index] as number));
  const bigrams: string[] = [];
  for (let index = 0; index + 1 < text.tokens.length; index += 1)
    if (text.isWord[index] === 1 && text.isWord[index + 1] === 1)
      bigrams.push(`${text.stems[index]} ${text.stems[index + 1]}`);
  return {
    text,
    answerType,
    stems,
    content,
    information,
    mean: unitMean(text, content, vectors.dimension),
    nounVector,
    nounStem: answerType.noun === undefined ? undefined : stem(answerType.noun),
    normalised: wordsOf(text),
    wordClasses: [
      ofClass((tag) => tag === verbTag),
      ofClass((tag) => tag === nounTag),
      ofClass((tag) => properTags.has(tag)),
    ],
    bigrams,
  };
}
