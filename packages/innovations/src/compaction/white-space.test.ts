import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsOtherWhiteSpace, isWhiteSpaceCode, splitOnWhiteSpace } from './white-space.js';

// The compactor tells blank lines and key terms apart with these; they must agree with ECMAScript's
// own white space (`\s`, `String.prototype.trim`) on every UTF-16 code unit, or a line of no-break or
// ideographic spaces would count as text and a term glued by one would never match.
describe('white space as ECMAScript defines it', () => {
  it('isWhiteSpaceCode agrees with /\\s/ on every UTF-16 code unit', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1)
      if (isWhiteSpaceCode(code) !== /\s/.test(String.fromCharCode(code)))
        disagreements.push(code.toString(16));
    expect(disagreements).toEqual([]);
  });

  it('holdsOtherWhiteSpace finds every white-space code unit but the space and the line feed, and nothing else', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const expected = isWhiteSpaceCode(code) && code !== 0x20 && code !== 0x0a;
      if (holdsOtherWhiteSpace(`a ${String.fromCharCode(code)}\nb`) !== expected)
        disagreements.push(code.toString(16));
    }
    expect(disagreements).toEqual([]);
    expect(holdsOtherWhiteSpace('two words\non two lines')).toBe(false);
    expect(holdsOtherWhiteSpace('')).toBe(false);
  });

  const spaces = [
    '\t',
    '\n',
    '\v',
    '\f',
    '\r',
    ' ',
    '\u00a0',
    '\u1680',
    '\u2000',
    '\u2005',
    '\u200a',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
  ];
  const text = fc
    .array(fc.oneof(fc.constantFrom(...spaces), fc.constantFrom('a', 'Bé', '1', '-', '\u200b', 'x\u0085')), {
      maxLength: 30,
    })
    .map((parts) => parts.join(''));

  it('splitOnWhiteSpace is split(/\\s+/) without empty pieces, at both ends too (property)', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(splitOnWhiteSpace(value)).toEqual(value.split(/\s+/).filter((piece) => piece !== ''));
      }),
      { numRuns: 500 },
    );
    expect(splitOnWhiteSpace('  two\u3000words\t')).toEqual(['two', 'words']);
    expect(splitOnWhiteSpace('\u00a0\u2028')).toEqual([]);
  });
});
