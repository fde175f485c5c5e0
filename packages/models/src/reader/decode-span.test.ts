import { describe, expect, it } from 'vitest';
import { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { decodeSpan } from './decode-span.js';
import { featuriseReaderInput, layoutPairs } from './reader-input.js';
import { excludedScore } from './reader-network.js';

const vectors = WordVectorTable.fromEntries([['lee', [1, 0]]]);
const { text, spans } = layoutPairs([
  { question: 'Who wrote River Stone?', answer: 'River Stone was written by Ada Lee.' },
  { question: 'When did the hall open?', answer: 'The hall opened in 1950.' },
]);
const input = featuriseReaderInput(vectors, 'Who wrote River Stone?', text, spans);
const indexOf = (word: string): number => input.tokens.findIndex((token) => token.text === word);

/** Scores that put the start and end where asked, every question-line token excluded as the network does. */
function logits(
  start: number,
  end: number,
  noAnswer = -5,
): { start: Float32Array; end: Float32Array; noAnswer: number } {
  const n = input.tokens.length;
  const startScores = new Float32Array(n).fill(-5);
  const endScores = new Float32Array(n).fill(-5);
  startScores[start] = 5;
  endScores[end] = 5;
  for (let index = 0; index < n; index += 1)
    if ((input.lineOfToken[index] as number) % 2 === 0) {
      startScores[index] = excludedScore;
      endScores[index] = excludedScore;
    }
  return { start: startScores, end: endScores, noAnswer };
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

  it('reports the no-answer probability when the network prefers it', () => {
    const span = decodeSpan(input, logits(indexOf('Ada'), indexOf('Lee'), 20));
    expect(span.noAnswerProbability).toBeGreaterThan(0.99);
    expect(span.probability).toBeLessThan(0.01);
  });
});
