import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TermMatcher } from './term-matcher.js';

/** The obvious version: split every line with a regular expression and compare strings. */
function referenceScan(text: string, terms: readonly string[]) {
  const lines = text.split('\n');
  const lineHasToken = lines.map((line) => (line.split(/\s+/).some((token) => token !== '') ? 1 : 0));
  const matchLines: number[] = [];
  const matchTerms: number[] = [];
  lines.forEach((line, lineIndex) => {
    for (const token of line.split(/\s+/)) {
      const termIndex = terms.indexOf(token);
      if (termIndex >= 0) {
        matchLines.push(lineIndex);
        matchTerms.push(termIndex);
      }
    }
  });
  return { lineHasToken, matchLines, matchTerms };
}

function expectSameAsReference(sample: string, termList: readonly string[]): void {
  const result = new TermMatcher(termList).scan(sample, sample.split('\n').length);
  const expected = referenceScan(sample, termList);
  expect([...result.lineHasToken]).toEqual(expected.lineHasToken);
  expect(result.matchLines).toEqual(expected.matchLines);
  expect(result.matchTerms).toEqual(expected.matchTerms);
}

// A tiny alphabet makes tokens equal to terms (and to prefixes and extensions of terms) often.
const token = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '𝒜', '.'), minLength: 1, maxLength: 6 });
const separator = fc.constantFrom(
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\ufeff',
  '\n\n',
);
const text = fc
  .array(fc.tuple(fc.constantFrom('', ' ', '\n'), token, separator), { maxLength: 40 })
  .map((parts) => parts.map((part) => part.join('')).join(''));
const terms = fc.uniqueArray(token, { maxLength: 12 });

describe('TermMatcher', () => {
  it('finds exactly the tokens equal to a term, per line, and which lines are blank', () => {
    fc.assert(fc.property(text, terms, expectSameAsReference), { numRuns: 500 });
  });

  // Texts whose only white space is spaces and line feeds take the scan's other path (token boundaries
  // found with indexOf): the same answer is due, including lines with no space and runs of spaces.
  it('finds the same on texts separated by spaces and line feeds only', () => {
    const plainSeparator = fc.constantFrom(' ', '  ', '\n', '\n\n', ' \n', '\n ');
    const plainText = fc
      .array(fc.tuple(fc.constantFrom('', ' ', '\n'), token, plainSeparator), { maxLength: 40 })
      .map((parts) => parts.map((part) => part.join('')).join(''));
    fc.assert(fc.property(plainText, terms, expectSameAsReference), { numRuns: 500 });
    const long = 'x'.repeat(40);
    const result = new TermMatcher([long, 'ab']).scan(`ab\n${long}\nab ${long}x ${long}`, 3);
    expect(result.matchLines).toEqual([0, 1, 2, 2]);
    expect(result.matchTerms).toEqual([1, 0, 1, 0]);
  });

  it('matches whole tokens only, not prefixes, suffixes or substrings', () => {
    const result = new TermMatcher(['nolan']).scan('nolans nolan. anolan nolan\nxnolan  nolan', 2);
    expect(result.matchLines).toEqual([0, 1]);
    expect([...result.lineHasToken]).toEqual([1, 1]);
  });

  it('works with no terms and with an empty text', () => {
    expect(new TermMatcher([]).scan('alpha bravo', 1).matchLines).toEqual([]);
    expect([...new TermMatcher(['alpha']).scan('', 1).lineHasToken]).toEqual([0]);
  });
});
