import type { Plan } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { maxLiteralDepth, parseLooseLiteral } from './loose-literal.js';
import { parsePlan } from './parse-plan.js';

// The reader's two bounds as a user meets them: how deep a literal may nest (the cap itself is read,
// one level more is not), and that the search for a plan inside prose spends its budget on what it
// reads, not on how far into the text a bracket stands. Names are invented.

function planOf(result: ReturnType<typeof parsePlan>): Plan {
  if (!('plan' in result)) throw new Error(`expected a plan, got: ${result.error}`);
  return result.plan;
}

describe('parseLooseLiteral: the depth cap', () => {
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('reads a literal nested exactly as deep as the cap', () => {
    expect(parseLooseLiteral(arrays(maxLiteralDepth))).toEqual(JSON.parse(arrays(maxLiteralDepth)));
    expect(parseLooseLiteral(objects(maxLiteralDepth))).toEqual(JSON.parse(objects(maxLiteralDepth)));
  });

  it('reads nothing nested one level deeper than the cap', () => {
    expect(parseLooseLiteral(arrays(maxLiteralDepth + 1))).toBeUndefined();
    expect(parseLooseLiteral(objects(maxLiteralDepth + 1))).toBeUndefined();
  });
});

describe('parsePlan: bracketed notes in the prose before the plan', () => {
  it('finds a plan after many bracketed citations spread through a long preamble', () => {
    // Each "[n]" is a literal but no plan. Reading it costs its three characters wherever it stands:
    // however far into the text the citations are, they must not use up the search.
    const preamble = Array.from(
      { length: 40 },
      (_unused, index) =>
        `The archive of Northfield Press records the founding in its ledger [${index + 1}]. `,
    ).join('');
    const founder = 'Who founded Northfield Press?';
    const birthplace = 'Where was #0 born?';
    const plan = planOf(parsePlan(`${preamble}So the plan is: ["${founder}", "${birthplace}"]`));
    expect(plan.nodes.map(({ id, question, refs }) => [id, question, [...refs]])).toEqual([
      [0, founder, []],
      [1, birthplace, [0]],
    ]);
    expect(plan.repairs).toContain('ignored prose around the JSON');
  });
});
