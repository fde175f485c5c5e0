import { describe, expect, it } from 'vitest';
import { balancedEnds, findBalancedEnd, literalEnd, ScanBudget } from './loose-literal.js';
import { parsePlan } from './parse-plan.js';

/** balancedEnds' map as sorted [start, end] pairs. */
const endsOf = (text: string) => [...balancedEnds(text).ends].sort(([a], [b]) => a - b);

describe('balancedEnds', () => {
  it('skips a close bracket that opens nothing', () => {
    expect(endsOf('] [1]')).toEqual([[2, 5]]);
  });

  it('does not count a bracket inside a double- or single-quoted string', () => {
    expect(endsOf(`["]", '[']`)).toEqual([[0, 10]]);
  });

  it('skips an escaped quote inside a string', () => {
    const text = String.raw`["say \"]\" now"] [2]`;
    expect(endsOf(text)).toEqual([
      [0, 17],
      [18, 21],
    ]);
  });

  it('reads an apostrophe after a letter or digit as no quote, and one at the start as one', () => {
    expect(balancedEnds("it's [1] fine")).toEqual({ ends: new Map([[5, 8]]), reliable: true });
    expect(balancedEnds("the 1990's [1] fine")).toEqual({ ends: new Map([[11, 14]]), reliable: true });
    expect(balancedEnds("'[1]' [2]")).toEqual({ ends: new Map([[6, 9]]), reliable: true });
  });

  it('reads a double quote after a letter as a quote', () => {
    expect(balancedEnds('x"[1]" [2]')).toEqual({ ends: new Map([[7, 10]]), reliable: true });
  });

  it('is unreliable when the text ends inside a quote', () => {
    expect(balancedEnds('[1] "open [2]')).toEqual({ ends: new Map([[0, 3]]), reliable: false });
  });
});

describe('findBalancedEnd', () => {
  it.each([
    ['[1, [2], 3]', 0, 11],
    ['x {"a": [1, {"b": 2}]} y', 2, 22],
    ['[\'a]\', "b]"]', 0, 12],
    [String.raw`["a\"]"] [`, 0, 8],
    ['[1, [2]', 4, 7],
  ])('finds the end of %s from %i at %i', (text, start, end) => {
    expect(findBalancedEnd(text, start)).toBe(end);
  });

  it.each([
    ['an unbalanced literal', '[1, [2]', 0],
    ['a mismatched close', '[1, {2]}', 0],
    ['a close before the open', '] [1]', 0],
  ])('finds no end for %s', (_name, text, start) => {
    expect(findBalancedEnd(text, start)).toBeUndefined();
  });

  it('stops when the budget runs out', () => {
    const text = `[${'1,'.repeat(600)}1]`;
    expect(findBalancedEnd(text, 0, new ScanBudget(text.length))).toBe(text.length);
    expect(findBalancedEnd(text, 0, new ScanBudget(0, 0))).toBeUndefined();
  });
});

describe('literalEnd', () => {
  it('scans a start the one-pass map missed when a stray quote made it unreliable', () => {
    const text = 'The "plan is: ["Who is A?", "Where is [A] from?"]';
    const found = balancedEnds(text);
    expect(found.reliable).toBe(false);
    const start = text.indexOf('["');
    expect(literalEnd(text, start, found, new ScanBudget(text.length))).toBe(text.length);
  });

  it('lets parsePlan read a list after a stray quote in the prose', () => {
    const result = parsePlan('The "plan is: ["Who is A?", "Where is [A] from?"]');
    if (!('plan' in result)) throw new Error(result.error);
    expect(result.plan.nodes.map((node) => node.question)).toEqual(['Who is A?', 'Where is [A] from?']);
  });
});

describe('ScanBudget', () => {
  it('grows by perCharacter for each character of the text', () => {
    expect(new ScanBudget(200, 3).remaining - new ScanBudget(100, 3).remaining).toBe(300);
  });

  it('is exhausted, and refuses to spend, exactly when nothing is left', () => {
    const budget = new ScanBudget(10, 2);
    const total = budget.remaining;
    expect(budget.exhausted).toBe(false);
    expect(budget.spend(total - 1)).toBe(true);
    expect(budget.exhausted).toBe(false);
    expect(budget.spend(1)).toBe(false);
    expect(budget.exhausted).toBe(true);
  });
});
