import { seededRandom } from '@rootweaver/core';
import { featuriseReaderInput, type ReaderInput, type WordVectorTable } from '@rootweaver/models';

/** A record of `compactrag-train/qa/*.json`. */
export interface QaRecord {
  readonly id: string;
  readonly question: string;
  readonly context: string;
  readonly answers: { readonly text: readonly string[]; readonly answer_start: readonly number[] };
}

/** One training or evaluation example: the featurised input and the gold span's tokens (-1: no answer). */
export interface ReaderExample {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly input: ReaderInput;
  readonly startToken: number;
  readonly endToken: number;
}

/** The tokens a character span covers, or undefined when it does not fall on token boundaries at all. */
function tokenSpan(
  input: ReaderInput,
  start: number,
  end: number,
): { first: number; last: number } | undefined {
  let first = -1;
  let last = -1;
  input.tokens.forEach((token, index) => {
    if (token.end > start && token.start < end) {
      if (first < 0) first = index;
      last = index;
    }
  });
  return first < 0 ? undefined : { first, last };
}

/**
 * Featurises the records. With `negativeShare` > 0, that share of the records with more than one pair
 * also yields a no-answer example: the context without the answering pair, kept only when no other pair
 * still contains the answer text.
 */
export function buildReaderExamples(
  vectors: WordVectorTable,
  records: readonly QaRecord[],
  options: { negativeShare: number; seed: number },
): { examples: ReaderExample[]; skipped: number } {
  const random = seededRandom(options.seed);
  const examples: ReaderExample[] = [];
  let skipped = 0;
  for (const record of records) {
    const answer = record.answers.text[0] ?? '';
    const answerStart = record.answers.answer_start[0] ?? -1;
    const input = featuriseReaderInput(vectors, record.question, record.context);
    const span = answerStart < 0 ? undefined : tokenSpan(input, answerStart, answerStart + answer.length);
    if (span === undefined) {
      skipped += 1;
      continue;
    }
    examples.push({
      id: record.id,
      question: record.question,
      answer,
      input,
      startToken: span.first,
      endToken: span.last,
    });
    const blocks = record.context.split('\n\n');
    if (options.negativeShare > 0 && blocks.length > 1 && random() < options.negativeShare) {
      let offset = 0;
      const kept: string[] = [];
      for (const block of blocks) {
        const inside = answerStart >= offset && answerStart < offset + block.length;
        if (!inside) kept.push(block);
        offset += block.length + 2;
      }
      const context = kept.join('\n\n');
      if (!context.toLowerCase().includes(answer.toLowerCase()))
        examples.push({
          id: `${record.id}-without-answer`,
          question: record.question,
          answer: '',
          input: featuriseReaderInput(vectors, record.question, context),
          startToken: -1,
          endToken: -1,
        });
    }
  }
  return { examples, skipped };
}
