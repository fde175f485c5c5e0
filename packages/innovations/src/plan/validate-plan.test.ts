import type { Plan, PlanNode } from '@rootweaver/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCycle, topologicalLayers, validatePlan } from './validate-plan.js';

const planOf = (nodes: PlanNode[]): Plan => ({ nodes, source: 'llm', repairs: [] });

describe('validatePlan', () => {
  it('accepts a chain and a diamond', () => {
    const diamond = planOf([
      { id: 0, question: 'A?', refs: [] },
      { id: 1, question: 'B?', refs: [0] },
      { id: 2, question: 'C?', refs: [0] },
      { id: 3, question: 'D?', refs: [1, 2] },
    ]);
    expect(validatePlan(diamond)).toEqual({ plan: diamond });
  });

  it('rejects duplicate ids', () => {
    const result = validatePlan(
      planOf([
        { id: 0, question: 'A?', refs: [] },
        { id: 0, question: 'B?', refs: [] },
      ]),
    );
    expect(result).toEqual({ error: 'Two sub-questions share the id 0; ids must be unique.' });
  });

  it('rejects a ref to a missing node', () => {
    const result = validatePlan(planOf([{ id: 0, question: 'A?', refs: [4] }]));
    expect('error' in result && result.error).toMatch(/depends on 4, which does not exist/);
  });

  it('rejects an empty plan and an empty question', () => {
    expect('error' in validatePlan(planOf([]))).toBe(true);
    expect('error' in validatePlan(planOf([{ id: 0, question: '  ', refs: [] }]))).toBe(true);
  });

  it('names the cycle', () => {
    const result = validatePlan(
      planOf([
        { id: 0, question: 'A?', refs: [] },
        { id: 1, question: 'B?', refs: [2] },
        { id: 2, question: 'C?', refs: [1] },
      ]),
    );
    expect('error' in result && result.error).toMatch(/cycle: 1 → 2 → 1/);
  });

  it('drops self-references and records it', () => {
    const result = validatePlan(planOf([{ id: 0, question: 'A?', refs: [0, 0] }]));
    if (!('plan' in result)) throw new Error(result.error);
    expect(result.plan.nodes[0]?.refs).toEqual([]);
    expect(result.plan.repairs).toEqual([
      "dropped sub-question 0's reference to itself",
      "dropped sub-question 0's reference to itself",
    ]);
  });

  it('allows a forward ref without a cycle', () => {
    const result = validatePlan(
      planOf([
        { id: 0, question: 'Who is older, [a] or [b]?', refs: [1, 2] },
        { id: 1, question: 'A?', refs: [] },
        { id: 2, question: 'B?', refs: [] },
      ]),
    );
    if (!('plan' in result)) throw new Error(result.error);
    expect(topologicalLayers(result.plan).map((layer) => layer.map((node) => node.id))).toEqual([
      [1, 2],
      [0],
    ]);
  });
});

describe('topologicalLayers', () => {
  it('puts independent nodes in one layer, dependents after their parents', () => {
    const plan = planOf([
      { id: 0, question: 'Director of A?', refs: [] },
      { id: 1, question: 'Director of B?', refs: [] },
      { id: 2, question: 'Death of [a]?', refs: [0] },
      { id: 3, question: 'Death of [b]?', refs: [1] },
      { id: 4, question: 'Who died first?', refs: [2, 3] },
    ]);
    expect(topologicalLayers(plan).map((layer) => layer.map((node) => node.id))).toEqual([
      [0, 1],
      [2, 3],
      [4],
    ]);
  });

  it('throws invalid-plan on a cycle', () => {
    expect(() =>
      topologicalLayers(
        planOf([
          { id: 0, question: 'A?', refs: [1] },
          { id: 1, question: 'B?', refs: [0] },
        ]),
      ),
    ).toThrow(/cycle/);
  });

  it('orders every acyclic random plan so parents come first (property)', () => {
    const acyclic = fc
      .integer({ min: 1, max: 8 })
      .chain((size) =>
        fc.tuple(
          ...Array.from({ length: size }, (_value, index) =>
            fc.subarray(Array.from({ length: index }, (_unused, parent) => parent)),
          ),
        ),
      );
    fc.assert(
      fc.property(acyclic, (refLists) => {
        const plan = planOf(refLists.map((refs, id) => ({ id, question: `Q${id}?`, refs })));
        expect(findCycle(plan.nodes)).toBeUndefined();
        const layers = topologicalLayers(plan);
        const layerOf = new Map<number, number>();
        layers.forEach((layer, index) => {
          for (const node of layer) layerOf.set(node.id, index);
        });
        expect(layerOf.size).toBe(plan.nodes.length);
        for (const node of plan.nodes) {
          for (const ref of node.refs)
            expect(layerOf.get(ref) ?? -1).toBeLessThan(layerOf.get(node.id) ?? -1);
        }
      }),
    );
  });
});
