import type { MultiHopAnswer, MultiHopEvent, NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { renderTrace } from './render-trace.js';

const texts: Record<string, string> = {
  top: 'Harrow Bridge: When did Harrow Bridge open? 1871',
  evidence: 'Harrow Bridge: Who designed Harrow Bridge? Elsie Quarne',
  born: 'Elsie Quarne: Where was Elsie Quarne born? Dunmere',
};

function node(partial: Partial<NodeTrace> & Pick<NodeTrace, 'id' | 'question'>): NodeTrace {
  return {
    groundedQuestion: partial.question,
    groundingMethod: 'none',
    refs: [],
    answer: '',
    confidence: 0,
    resolved: false,
    evidenceIds: [],
    ...partial,
  };
}

const designer = node({
  id: 0,
  question: 'Who designed Harrow Bridge?',
  answer: 'Elsie Quarne',
  confidence: 0.8,
  resolved: true,
  evidenceIds: ['evidence'],
  topItemId: 'top',
});
const birthplace = node({
  id: 1,
  question: 'Where was [answer] born?',
  groundedQuestion: 'Where was Elsie Quarne born?',
  groundingMethod: 'placeholder',
  refs: [0],
  answer: 'Dunmere',
  confidence: 0.7,
  resolved: true,
  evidenceIds: ['born'],
  topItemId: 'born',
});

const finishedAnswer = {
  hops: [
    {
      iteration: 0,
      kind: 'decompose',
      subQuestions: [],
      itemsAdded: 0,
      tokens: { inputTokens: 120, outputTokens: 30 },
    },
    { iteration: 1, kind: 'retrieve', subQuestions: [], itemsAdded: 2 },
  ],
} as unknown as MultiHopAnswer;

const events: MultiHopEvent[] = [
  { type: 'hop-started', iteration: 0, kind: 'decompose' },
  {
    type: 'plan',
    plan: {
      source: 'llm',
      repairs: [],
      nodes: [
        { id: 0, question: designer.question, refs: [] },
        { id: 1, question: birthplace.question, refs: [0] },
        { id: 2, question: 'When did Harrow Bridge close?', refs: [] },
      ],
    },
  },
  { type: 'hop-started', iteration: 1, kind: 'retrieve' },
  {
    type: 'node-started',
    iteration: 1,
    nodeId: 0,
    question: designer.question,
    groundedQuestion: designer.question,
  },
  {
    type: 'node-started',
    iteration: 1,
    nodeId: 2,
    question: 'When did Harrow Bridge close?',
    groundedQuestion: 'When did Harrow Bridge close?',
  },
  {
    type: 'retrieved',
    iteration: 1,
    subQuestion: 'When did Harrow Bridge close?',
    itemIds: ['top'],
    itemsAdded: 0,
  },
  {
    type: 'retrieved',
    iteration: 1,
    subQuestion: designer.question,
    itemIds: ['top', 'evidence'],
    itemsAdded: 2,
  },
  { type: 'node-answered', iteration: 1, node: designer },
  {
    type: 'node-started',
    iteration: 2,
    nodeId: 1,
    question: birthplace.question,
    groundedQuestion: birthplace.groundedQuestion,
  },
  {
    type: 'retrieved',
    iteration: 2,
    subQuestion: birthplace.groundedQuestion,
    itemIds: ['born'],
    itemsAdded: 1,
  },
  { type: 'node-answered', iteration: 2, node: birthplace },
  { type: 'decided', iteration: 3, decision: 'stop', subQuestions: [], forcedStop: 'budget' },
  { type: 'compacted', chars: 2000, uncompactedChars: 2600 },
  { type: 'answer-delta', delta: 'Dunmere' },
  { type: 'finished', answer: finishedAnswer },
];

describe('renderTrace', () => {
  it("shows each node's evidence pairs, not the top-ranked one, grouped by node though events interleave", () => {
    const lines = renderTrace(events, { itemText: (id) => texts[id] });
    const text = lines.join('\n');
    expect(lines[0]).toBe('hop 0 · decompose (120+30 tokens)');
    expect(lines[1]).toBe('plan (llm, 3 nodes)');
    expect(text).toContain('  #1 Where was [answer] born?  (needs #0)');
    const designerBlock = lines.slice(lines.lastIndexOf('  #0 Who designed Harrow Bridge?'));
    expect(designerBlock.slice(0, 4)).toEqual([
      '  #0 Who designed Harrow Bridge?',
      '     retrieved 2 pairs',
      '     answer: Elsie Quarne  [confidence 0.80, resolved]',
      `     evidence: ${texts.evidence}`,
    ]);
    expect(text).not.toContain(`evidence: ${texts.top}`);
    expect(text).toContain(
      '  #1 Where was [answer] born? ← #0\n     grounded (placeholder): Where was Elsie Quarne born?',
    );
    expect(text).toContain('  decision: stop (forced stop: budget)');
    expect(text).toContain('compacted: synthesis context 2600 → 2000 chars');
    // Node 2 started but never answered (a cancelled run): it is still shown, marked.
    expect(lines.slice(-2)).toEqual([
      '  #2 When did Harrow Bridge close?',
      '     (not answered: the run ended first)',
    ]);
    expect(lines).not.toContain('Dunmere');
  });

  it('shows evidence ids when no text is known, and "(none)" for a node without evidence', () => {
    const lines = renderTrace([
      { type: 'node-answered', iteration: 1, node: designer },
      { type: 'node-answered', iteration: 1, node: node({ id: 3, question: 'Who?' }) },
    ]);
    expect(lines).toContain('     evidence: evidence');
    expect(lines.at(-1)).toBe('     evidence: (none)');
  });

  it('shows retrievals of planners without nodes as their own lines', () => {
    const lines = renderTrace([
      { type: 'hop-started', iteration: 1, kind: 'retrieve' },
      {
        type: 'retrieved',
        iteration: 1,
        subQuestion: 'Who designed Harrow Bridge?',
        itemIds: ['a', 'b', 'c'],
        itemsAdded: 2,
      },
      { type: 'decided', iteration: 2, decision: 'continue', subQuestions: ['Where was Elsie Quarne born?'] },
    ]);
    expect(lines).toEqual([
      'hop 1 · retrieve',
      '  Who designed Harrow Bridge?: retrieved 3 pairs, 2 new',
      '  decision: continue → Where was Elsie Quarne born?',
    ]);
  });
});
