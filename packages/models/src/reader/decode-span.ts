import type { ReaderInput } from './reader-input.js';
import type { ReaderLogits } from './reader-network.js';

/** The longest answer span the reader considers, in tokens. */
export const maxSpanTokens = 24;

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
  /** The span's probability under the joint distribution over spans and "no answer". */
  readonly probability: number;
  /** The probability of "no answer here". */
  readonly noAnswerProbability: number;
}

/** Every candidate span with its probability, and "no answer": what decoding and training share. */
export interface SpanDistribution {
  /** Candidate spans as [first, last] token pairs (same answer line, at most `maxSpanTokens`). */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly probabilities: Float32Array;
  readonly noAnswerProbability: number;
}

/**
 * The joint distribution over the candidate spans — every stretch of one answer line at most
 * `maxSpanTokens` long (answers are read from answer lines, never from pairs' questions) — and "no
 * answer": score(i, j) = start_i + end_j + length_{j−i}, a softmax over all of them and the no-answer
 * score.
 */
export function spanDistribution(input: ReaderInput, logits: ReaderLogits): SpanDistribution {
  const n = input.tokens.length;
  const starts: number[] = [];
  const ends: number[] = [];
  const scores: number[] = [];
  for (let first = 0; first < n; first += 1) {
    const line = input.lineOfToken[first] as number;
    if (line % 2 === 0) continue;
    for (let last = first; last < Math.min(n, first + maxSpanTokens); last += 1) {
      if (input.lineOfToken[last] !== line) break;
      starts.push(first);
      ends.push(last);
      scores.push(
        (logits.start[first] as number) +
          (logits.end[last] as number) +
          (logits.length[last - first] as number),
      );
    }
  }
  let largest = logits.noAnswer;
  for (const score of scores) largest = Math.max(largest, score);
  let sum = Math.exp(logits.noAnswer - largest);
  const probabilities = new Float32Array(scores.length);
  scores.forEach((score, index) => {
    const value = Math.exp(score - largest);
    probabilities[index] = value;
    sum += value;
  });
  for (let index = 0; index < probabilities.length; index += 1)
    probabilities[index] = (probabilities[index] as number) / sum;
  return {
    starts: Int32Array.from(starts),
    ends: Int32Array.from(ends),
    probabilities,
    noAnswerProbability: Math.exp(logits.noAnswer - largest) / sum,
  };
}

/** The most probable span (see `spanDistribution`). */
export function decodeSpan(input: ReaderInput, logits: ReaderLogits): DecodedSpan {
  const distribution = spanDistribution(input, logits);
  let best = -1;
  distribution.probabilities.forEach((probability, index) => {
    if (best < 0 || probability > (distribution.probabilities[best] as number)) best = index;
  });
  const { noAnswerProbability } = distribution;
  if (best < 0)
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
  const startToken = distribution.starts[best] as number;
  const endToken = distribution.ends[best] as number;
  const start = input.tokens[startToken]?.start ?? 0;
  const end = input.tokens[endToken]?.end ?? 0;
  return {
    startToken,
    endToken,
    start,
    end,
    text: input.text.slice(start, end),
    pair: input.pairOfToken[startToken] as number,
    probability: distribution.probabilities[best] as number,
    noAnswerProbability,
  };
}
