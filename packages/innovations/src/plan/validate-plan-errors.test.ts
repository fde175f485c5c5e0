import type { Plan, PlanNode } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { maxSubQuestionChars } from './parse-plan.js';
import { findCycle, topologicalLayers, validatePlan } from './validate-plan.js';

const planOf = (nodes: PlanNode[]): Plan => ({ nodes, source: 'llm', repairs: [] });
const node = (id: number, refs: number[] = []): PlanNode => ({ id, question: `Q${id}?`, refs });
/** Nodes 0..n-1, each needing the next, the last needing 0: one cycle through all of them. */
const ring = (size: number): PlanNode[] =>
  Array.from({ length: size }, (_unused, id) => node(id, [(id + 1) % size]));

describe('validatePlan: what each error says', () => {
  it('says an empty plan has no sub-questions', () => {
    expect(validatePlan(planOf([]))).toEqual({ error: 'The plan has no sub-questions.' });
  });

  it.each([-1, 1.5])('rejects the id %d as not a non-negative integer', (id) => {
    expect(validatePlan(planOf([node(0), { id, question: 'B?', refs: [] }]))).toEqual({
      error: `Sub-question id ${id} is not a non-negative integer.`,
    });
  });

  it('names the empty sub-question', () => {
    expect(validatePlan(planOf([node(0), { id: 1, question: ' ', refs: [] }]))).toEqual({
      error: 'Sub-question 1 is empty.',
    });
  });

  it('accepts a sub-question of exactly the cap and rejects one character more', () => {
    const atCap = 'q'.repeat(maxSubQuestionChars - 1).concat('?');
    expect('plan' in validatePlan(planOf([{ id: 0, question: atCap, refs: [] }]))).toBe(true);
    expect(validatePlan(planOf([{ id: 0, question: `${atCap}!`, refs: [] }]))).toEqual({
      error: `Sub-question 0 is ${maxSubQuestionChars + 1} characters long; the cap is ${maxSubQuestionChars}.`,
    });
  });

  it('lists the existing ids when a ref names a missing one', () => {
    expect(validatePlan(planOf([node(0), node(1, [7])]))).toEqual({
      error: 'Sub-question 1 depends on 7, which does not exist (ids: 0, 1).',
    });
  });

  it('lists at most 20 ids, then how many more', () => {
    const twenty = Array.from({ length: 20 }, (_unused, id) => node(id));
    const first20 = twenty.map(({ id }) => id).join(', ');
    const missing = (extra: PlanNode[]) => validatePlan(planOf([...twenty, ...extra, node(99, [50])]));
    expect(missing([])).toEqual({
      error: `Sub-question 99 depends on 50, which does not exist (ids: ${first20} and 1 more).`,
    });
    expect(missing([node(20), node(21)])).toEqual({
      error: `Sub-question 99 depends on 50, which does not exist (ids: ${first20} and 3 more).`,
    });
    expect(validatePlan(planOf([...twenty.slice(1), node(0, [50])]))).toEqual({
      error: `Sub-question 0 depends on 50, which does not exist (ids: ${twenty
        .slice(1)
        .map(({ id }) => id)
        .concat(0)
        .join(', ')}).`,
    });
  });

  it('shows a cycle of 20 sub-questions whole and a longer one cut after 20 ids', () => {
    const whole = [...Array.from({ length: 20 }, (_unused, id) => id), 0].join(' → ');
    expect(validatePlan(planOf(ring(20)))).toEqual({
      error: `The sub-questions depend on each other in a cycle: ${whole} (→ reads "needs the answer of"). Remove one of these refs.`,
    });
    const cut = Array.from({ length: 20 }, (_unused, id) => id).join(' → ');
    expect(validatePlan(planOf(ring(21)))).toEqual({
      error: `The sub-questions depend on each other in a cycle: ${cut} → … (21 sub-questions) (→ reads "needs the answer of"). Remove one of these refs.`,
    });
  });

  it('names only the nodes of the cycle, not the node that leads into it', () => {
    const result = validatePlan(planOf([node(0, [1]), node(1, [2]), node(2, [1])]));
    expect('error' in result && result.error).toMatch(/cycle: 1 → 2 → 1 \(/);
  });
});

describe('validatePlan: repeated refs', () => {
  it('keeps one of a repeated ref and records the others', () => {
    const result = validatePlan(planOf([node(0), node(1, [0, 0, 0])]));
    if (!('plan' in result)) throw new Error(result.error);
    expect(result.plan.nodes[1]?.refs).toEqual([0]);
    expect(result.plan.repairs).toEqual([
      "dropped sub-question 1's repeated reference to 0",
      "dropped sub-question 1's repeated reference to 0",
    ]);
  });
});

describe('findCycle and topologicalLayers on refs to missing nodes', () => {
  it('finds no cycle through a ref to a node that does not exist', () => {
    expect(findCycle([node(0, [5]), node(1, [0])])).toBeUndefined();
    expect(findCycle([node(0, [5]), node(5, [0])])).toEqual([0, 5, 0]);
  });

  it('throws an invalid-plan error naming the nodes left in the cycle', () => {
    let thrown: unknown;
    try {
      topologicalLayers(planOf([node(0), node(1, [2]), node(2, [1])]));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RootweaverError);
    expect((thrown as RootweaverError).code).toBe('invalid-plan');
    expect((thrown as RootweaverError).message).toBe(
      'The plan has a dependency cycle among sub-questions 1, 2; run validatePlan first.',
    );
  });
});
