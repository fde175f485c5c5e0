import { seededRandom } from '@rootweaver/core';
import {
  featuriseReaderInput,
  type PartOfSpeechTagger,
  type ReaderInput,
  type WordVectorTable,
} from '@rootweaver/models';

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
 * still contains the answer text. With `shortAnswerShare` > 0, that share also yields an example whose
 * answering pair's answer line is the bare answer, as a rule-built index writes its pairs ("Who
 * directed X?" / "Ada Lee"), among one or two such short pairs of other records.
 */
export function buildReaderExamples(
  vectors: WordVectorTable,
  records: readonly QaRecord[],
  options: {
    negativeShare: number;
    seed: number;
    shortAnswerShare?: number;
    /** Share of records that also train with the answering pair's own question line as the query. */
    paraphraseShare?: number;
    tagger?: PartOfSpeechTagger;
  },
): { examples: ReaderExample[]; skipped: number } {
  const random = seededRandom(options.seed);
  const examples: ReaderExample[] = [];
  let skipped = 0;
  for (const record of records) {
    const answer = record.answers.text[0] ?? '';
    const answerStart = record.answers.answer_start[0] ?? -1;
    const input = featuriseReaderInput(vectors, record.question, record.context, undefined, options.tagger);
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
    if ((options.paraphraseShare ?? 0) > 0 && random() < (options.paraphraseShare ?? 0)) {
      // The answering pair's own question asks the same thing in other words: a second query for it.
      let offset = 0;
      for (const block of blocks) {
        if (answerStart >= offset && answerStart < offset + block.length) {
          const pairQuestion = block.split('\n')[0] ?? '';
          if (pairQuestion !== '' && pairQuestion.toLowerCase() !== record.question.toLowerCase())
            examples.push({
              id: `${record.id}-pair-question`,
              question: pairQuestion,
              answer,
              input: featuriseReaderInput(vectors, pairQuestion, record.context, undefined, options.tagger),
              startToken: span.first,
              endToken: span.last,
            });
          break;
        }
        offset += block.length + 2;
      }
    }
    if ((options.shortAnswerShare ?? 0) > 0 && random() < (options.shortAnswerShare ?? 0)) {
      const shortBlocks = blocks.map((block) => {
        const offset = record.context.indexOf(block);
        const inside = answerStart >= offset && answerStart < offset + block.length;
        return inside ? `${block.split('\n')[0] ?? ''}\n${answer}` : block;
      });
      const extra = 1 + Math.floor(random() * 2);
      for (let count = 0; count < extra; count += 1) {
        const other = records[Math.floor(random() * records.length)] as QaRecord;
        const otherAnswer = other.answers.text[0] ?? '';
        if (other.id === record.id || otherAnswer.toLowerCase() === answer.toLowerCase()) continue;
        shortBlocks.splice(
          Math.floor(random() * (shortBlocks.length + 1)),
          0,
          `${other.question}\n${otherAnswer}`,
        );
      }
      const context = shortBlocks.join('\n\n');
      const shortInput = featuriseReaderInput(vectors, record.question, context, undefined, options.tagger);
      const goldLine = `${
        blocks
          .find((block) => {
            const offset = record.context.indexOf(block);
            return answerStart >= offset && answerStart < offset + block.length;
          })
          ?.split('\n')[0] ?? ''
      }\n${answer}`;
      const at = context.indexOf(goldLine);
      const shortSpan =
        at < 0
          ? undefined
          : tokenSpan(shortInput, at + goldLine.length - answer.length, at + goldLine.length);
      if (shortSpan !== undefined)
        examples.push({
          id: `${record.id}-short-answer`,
          question: record.question,
          answer,
          input: shortInput,
          startToken: shortSpan.first,
          endToken: shortSpan.last,
        });
    }
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
          input: featuriseReaderInput(vectors, record.question, context, undefined, options.tagger),
          startToken: -1,
          endToken: -1,
        });
    }
  }
  return { examples, skipped };
}
