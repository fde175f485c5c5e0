import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { ancestorsOf, parentsOf } from './node-ancestors.js';

function trace(id: number, refs: number[], answer: string): NodeTrace {
  return {
    id,
    question: `Question ${id}?`,
    groundedQuestion: `Question ${id}?`,
    groundingMethod: 'none',
    refs,
    answer,
    confidence: 1,
    resolved: true,
    evidenceIds: [],
  };
}

describe('ancestorsOf', () => {
  it('gives direct parents first, then their ancestors, each once', () => {
    const answers = new Map<number, NodeTrace>([
      [0, trace(0, [], 'Mira Olsen')],
      [1, trace(1, [0], 'The Salt Road')],
      [2, trace(2, [0], '1931')],
      [3, trace(3, [1, 2], 'Vell')],
    ]);
    const found = ancestorsOf({ id: 4, question: 'Where was the director born?', refs: [3] }, answers);
    expect(found.map((node) => node.id)).toEqual([3, 1, 2, 0]);
  });

  it('skips refs that have not run and never returns the node itself', () => {
    const answers = new Map<number, NodeTrace>([[0, trace(0, [1], 'Ana Lund')]]);
    const found = ancestorsOf({ id: 1, question: 'Who founded it?', refs: [0, 5] }, answers);
    expect(found.map((node) => node.id)).toEqual([0]);
  });
});

describe('parentsOf', () => {
  it("gives the node's own refs that have run, in the order it names them, and no farther ancestor", () => {
    const answers = new Map<number, NodeTrace>([
      [0, trace(0, [], 'Mira Olsen')],
      [1, trace(1, [0], 'The Salt Road')],
      [2, trace(2, [0], '1931')],
    ]);
    const found = parentsOf({ id: 3, question: 'Which came first?', refs: [2, 1, 2, 7, 3] }, answers);
    expect(found.map((node) => node.id)).toEqual([2, 1]);
  });
});
