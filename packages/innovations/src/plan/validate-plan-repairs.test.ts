import type { Plan, PlanNode } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { findCycle, topologicalLayers, validatePlan } from './validate-plan.js';

const node = (id: number, refs: number[] = []): PlanNode => ({ id, question: `Q${id}?`, refs });
const planOf = (nodes: PlanNode[], repairs: string[] = []): Plan => ({ nodes, source: 'rules', repairs });
const idsOf = (layers: PlanNode[][]) => layers.map((layer) => layer.map(({ id }) => id));

describe('validatePlan: what a valid plan carries on', () => {
  it('keeps the parser’s repairs and the source, then adds its own', () => {
    expect(
      validatePlan(planOf([node(0), node(1, [0, 1, 0])], ['read a numbered list instead of JSON'])),
    ).toEqual({
      plan: {
        nodes: [node(0), node(1, [0])],
        source: 'rules',
        repairs: [
          'read a numbered list instead of JSON',
          "dropped sub-question 1's reference to itself",
          "dropped sub-question 1's repeated reference to 0",
        ],
      },
    });
  });

  it('does not change the plan it was given', () => {
    const given = planOf([node(0, [0])], ['earlier']);
    validatePlan(given);
    expect(given).toEqual(planOf([node(0, [0])], ['earlier']));
  });

  it('names a two-node cycle from its first node', () => {
    expect(validatePlan(planOf([node(0, [1]), node(1, [0])]))).toEqual({
      error:
        'The sub-questions depend on each other in a cycle: 0 → 1 → 0 (→ reads "needs the answer of"). Remove one of these refs.',
    });
  });

  it('rejects a NaN id and counts the untrimmed length of a question against the cap', () => {
    expect(validatePlan(planOf([{ id: Number.NaN, question: 'A?', refs: [] }]))).toEqual({
      error: 'Sub-question id NaN is not a non-negative integer.',
    });
    expect(validatePlan(planOf([node(0), { id: 1, question: `${'x'.repeat(1_999)}? `, refs: [] }]))).toEqual({
      error: 'Sub-question 1 is 2001 characters long; the cap is 2000.',
    });
  });

  it('validates a deep ladder where every node needs both nodes of the step before', () => {
    const ladder: PlanNode[] = [node(0), node(1)];
    for (let id = 2; id < 120; id += 1) ladder.push(node(id, [id - 2 - (id % 2), id - 1 - (id % 2)]));
    const result = validatePlan(planOf(ladder));
    expect('plan' in result && result.plan.nodes).toHaveLength(120);
  });
});

describe('findCycle', () => {
  it('finds a self-reference, a three-node ring, and no cycle in a diamond', () => {
    expect(findCycle([node(0, [0])])).toEqual([0, 0]);
    expect(findCycle([node(0, [1]), node(1, [2]), node(2, [0])])).toEqual([0, 1, 2, 0]);
    expect(findCycle([node(0, [1, 2]), node(1, [2]), node(2)])).toBeUndefined();
  });
});

describe('topologicalLayers: refs to missing nodes', () => {
  it('treats a ref to a node that does not exist as already answered', () => {
    expect(idsOf(topologicalLayers(planOf([node(0, [9]), node(1, [0])])))).toEqual([[0], [1]]);
  });
});
