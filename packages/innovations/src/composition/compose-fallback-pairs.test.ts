import { describe, expect, it } from 'vitest';
import { unresolvedNode } from '../test-fixtures/node-trace.js';
import { composeFallbackAnswer, type FallbackEvidence } from './compose-fallback-answer.js';

/** A node of these tests: unresolved (the fallback runs where the strict composer refused). */
/** A retrieved question–answer pair. */
const pair = (id: string, question: string, answer: string): FallbackEvidence => ({
  id,
  text: `${question} ${answer}`,
  question,
  answer,
});

const bornFirst = 'Which film has the director born first, Harbour Lights or Stone Orchard?';
const directors = [
  unresolvedNode(0, 'Who is the director of Harbour Lights?', 'Ivo Brand'),
  unresolvedNode(1, 'Who is the director of Stone Orchard?', 'Mara Quill'),
];
const brandBorn = pair('p1', 'When was Ivo Brand born?', 'Ivo Brand was born on 3 May 1931.');
const quillBorn = pair('p2', 'When was Mara Quill born?', 'Mara Quill was born on 8 June 1922.');

/** What the fallback answers when the two pairs decide: Mara Quill was born first. */
const fromPairs = {
  form: 'choice',
  answer: 'Stone Orchard',
  rule: 'evidence-comparison',
  usedNodeIds: [0, 1],
  evidenceIds: ['p1', 'p2'],
};

describe('composeFallbackAnswer: retrieved pairs about a branch’s subject', () => {
  it('reads pairs among retrieved texts without a question or without an answer', () => {
    const evidence: FallbackEvidence[] = [
      { id: 't1', text: 'Ivo Brand directed Harbour Lights for Kell Studio.' },
      brandBorn,
      quillBorn,
      { id: 't2', text: 'Born 1931.', answer: '1931' },
      { id: 't3', text: 'When was Mara Quill born?', question: 'When was Mara Quill born?' },
    ];
    expect(composeFallbackAnswer({ question: bornFirst, nodes: directors, evidence })).toEqual(fromPairs);
  });

  it('gives the pairs their own node ids, apart from the plan’s, however many nodes there are', () => {
    const nodes = [
      ...directors,
      unresolvedNode(2, 'Where did this director train?', 'Orlen', [0]),
      unresolvedNode(3, 'Where did this director train?', 'Pell', [1]),
      unresolvedNode(4, 'Which director was born first?', 'Pell'),
    ];
    expect(composeFallbackAnswer({ question: bornFirst, nodes, evidence: [brandBorn, quillBorn] })).toEqual(
      fromPairs,
    );
  });

  it('ties a pair to a branch by the name a node on that branch answered, not by any node’s answer', () => {
    const withOthers = [
      ...directors,
      // The same name found by a node on no branch does not make the pair ambiguous.
      unresolvedNode(2, 'Who founded Kell Studio?', 'Ivo Brand'),
      // Nor is the answer of a node that asks the comparison a branch's subject.
      unresolvedNode(3, 'Which Harbour Lights actor was born first?', 'Sela Voss'),
      // An answer without a name refers to no one.
      unresolvedNode(4, 'Who produced Harbour Lights?', 'She'),
    ];
    const evidence = [
      brandBorn,
      quillBorn,
      pair('p3', 'When was Sela Voss born?', 'Sela Voss was born on 2 March 1801.'),
      pair('p4', 'When was she born?', 'She was born on 4 April 1805.'),
    ];
    expect(composeFallbackAnswer({ question: bornFirst, nodes: withOthers, evidence })).toEqual(fromPairs);
  });

  it('reads a pair that names its option itself, without crediting the node whose answer it names', () => {
    const evidence = [
      pair('p1', 'When was Ivo Brand, the director of Harbour Lights, born?', 'He was born on 3 May 1931.'),
      quillBorn,
    ];
    expect(composeFallbackAnswer({ question: bornFirst, nodes: directors, evidence })).toEqual({
      ...fromPairs,
      usedNodeIds: [1],
    });
  });

  it('credits a node compared beside a pair, and only the pairs compared', () => {
    const nodes = [...directors, unresolvedNode(2, 'When was this director born?', '8 June 1922', [1])];
    const evidence = [pair('p0', 'Where was Ivo Brand born?', 'Orlen'), brandBorn];
    expect(composeFallbackAnswer({ question: bornFirst, nodes, evidence })).toEqual({
      form: 'choice',
      answer: 'Stone Orchard',
      rule: 'evidence-comparison',
      usedNodeIds: [2, 0],
      evidenceIds: ['p1'],
    });
  });
});

describe('composeFallbackAnswer: pairs that belong to neither branch', () => {
  const cameOut = 'Which film came out first, Harbour Lights or Stone Orchard?';
  const released = [
    pair('p1', 'When was Harbour Lights released?', '1951'),
    pair('p2', 'When was Stone Orchard released?', '1955'),
  ];

  it('passes over a pair that names one option but asks about the other branch’s subject', () => {
    const evidence = [...released, pair('p3', 'When did Mara Quill first see Harbour Lights?', '1960')];
    expect(composeFallbackAnswer({ question: cameOut, nodes: directors, evidence })).toEqual({
      form: 'choice',
      answer: 'Harbour Lights',
      rule: 'evidence-comparison',
      usedNodeIds: [],
      evidenceIds: ['p1', 'p2'],
    });
  });

  it('passes over a pair whose question names both options', () => {
    const question = 'Which film came out first, Harbour Lights or Stone Orchard Hill?';
    const nodes = [
      unresolvedNode(0, 'When was Stone Orchard Hill released?', '1948'),
      unresolvedNode(1, 'When was Harbour Lights released?', 'unknown'),
    ];
    const evidence = [pair('p1', 'When was Harbour Lights shot at Stone Orchard?', '1950')];
    expect(composeFallbackAnswer({ question, nodes, evidence })).toEqual({
      form: 'choice',
      answer: 'Harbour Lights',
      rule: 'first-option',
      usedNodeIds: [],
    });
  });
});
