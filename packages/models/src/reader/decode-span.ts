import { softmaxInPlace } from '../network/operations.js';
import type { ReaderInput } from './reader-input.js';
import type { ReaderLogits } from './reader-network.js';

/** The reader's best span and how sure the network is of it. */
export interface DecodedSpan {
  /** First and last token of the span (inclusive); -1 when the context has no answer line. */
  readonly startToken: number;
  readonly endToken: number;
  /** Character offsets into the context text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** The pair the span lies in. */
  readonly pair: number;
  /** p(start) · p(end) of the span, the no-answer option included in both softmaxes. */
  readonly probability: number;
  /** p(start = none) · p(end = none). */
  readonly noAnswerProbability: number;
}

/**
 * The span with the highest p(start) · p(end), inside one answer line and at most `maxTokens` long
 * (answers are read from the answer lines of pairs, never from their questions).
 */
export function decodeSpan(input: ReaderInput, logits: ReaderLogits, maxTokens = 24): DecodedSpan {
  const n = input.tokens.length;
  const start = new Float32Array(n + 1);
  start.set(logits.start);
  start[n] = logits.noAnswer;
  const end = new Float32Array(n + 1);
  end.set(logits.end);
  end[n] = logits.noAnswer;
  softmaxInPlace(start);
  softmaxInPlace(end);
  let best = { startToken: -1, endToken: -1, probability: 0 };
  for (let first = 0; first < n; first += 1) {
    const line = input.lineOfToken[first] as number;
    if (line % 2 === 0) continue;
    const pStart = start[first] as number;
    if (pStart * 1 <= best.probability) continue;
    for (let last = first; last < Math.min(n, first + maxTokens); last += 1) {
      if (input.lineOfToken[last] !== line) break;
      const probability = pStart * (end[last] as number);
      if (probability > best.probability) best = { startToken: first, endToken: last, probability };
    }
  }
  const noAnswerProbability = (start[n] as number) * (end[n] as number);
  if (best.startToken < 0)
    return {
      startToken: -1,
      endToken: -1,
      start: 0,
      end: 0,
      text: '',
      pair: -1,
      probability: 0,
      noAnswerProbability,
    };
  const first = input.tokens[best.startToken];
  const last = input.tokens[best.endToken];
  const charStart = first?.start ?? 0;
  const charEnd = last?.end ?? 0;
  return {
    ...best,
    start: charStart,
    end: charEnd,
    text: input.text.slice(charStart, charEnd),
    pair: input.pairOfToken[best.startToken] as number,
    probability: best.probability,
    noAnswerProbability,
  };
}
