import { describe, expect, it } from 'vitest';
import { bestOver, exactMatch, f1Score, normalizeAnswer } from './answer-metrics.js';

describe('normalizeAnswer (SQuAD)', () => {
  it('lower-cases, strips ASCII punctuation and articles, collapses white space', () => {
    expect(normalizeAnswer('  The  Eiffel-Tower, Paris! ')).toBe('eiffeltower paris');
    expect(normalizeAnswer('A man, an apple and THE end.')).toBe('man apple and end');
  });

  it('keeps articles inside words and non-ASCII letters', () => {
    expect(normalizeAnswer('Theatre of Anathema')).toBe('theatre of anathema');
    expect(normalizeAnswer('Méfiez-Vous, Mesdames')).toBe('méfiezvous mesdames');
    // JavaScript's \b would split "théa" at é and wrongly drop the final "a".
    expect(normalizeAnswer('théa')).toBe('théa');
  });
});

describe('exactMatch', () => {
  it('compares normalised strings', () => {
    expect(exactMatch('the Riders of the Tern', 'Riders Of The Tern')).toBe(1);
    expect(exactMatch('Tern', 'Tern County')).toBe(0);
  });
});

describe('f1Score', () => {
  it('scores token overlap', () => {
    expect(f1Score('Tern', 'Tern County')).toBeCloseTo(2 / 3, 10);
    expect(f1Score('Philadelphia, Pennsylvania', 'Philadelphia')).toBeCloseTo(2 / 3, 10);
    expect(f1Score('Atlanta', 'Philadelphia')).toBe(0);
  });

  it('counts repeated tokens at most as often as the gold has them', () => {
    // prediction "new new york" vs gold "new york": common = 2, P = 2/3, R = 1 → F1 = 0.8
    expect(f1Score('new new york', 'new york')).toBeCloseTo(0.8, 10);
  });

  it('is 1 for two empty answers and 0 when only one is empty', () => {
    expect(f1Score('the', 'a')).toBe(1);
    expect(f1Score('', 'Paris')).toBe(0);
  });

  it('takes the best over several golds', () => {
    expect(bestOver(['NYC', 'Orlen City'], (gold) => f1Score('orlen city', gold))).toBe(1);
  });
});
