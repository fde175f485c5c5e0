import { seededRandom } from '@rootweaver/core';
import { tokenizeWords } from '@rootweaver/language-en';
import {
  featurisePointer,
  type PartOfSpeechTagger,
  type PointerInput,
  pointerFeatureCount,
  replaceSpan,
  type WordVectorTable,
} from '@rootweaver/models';
import type { RankingData } from '../trees/gradient-boosting.js';

/** A record of `compactrag-train/rewrite/*.json`. */
export interface RewriteRecord {
  readonly id: string;
  /** `Q: <sub-question> | prev_answer: <answer>`. */
  readonly input: string;
  readonly output: string;
}

/** The sub-question and the parent answer of a record's input. */
export function parseRewriteInput(input: string): { question: string; answer: string } | undefined {
  const match = /^Q:\s*([\s\S]*?)\s*\|\s*prev_answer:\s*([\s\S]*)$/u.exec(input);
  if (match === null) return undefined;
  return { question: (match[1] as string).trim(), answer: (match[2] as string).trim() };
}

/**
 * Whether the sub-question already names the answer: the rewriter then leaves it as it is
 * (`TrainedRewriter.predict` skips such a parent), so such records teach the pointer nothing.
 */
export function namesItsAnswer(question: string, answer: string): boolean {
  return question.toLowerCase().includes(answer.toLowerCase());
}

/**
 * Whether a record teaches the pointer: its input parses and its sub-question does not already name the
 * answer (the rewriter leaves such a sub-question as it is).
 */
export function pointableRecord(record: RewriteRecord): boolean {
  const parsed = parseRewriteInput(record.input);
  return parsed !== undefined && !namesItsAnswer(parsed.question, parsed.answer);
}

/** Lower-cased word tokens: how rewrites are compared (case and spacing around punctuation ignored). */
export function rewriteTokens(text: string): string[] {
  return tokenizeWords(text).map((token) => token.text.toLowerCase());
}

function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] as number;
}

/** Which candidates of a featurised sub-question reproduce a record's output. */
export interface PhraseLabels {
  /** The candidates whose replacement by the answer gives the output (tokens compared, `rewriteTokens`). */
  readonly exact: readonly number[];
  /** The output is the sub-question itself: "no replacement" is right. */
  readonly unchanged: boolean;
  /**
   * When no candidate is exact: the one whose rewrite is nearest the output by token edit distance,
   * when within a quarter of the output (the writer also moved or added words); else undefined.
   */
  readonly nearest: number | undefined;
}

/** Labels the candidates of `input` (the featurised `question`) against the record's `output`. */
export function labelPhrases(
  question: string,
  answer: string,
  output: string,
  input: PointerInput,
): PhraseLabels {
  const wanted = rewriteTokens(output);
  const wantedText = wanted.join(' ');
  if (rewriteTokens(question).join(' ') === wantedText)
    return { exact: [], unchanged: true, nearest: undefined };
  const questionLength = input.question.tokens.length;
  const answerLength = rewriteTokens(answer).length;
  const exact: number[] = [];
  input.candidates.forEach((candidate, index) => {
    // A rewrite has the question's tokens less the phrase's, plus the answer's (and "'s" after a possessive).
    const length = questionLength - (candidate.last - candidate.first + 1) + answerLength;
    if (Math.abs(length - wanted.length) > 2) return;
    const rewritten = rewriteTokens(replaceSpan(question, candidate.start, candidate.end, answer));
    if (rewritten.join(' ') === wantedText) exact.push(index);
  });
  if (exact.length > 0) return { exact, unchanged: false, nearest: undefined };
  let best: { index: number; distance: number } | undefined;
  input.candidates.forEach((candidate, index) => {
    const rewritten = rewriteTokens(replaceSpan(question, candidate.start, candidate.end, answer));
    const distance = editDistance(rewritten, wanted);
    if (best === undefined || distance < best.distance) best = { index, distance };
  });
  const found = best as { index: number; distance: number } | undefined;
  const nearest =
    found !== undefined && found.distance <= Math.max(2, Math.ceil(wanted.length / 4))
      ? found.index
      : undefined;
  return { exact, unchanged: false, nearest };
}

/** One sub-question and answer with its candidates and their labels. */
export interface PointerExample {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly output: string;
  readonly input: PointerInput;
  readonly gold: PhraseLabels;
  /** Per candidate row (the last: no replacement), 1 when the trees should rank it first. */
  readonly labels: Uint8Array;
  /** A copy made from a grounded output and another record's answer: nothing refers to the answer. */
  readonly noReplacementCopy: boolean;
}

export interface PointerExampleOptions {
  readonly vectors: WordVectorTable;
  readonly tagger: PartOfSpeechTagger;
  readonly maxSpanTokens: number;
  /** Label the nearest phrase when no phrase is exact (else such records teach nothing). */
  readonly nearest: boolean;
  /**
   * Share of records that also yield a no-replacement copy: the record's output (grounded) with another
   * record's answer, which nothing in it refers to.
   */
  readonly noReplacementShare?: number;
  readonly seed: number;
}

function example(
  id: string,
  question: string,
  answer: string,
  output: string,
  noReplacementCopy: boolean,
  options: PointerExampleOptions,
): PointerExample {
  const input = featurisePointer(question, answer, options);
  const gold: PhraseLabels = noReplacementCopy
    ? { exact: [], unchanged: true, nearest: undefined }
    : labelPhrases(question, answer, output, input);
  const labels = new Uint8Array(input.candidates.length + 1);
  if (gold.unchanged) labels[input.candidates.length] = 1;
  for (const index of gold.exact) labels[index] = 1;
  if (options.nearest && gold.nearest !== undefined) labels[gold.nearest] = 1;
  return { id, question, answer, output, input, gold, labels, noReplacementCopy };
}

const collapse = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/** Featurises and labels rewrite records; with `noReplacementShare`, some also yield a no-replacement copy. */
export function buildPointerExamples(
  records: readonly RewriteRecord[],
  options: PointerExampleOptions,
): PointerExample[] {
  const random = seededRandom(options.seed);
  const share = options.noReplacementShare ?? 0;
  const examples: PointerExample[] = [];
  for (const record of records) {
    const parsed = parseRewriteInput(record.input);
    if (parsed === undefined) continue;
    const question = collapse(parsed.question);
    const answer = collapse(parsed.answer);
    examples.push(example(record.id, question, answer, record.output, false, options));
    if (share > 0 && random() < share) {
      const other = records[Math.floor(random() * records.length)] as RewriteRecord;
      const otherAnswer = collapse(parseRewriteInput(other.input)?.answer ?? '');
      if (
        other.id !== record.id &&
        otherAnswer !== '' &&
        !record.output.toLowerCase().includes(otherAnswer.toLowerCase())
      )
        examples.push(
          example(
            `${record.id}-grounded`,
            collapse(record.output),
            otherAnswer,
            record.output,
            true,
            options,
          ),
        );
    }
  }
  return examples;
}

/** The examples as one ranking matrix (groups in order). */
export function rankingDataOf(examples: readonly PointerExample[]): RankingData {
  const rows = examples.reduce((sum, entry) => sum + entry.labels.length, 0);
  const features = new Float32Array(rows * pointerFeatureCount);
  const labels = new Uint8Array(rows);
  const groupStarts = new Int32Array(examples.length + 1);
  let at = 0;
  examples.forEach((entry, index) => {
    groupStarts[index] = at;
    features.set(entry.input.features, at * pointerFeatureCount);
    labels.set(entry.labels, at);
    at += entry.labels.length;
  });
  groupStarts[examples.length] = at;
  return { features, featureCount: pointerFeatureCount, groupStarts, labels };
}
