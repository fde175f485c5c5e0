import { seededRandom } from '@rootweaver/core';
import { normalizeAnswer } from '@rootweaver/eval';
import { isFunctionWord, stem, tokenizeWords, type WordToken } from '@rootweaver/language-en';
import {
  featuriseSpans,
  type PartOfSpeechTagger,
  type RankerPair,
  type RankingInput,
  spanFeatureCount,
  type WordVectorTable,
} from '@rootweaver/models';
import type { RankingData } from '../trees/gradient-boosting.js';

/** A record of `compactrag-train/qa/*.json`. */
export interface QaRecord {
  readonly id: string;
  readonly question: string;
  readonly context: string;
  readonly answers: { readonly text: readonly string[]; readonly answer_start: readonly number[] };
}

/** One question with its pairs and candidates; `answer` '' when none of its pairs holds it. */
export interface RankerExample {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly pairs: readonly RankerPair[];
  readonly input: RankingInput;
  /** Per candidate row (the last: no answer), 1 when it is a right answer. */
  readonly labels: Uint8Array;
}

/** The pairs of a training context: `question\nanswer` blocks split by a blank line. */
export function pairsOfContext(context: string): RankerPair[] {
  return context.split('\n\n').map((block) => {
    const newline = block.indexOf('\n');
    return newline < 0
      ? { question: '', answer: block }
      : { question: block.slice(0, newline), answer: block.slice(newline + 1) };
  });
}

export interface ExampleOptions {
  readonly vectors: WordVectorTable;
  readonly tagger: PartOfSpeechTagger;
  readonly maxSpanTokens: number;
  /** Share of records that also yield a copy without the pairs holding the answer (no answer is right). */
  readonly noAnswerShare?: number;
  /**
   * Share of records that also yield a copy whose answering pair's answer is the bare answer, as a
   * rule-built index writes its pairs ("Who directed X?" / "Ada Lee").
   */
  readonly bareAnswerShare?: number;
  /**
   * Share of records that also yield a copy in which each pair loses its question line with
   * probability ½: the reader also reads passage sentences, which have none.
   */
  readonly blankQuestionShare?: number;
  readonly seed: number;
}

function labelled(
  id: string,
  question: string,
  answer: string,
  pairs: readonly RankerPair[],
  options: ExampleOptions,
): RankerExample {
  const input = featuriseSpans(question, pairs, options);
  const labels = new Uint8Array(input.candidates.length + 1);
  const wanted = answer === '' ? '' : normalizeAnswer(answer);
  input.candidates.forEach((candidate, index) => {
    if (wanted !== '' && normalizeAnswer(candidate.text) === wanted) labels[index] = 1;
  });
  if (wanted === '') labels[input.candidates.length] = 1;
  return { id, question, answer, pairs, input, labels };
}

/**
 * What a pair's answer adds to its question: the longest run of the answer's tokens that are not
 * words of the question, trimmed of function words and punctuation at its ends ("When was X
 * released?" / "X was released in 1994." → "1994"); undefined when there is none.
 */
export function newWordsOf(pair: RankerPair): string | undefined {
  const asked = new Set(tokenizeWords(pair.question).map((token) => stem(token.text.toLowerCase())));
  const tokens = tokenizeWords(pair.answer);
  const isNew = tokens.map(
    (token) => /[\p{L}\p{N}]/u.test(token.text) && !asked.has(stem(token.text.toLowerCase())),
  );
  const edge = (index: number): boolean =>
    isNew[index] === true && !isFunctionWord((tokens[index] as WordToken).text.toLowerCase());
  let best: { start: number; end: number } | undefined;
  for (let start = 0; start < tokens.length; start += 1) {
    if (!edge(start)) continue;
    let end = start;
    while (
      end + 1 < tokens.length &&
      (isNew[end + 1] === true || !/[\p{L}\p{N}]/u.test((tokens[end + 1] as WordToken).text))
    )
      end += 1;
    while (end > start && !edge(end)) end -= 1;
    if (best === undefined || end - start > best.end - best.start) best = { start, end };
    start = end;
  }
  if (best === undefined) return undefined;
  return pair.answer.slice((tokens[best.start] as WordToken).start, (tokens[best.end] as WordToken).end);
}

/** Featurises records; with `noAnswerShare` or `bareAnswerShare`, some also yield a copy of that kind. */
export function buildRankerExamples(records: readonly QaRecord[], options: ExampleOptions): RankerExample[] {
  const random = seededRandom(options.seed);
  const examples: RankerExample[] = [];
  const noAnswerShare = options.noAnswerShare ?? 0;
  const bareAnswerShare = options.bareAnswerShare ?? 0;
  const blankQuestionShare = options.blankQuestionShare ?? 0;
  for (const record of records) {
    const answer = record.answers.text[0] ?? '';
    const pairs = pairsOfContext(record.context);
    const wanted = normalizeAnswer(answer);
    const answering = (pair: RankerPair): boolean =>
      ` ${normalizeAnswer(pair.answer)} `.includes(` ${wanted} `);
    examples.push(labelled(record.id, record.question, answer, pairs, options));
    if (noAnswerShare > 0 && random() < noAnswerShare) {
      const rest = pairs.filter((pair) => !answering(pair));
      if (rest.length > 0 && rest.length < pairs.length)
        examples.push(labelled(`${record.id}-none`, record.question, '', rest, options));
    }
    if (bareAnswerShare > 0 && random() < bareAnswerShare && pairs.some(answering)) {
      // The answering pair says its bare answer; each other pair, with probability ½, says only what
      // its answer adds to its question — as every pair of a rule-built index would.
      const bare = pairs.map((pair) => {
        if (answering(pair)) return { question: pair.question, answer };
        const added = random() < 0.5 ? newWordsOf(pair) : undefined;
        return added === undefined ? pair : { question: pair.question, answer: added };
      });
      examples.push(labelled(`${record.id}-bare-answer`, record.question, answer, bare, options));
    }
    if (blankQuestionShare > 0 && random() < blankQuestionShare) {
      const blank = pairs.map((pair) => (random() < 0.5 ? { question: '', answer: pair.answer } : pair));
      examples.push(labelled(`${record.id}-blank-questions`, record.question, answer, blank, options));
    }
  }
  return examples;
}

/**
 * A question with the pairs the engine handed its extractor for it (`tools/scripts/engine-evidence.mjs`:
 * a rule-built index of the split's answer lines, the engine's own retrieval, `readerEvidenceOf`).
 */
export interface EngineEvidenceRecord {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly pairs: readonly RankerPair[];
}

/**
 * Index-shaped examples: each question over the evidence the engine gave it, labelled by the gold
 * answer — "no answer" when none of the pairs holds it (retrieval missed it), as at inference.
 */
export function buildEvidenceExamples(
  records: readonly EngineEvidenceRecord[],
  options: ExampleOptions,
): RankerExample[] {
  return records
    .filter((record) => record.pairs.length > 0)
    .map((record) => {
      const wanted = normalizeAnswer(record.answer);
      const held = record.pairs.some((pair) => ` ${normalizeAnswer(pair.answer)} `.includes(` ${wanted} `));
      return labelled(
        `${record.id}-engine`,
        record.question,
        held ? record.answer : '',
        record.pairs,
        options,
      );
    });
}

/** The examples as one ranking matrix (groups in order). */
export function rankingDataOf(examples: readonly RankerExample[]): RankingData {
  const rows = examples.reduce((sum, example) => sum + example.labels.length, 0);
  const features = new Float32Array(rows * spanFeatureCount);
  const labels = new Uint8Array(rows);
  const groupStarts = new Int32Array(examples.length + 1);
  let at = 0;
  examples.forEach((example, index) => {
    groupStarts[index] = at;
    features.set(example.input.features, at * spanFeatureCount);
    labels.set(example.labels, at);
    at += example.labels.length;
  });
  groupStarts[examples.length] = at;
  return { features, featureCount: spanFeatureCount, groupStarts, labels };
}
