import { describe, expect, it } from 'vitest';
import { findBalancedEnd, parseLooseLiteral } from './loose-literal.js';

// The literal shapes models write, read as a caller of parseLooseLiteral sees them.

describe('parseLooseLiteral: white space and trailing commas', () => {
  it.each([
    ['{a : 1}', { a: 1 }],
    ['{ "a" : 1 , }', { a: 1 }],
    ['{ }', {}],
    ['[ ]', []],
    ['[1 , 2 ,]', [1, 2]],
    ['\u00a0[1]\r\n', [1]],
    ['{a:None,b:True,c:False}', { a: null, b: true, c: false }],
    ['{"a":[1,{"b":null}]}', { a: [1, { b: null }] }],
    ['[-0.5e-3]', [-0.0005]],
  ])('reads %j', (text, expected) => {
    expect(parseLooseLiteral(text)).toEqual(expected);
  });
});

describe('parseLooseLiteral: quotes', () => {
  it('reads double quotes inside single quotes and an apostrophe inside double quotes', () => {
    expect(parseLooseLiteral(`['it said "hi"', "it's"]`)).toEqual(['it said "hi"', "it's"]);
  });

  it('reads single-quoted keys and a lone string, number or None', () => {
    expect(parseLooseLiteral("{'a':'b'}")).toEqual({ a: 'b' });
    expect(parseLooseLiteral("'x'")).toBe('x');
    expect(parseLooseLiteral(' 7 ')).toBe(7);
    expect(parseLooseLiteral('None')).toBeNull();
  });
});

describe('parseLooseLiteral: what is no literal', () => {
  it.each([
    ['a close too many', '[1,]]'],
    ['an object left open in an array', '[{]'],
    ['a value with no colon', '{"a" 1}'],
    ['a key with no value', '{"a":}'],
    ['two commas', '{a:1,,}'],
    ['a mismatched close', '[1}'],
    ['an object closed as an array', '{1]'],
    ['an open bracket alone', '['],
    ['an open brace alone', '{'],
    ['a colon in an array', '[1:2]'],
    ['a bare word as a value', '{a:b}'],
  ])('reads nothing from %s', (_name, text) => {
    expect(parseLooseLiteral(text)).toBeUndefined();
  });

  it('gives up on objects nested hundreds deep, as on arrays', () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(parseLooseLiteral(nested(20))).toEqual(JSON.parse(nested(20)));
    expect(parseLooseLiteral(nested(500))).toBeUndefined();
  });
});

describe('parseLooseLiteral: depth', () => {
  it('reads a long plan: a hundred node objects side by side are not nesting', () => {
    const nodes = Array.from({ length: 100 }, (_unused, id) => ({
      id,
      q: `Q${id}?`,
      refs: id === 0 ? [] : [id - 1],
    }));
    expect(parseLooseLiteral(JSON.stringify(nodes))).toEqual(nodes);
  });
});

describe('findBalancedEnd: the first literal only', () => {
  it('ends at the close of the literal it starts, not at a later one', () => {
    expect(findBalancedEnd('[1] [2]', 0)).toBe(3);
  });
});
