import { seededRandom } from '@rootweaver/core';
import { tokenizeWords } from '@rootweaver/language-en';
import {
  featuriseRewriterInput,
  maxSpanTokens,
  type PartOfSpeechTagger,
  replaceSpan,
  type WordVectorTable,
} from '@rootweaver/models';
import type { ReaderExample } from '../reader/reader-examples.js';

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

/**
 * The phrase of the sub-question (first and last token) whose replacement by the answer comes closest
 * to the record's output: exactly for about 70 % of the set; for the rest (the writer also added or
 * moved words) the nearest by token edit distance, kept when it is within a quarter of the output.
 */
export function goldPhrase(
  question: string,
  answer: string,
  output: string,
): { first: number; last: number; exact: boolean } | undefined {
  const tokens = tokenizeWords(question);
  const wanted = rewriteTokens(output);
  const wantedText = wanted.join(' ');
  let best: { first: number; last: number; distance: number } | undefined;
  for (let first = 0; first < tokens.length; first += 1)
    for (let last = first; last < Math.min(tokens.length, first + maxSpanTokens); last += 1) {
      const rewritten = rewriteTokens(
        replaceSpan(
          question,
          (tokens[first] as { start: number }).start,
          (tokens[last] as { end: number }).end,
          answer,
        ),
      );
      if (rewritten.join(' ') === wantedText) return { first, last, exact: true };
      const distance = editDistance(rewritten, wanted);
      if (best === undefined || distance < best.distance) best = { first, last, distance };
    }
  if (best === undefined || best.distance > Math.max(2, Math.ceil(wanted.length / 4))) return undefined;
  return { first: best.first, last: best.last, exact: false };
}

/**
 * Featurises rewrite records as span examples: the sub-question is the context, the parent answer the
 * query, the phrase it replaces the gold span (`goldPhrase`). With `negativeShare` > 0, that share also
 * yields a no-replacement example: the record's grounded output with another record's answer, which
 * nothing in it refers to.
 */
export function buildRewriterExamples(
  vectors: WordVectorTable,
  records: readonly RewriteRecord[],
  options: { negativeShare: number; seed: number; tagger?: PartOfSpeechTagger },
): { examples: ReaderExample[]; skipped: number; inexact: number } {
  const random = seededRandom(options.seed);
  const examples: ReaderExample[] = [];
  let skipped = 0;
  let inexact = 0;
  for (const record of records) {
    const parsed = parseRewriteInput(record.input);
    const gold = parsed === undefined ? undefined : goldPhrase(parsed.question, parsed.answer, record.output);
    if (parsed === undefined || gold === undefined) {
      skipped += 1;
      continue;
    }
    if (!gold.exact) inexact += 1;
    const input = featuriseRewriterInput(vectors, parsed.answer, parsed.question, options.tagger);
    // The laid-out text is the empty question line, then the sub-question: its tokens are the same.
    examples.push({
      id: record.id,
      question: parsed.answer,
      answer: input.text.slice(
        (input.tokens[gold.first] as { start: number }).start,
        (input.tokens[gold.last] as { end: number }).end,
      ),
      input,
      startToken: gold.first,
      endToken: gold.last,
    });
    if (options.negativeShare > 0 && random() < options.negativeShare) {
      const other = records[Math.floor(random() * records.length)] as RewriteRecord;
      const otherAnswer = parseRewriteInput(other.input)?.answer ?? '';
      if (
        other.id !== record.id &&
        otherAnswer !== '' &&
        !record.output.toLowerCase().includes(otherAnswer.toLowerCase())
      )
        examples.push({
          id: `${record.id}-grounded`,
          question: otherAnswer,
          answer: '',
          input: featuriseRewriterInput(vectors, otherAnswer, record.output, options.tagger),
          startToken: -1,
          endToken: -1,
        });
    }
  }
  return { examples, skipped, inexact };
}
