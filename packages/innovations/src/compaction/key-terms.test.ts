import { isRootweaverError } from '@rootweaver/core';
import { functionWords as stopWords } from '@rootweaver/language-en';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answeredFraction,
  isSubQueryOpen,
  reasoningKeyTermSet,
  reasoningKeyTerms,
  selectOpenSubQueries,
} from './key-terms.js';

/** The ADR's definition written the obvious way, with a regular expression, to check the fast tokeniser. */
function referenceKeyTerms(text: string): string[] {
  const terms: string[] = [];
  for (const token of text.toLowerCase().split(/\s+/)) {
    if ([...token].length > 3 && !stopWords.has(token) && !terms.includes(token)) {
      terms.push(token);
    }
  }
  return terms;
}

const words = [
  'What',
  'university',
  'did',
  'the',
  'director',
  'of',
  'Inception',
  'attend?',
  'Nolan',
  'nolan',
  'NOLAN,',
  'which',
  'there',
  'born',
  'London.',
  'cat',
  'dogs',
  "don't",
  '𝒜𝒜𝒜',
  '𝒜𝒜𝒜𝒜',
  'İstanbul',
  'ÉCOLE',
];
const separators = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '\u3000', '\ufeff'];
const wordyText = fc
  .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...separators)), { maxLength: 30 })
  .map((pairs) => pairs.map(([word, separator]) => word + separator).join(''));

describe('reasoningKeyTerms', () => {
  it('lower-cases, drops stop words and tokens of 3 characters or fewer, keeps punctuation', () => {
    expect(reasoningKeyTerms('What university did the director of Inception attend?')).toEqual([
      'university',
      'director',
      'inception',
      'attend?',
    ]);
  });

  it('returns each term once, in order of first appearance', () => {
    expect(reasoningKeyTerms('Paris london PARIS London paris, Rome')).toEqual([
      'paris',
      'london',
      'paris,',
      'rome',
    ]);
  });

  it('keeps a token of exactly 4 characters and drops one of exactly 3', () => {
    expect(reasoningKeyTerms('cat dogs')).toEqual(['dogs']);
  });

  it('counts characters as code points, not UTF-16 units', () => {
    expect(reasoningKeyTerms('𝒜𝒜𝒜')).toEqual([]);
    expect(reasoningKeyTerms('𝒜𝒜𝒜𝒜')).toEqual(['𝒜𝒜𝒜𝒜']);
  });

  it('splits on every kind of white space', () => {
    expect(reasoningKeyTerms('alpha\tbravo\ncharlie\r\ndelta\u00a0echo\u2003foxtrot')).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
      'foxtrot',
    ]);
  });

  it('drops stop words, including contractions, and returns nothing for empty text', () => {
    expect(reasoningKeyTerms("Which where there would don't")).toEqual([]);
    expect(reasoningKeyTerms('')).toEqual([]);
    expect(reasoningKeyTerms('   \n\t ')).toEqual([]);
  });

  it('counts code points as the definition does on tokens of astral letters and lone surrogates', () => {
    // Letters outside the BMP (two UTF-16 units each) and unpaired halves of a surrogate pair, which
    // count one code point each: the length test must count them as `[...token]` does.
    // The pairs and halves at the ends of the surrogate ranges (U+10000, U+10FFFF) are among them.
    const unit = fc.constantFrom(
      'a',
      'é',
      '𝒜',
      '😀',
      '\ud800\udc00',
      '\udbff\udfff',
      '\ud83d',
      '\ud800',
      '\udbff',
      '\ude00',
      '\udc00',
      '\udfff',
    );
    const token = fc.array(unit, { minLength: 1, maxLength: 8 }).map((units) => units.join(''));
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 6 }), (tokens) => {
        const text = tokens.join(' ');
        expect(reasoningKeyTerms(text)).toEqual(referenceKeyTerms(text));
      }),
      { numRuns: 500 },
    );
    expect(reasoningKeyTerms('\udc00\udc00\udc00')).toEqual([]);
    expect(reasoningKeyTerms('a\udc00\udc00\udc00')).toEqual(['a\udc00\udc00\udc00']);
    expect(reasoningKeyTerms('😀😀a')).toEqual([]);
    expect(reasoningKeyTerms('😀\ud83d😀a')).toEqual(['😀\ud83d😀a']);
  });

  it('matches the regular-expression definition on generated text', () => {
    fc.assert(
      fc.property(fc.oneof(wordyText, fc.string({ unit: 'grapheme', maxLength: 60 })), (text) => {
        expect(reasoningKeyTerms(text)).toEqual(referenceKeyTerms(text));
      }),
    );
  });
});

describe('isSubQueryOpen (ADR-077 answerability, threshold 0.6)', () => {
  const subQuery = 'alpha bravo charlie delta echo'; // 5 key terms

  it('is answered when 3 of 5 key terms occur (0.6 is not fewer than 0.6)', () => {
    expect(isSubQueryOpen(subQuery, 'Alpha and BRAVO met Charlie')).toBe(false);
    expect(isSubQueryOpen(subQuery, 'alpha bravo charlie')).toBe(false);
    expect(answeredFraction(subQuery, 'alpha bravo charlie')).toBeCloseTo(0.6, 12);
  });

  it('stays open when 2 of 5 key terms occur', () => {
    expect(isSubQueryOpen(subQuery, 'alpha bravo')).toBe(true);
    expect(answeredFraction(subQuery, 'alpha bravo')).toBeCloseTo(0.4, 12);
  });

  it('honours another threshold', () => {
    expect(isSubQueryOpen(subQuery, 'alpha bravo', 0.4)).toBe(false);
    expect(isSubQueryOpen(subQuery, 'alpha bravo charlie delta', 1)).toBe(true);
    expect(isSubQueryOpen(subQuery, 'alpha bravo charlie delta echo', 1)).toBe(false);
  });

  it('matches whole key terms without stripping punctuation', () => {
    expect(isSubQueryOpen('alpha bravo charlie delta echo', 'alpha bravo charlie.')).toBe(true);
    // 'born?' (sub-query) never equals 'born' (context): only 'nolan' matches, 1 of 2 < 0.6.
    expect(reasoningKeyTerms('Where was Nolan born?')).toEqual(['nolan', 'born?']);
    expect(isSubQueryOpen('Where was Nolan born?', 'Nolan was born in London.')).toBe(true);
    expect(isSubQueryOpen('Where was Nolan born', 'Nolan was born in London.')).toBe(false);
  });

  it('keeps a sub-query with no key terms open at every threshold: terms can never answer it', () => {
    for (const threshold of [0, 0.6, 1]) {
      expect(isSubQueryOpen('Who was it?', 'Who was it? It was him, of course.', threshold)).toBe(true);
    }
    expect(answeredFraction('Who was it?', 'anything')).toBe(0);
  });

  it('gives the same answer for the context text and its precomputed key-term set', () => {
    fc.assert(
      fc.property(
        wordyText,
        wordyText,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (query, context, threshold) => {
          const contextTerms = reasoningKeyTermSet(context);
          expect(isSubQueryOpen(query, contextTerms, threshold)).toBe(
            isSubQueryOpen(query, context, threshold),
          );
          expect(answeredFraction(query, contextTerms)).toBe(answeredFraction(query, context));
        },
      ),
    );
  });

  it('rejects a threshold outside 0..1 with invalid-input', () => {
    for (const threshold of [-0.1, 1.5, Number.NaN]) {
      let caught: unknown;
      try {
        isSubQueryOpen(subQuery, 'alpha', threshold);
      } catch (error) {
        caught = error;
      }
      expect(isRootweaverError(caught, 'invalid-input')).toBe(true);
      // The message says what was given and where to fix it; the details carry the value.
      expect((caught as Error).message).toContain(`got ${String(threshold)}`);
      expect((caught as Error).message).toContain(
        'answerability_threshold in configs/retrieval/multi_hop.yaml',
      );
      expect((caught as { details?: unknown }).details).toEqual({ threshold });
    }
  });
});

describe('selectOpenSubQueries', () => {
  it('returns the still-open sub-queries in their given order', () => {
    const context = 'Christopher Nolan directed Inception.\nNolan studied at University College London';
    const subQueries = [
      'Who directed Inception?', // 'directed', 'inception?' → 'directed' present, 'inception?' absent: 0.5 → open
      'Which university did Christopher Nolan attend', // university, christopher, nolan, attend → 3/4 → answered
      'Who was it?', // no key terms → open
    ];
    expect(selectOpenSubQueries(subQueries, context)).toEqual(['Who directed Inception?', 'Who was it?']);
    expect(selectOpenSubQueries(subQueries, reasoningKeyTermSet(context))).toEqual([
      'Who directed Inception?',
      'Who was it?',
    ]);
  });
});
