import { describe, expect, it } from 'vitest';
import { parseLooseLiteral } from './loose-literal.js';

describe('parseLooseLiteral: scalars', () => {
  it('reads JSON and Python booleans and nulls', () => {
    expect(parseLooseLiteral('[true, True, false, False, null, None]')).toEqual([
      true,
      true,
      false,
      false,
      null,
      null,
    ]);
  });

  it('reads integers, decimals and exponents', () => {
    expect(parseLooseLiteral('[0, -3, 1.25, 12.5, 2e5, 1e+5, 1E-2, 1e25, 3.5e10]')).toEqual([
      0, -3, 1.25, 12.5, 2e5, 1e5, 0.01, 1e25, 3.5e10,
    ]);
  });

  it.each(['[abc]', '[x1]', '[1x]', '[1.]', '[1e]', '[.5]', '[1..2]', '[undefined]'])(
    'reads no literal from the bare word in %s',
    (text) => {
      expect(parseLooseLiteral(text)).toBeUndefined();
    },
  );
});

describe('parseLooseLiteral: strings', () => {
  it('reads the escapes \\n, \\t, \\r, \\uXXXX, and an escaped quote or backslash as itself', () => {
    const text = String.raw`["a\nb", "a\tb", "a\rb", "\u0041\u00e9", "say \"hi\"", 'it\'s', "back\\slash", "\q"]`;
    expect(parseLooseLiteral(text)).toEqual([
      'a\nb',
      'a\tb',
      'a\rb',
      'Aé',
      'say "hi"',
      "it's",
      'back\\slash',
      'q',
    ]);
  });

  it.each([
    ['a short \\u escape', String.raw`["\u41"]`],
    ['a non-hex \\u escape', String.raw`["\u00zz"]`],
    ['an unterminated string', '["open'],
    ['a backslash at the very end', '["open\\'],
  ])('reads nothing from %s', (_name, text) => {
    expect(parseLooseLiteral(text)).toBeUndefined();
  });
});

describe('parseLooseLiteral: objects and arrays', () => {
  it('reads unquoted keys with letters, digits, _, $ and -', () => {
    expect(parseLooseLiteral('{sub_q1: 1, $ref: 2, depends-on: 3, abc: 4, Q: 5}')).toEqual({
      sub_q1: 1,
      $ref: 2,
      'depends-on': 3,
      abc: 4,
      Q: 5,
    });
  });

  it.each([
    ['a key starting with a digit', '{1a: 1}'],
    ['a key starting with #', '{#:1,b:2}'],
    ['a missing colon', '{"a" = 1}'],
    ['a missing comma in an array', '[1 2]'],
    ['a missing comma in an object', '{"a": 1 "b": 2}'],
    ['empty array slots', '[,,1,]'],
    ['text after the literal', '[1] and more'],
    ['nothing at all', '   '],
  ])('reads nothing from %s', (_name, text) => {
    expect(parseLooseLiteral(text)).toBeUndefined();
  });

  it('reads white space around and inside the literal', () => {
    expect(parseLooseLiteral(' \n [ 1 ,\t{ "a" : [ ] } ] \n')).toEqual([1, { a: [] }]);
  });

  it('reads moderate nesting and gives up on nesting hundreds deep', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(parseLooseLiteral(nested(20))).toEqual(JSON.parse(nested(20)));
    expect(parseLooseLiteral(nested(500))).toBeUndefined();
  });
});
