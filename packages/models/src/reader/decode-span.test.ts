import { describe, expect, it } from 'vitest';
import { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { decodeSpan, maxSpanTokens, spanDistribution } from './decode-span.js';
import { featuriseReaderInput, layoutPairs } from './reader-input.js';

const vectors = WordVectorTable.fromEntries([['lee', [1, 0]]]);
const { text, spans } = layoutPairs([
  { question: 'Who wrote River Stone?', answer: 'River Stone was written by Ada Lee.' },
  { question: 'When did the hall open?', answer: 'The hall opened in 1950.' },
]);
const input = featuriseReaderInput(vectors, 'Who wrote River Stone?', text, spans);
const indexOf = (word: string): number => input.tokens.findIndex((token) => token.text === word);

/** Scores that put the start and end where asked (no length preference). */
function logits(start: number, end: number, noAnswer = -5) {
  const n = input.tokens.length;
  const startScores = new Float32Array(n).fill(-5);
  const endScores = new Float32Array(n).fill(-5);
  startScores[start] = 5;
  endScores[end] = 5;
  return { start: startScores, end: endScores, length: new Float32Array(maxSpanTokens), noAnswer };
}

describe('decodeSpan', () => {
  it('returns the text between the best start and end, its pair and offsets into the context', () => {
    const span = decodeSpan(input, logits(indexOf('Ada'), indexOf('Lee')));
    expect(span.text).toBe('Ada Lee');
    expect(span.pair).toBe(0);
    expect(text.slice(span.start, span.end)).toBe('Ada Lee');
    expect(span.probability).toBeGreaterThan(0.5);
  });

  it('never joins a start and an end from different lines', () => {
    // The best end lies in the next pair's answer line: the span stays inside its own line.
    const span = decodeSpan(input, logits(indexOf('Ada'), indexOf('1950')));
    expect(span.text).not.toContain('\n');
    expect(span.pair === 0 ? span.text.startsWith('Ada') : span.text.endsWith('1950')).toBe(true);
  });

  it('never reads an answer from a question line, however high its scores', () => {
    const questionToken = input.tokens.findIndex((token) => token.text === 'hall');
    const span = decodeSpan(input, logits(questionToken, questionToken));
    expect((input.lineOfToken[span.startToken] as number) % 2).toBe(1);
  });

  it('is one distribution: the spans and "no answer" sum to one, a span-length score moves the mass', () => {
    const scores = logits(indexOf('Ada'), indexOf('Lee'));
    const distribution = spanDistribution(input, scores);
    const total = distribution.probabilities.reduce(
      (sum, value) => sum + value,
      distribution.noAnswerProbability,
    );
    expect(total).toBeCloseTo(1, 5);
    // Favouring one-token spans strongly makes "Ada" alone win over "Ada Lee".
    const preferShort = {
      ...scores,
      length: Float32Array.from({ length: maxSpanTokens }, (_, k) => (k === 0 ? 20 : 0)),
    };
    expect(decodeSpan(input, preferShort).text).toMatch(/^(Ada|Lee)$/u);
  });

  it('reports the no-answer probability when the network prefers it', () => {
    const span = decodeSpan(input, logits(indexOf('Ada'), indexOf('Lee'), 20));
    expect(span.noAnswerProbability).toBeGreaterThan(0.99);
    expect(span.probability).toBeLessThan(0.01);
  });
});
