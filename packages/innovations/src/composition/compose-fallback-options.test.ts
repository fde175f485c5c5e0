import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { unresolvedNode } from '../test-fixtures/node-trace.js';
import { composeFallbackAnswer } from './compose-fallback-answer.js';

/** A node of these tests: no refs, unresolved (the fallback runs where the strict composer refused). */
const fallback = (question: string, nodes: readonly NodeTrace[]) =>
  composeFallbackAnswer({ question, nodes });

describe('composeFallbackAnswer: the option a node’s answer names', () => {
  it('matches an option on its content words, without its article', () => {
    const question = 'Which river is longer, the Elvar or the Tosk?';
    const nodes = [unresolvedNode(0, 'Which is longer, Elvar or Tosk?', 'Tosk')];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: 'the Tosk',
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
  });

  it('matches an option made only of function words on all its words', () => {
    const question = 'Which song came out first, Not Yet or By Then?';
    const nodes = [unresolvedNode(0, question, 'By Then')];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: 'By Then',
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
  });

  it('names the other option when one option has no words at all', () => {
    const question = 'Which song came out first, 🍎 or Dana?';
    const nodes = [unresolvedNode(0, question, 'Dana')];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: 'Dana',
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
  });

  it('answers an option written wholly in parentheses as it is written', () => {
    const question = 'Which album came out first, Kell Road or (Untitled)?';
    const nodes = [unresolvedNode(0, question, 'Untitled')];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: '(Untitled)',
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
  });

  it('reads no node that names only the second option in its question', () => {
    const question = 'Who lived longer, Ada Fenwick or Boris Lantz?';
    const nodes = [unresolvedNode(0, 'Who is the biographer of Boris Lantz?', 'Boris Lantz Trust')];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: 'Ada Fenwick',
      rule: 'first-option',
      usedNodeIds: [],
    });
  });

  it('passes over a later answer that names both options', () => {
    const question = 'Who lived longer, Ada Fenwick or Boris Lantz?';
    const nodes = [
      unresolvedNode(0, question, 'Boris Lantz'),
      unresolvedNode(1, 'Who of the two lived longer?', 'Ada Fenwick and Boris Lantz reached the same age'),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: 'Boris Lantz',
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
  });
});

describe('composeFallbackAnswer: which yes/no answers are about one subject', () => {
  it('passes over a node whose grounded question names both subjects', () => {
    const question = 'Are both Harbour Lights Weekly and Stone Review monthly magazines?';
    const nodes = [
      unresolvedNode(0, 'Is Harbour Lights Weekly a monthly?', 'yes'),
      unresolvedNode(1, 'Is Stone Review a monthly?', 'yes'),
      {
        ...unresolvedNode(2, 'Is it older than Harbour Lights?', 'no'),
        groundedQuestion: 'Is Stone Review older than Harbour Lights?',
      },
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'sub-answers',
      usedNodeIds: [0, 1],
    });
  });

  it('passes over a yes/no question that got no yes or no', () => {
    const question = 'Are both The Quill Review and Lantern Digest monthly magazines?';
    const nodes = [
      unresolvedNode(0, 'Is The Quill Review a monthly magazine?', 'yes'),
      unresolvedNode(1, 'Is Lantern Digest a monthly magazine?', 'yes'),
      unresolvedNode(2, 'Is Lantern Digest printed in Orlen?', 'Kell Press'),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'sub-answers',
      usedNodeIds: [0, 1],
    });
  });

  it('says yes over two subjects when the question does not name them', () => {
    const question = 'Were the two magazines both monthlies?';
    const nodes = [
      unresolvedNode(0, 'Is the opening magazine a monthly?', 'yes'),
      unresolvedNode(1, 'Is the closing magazine a monthly?', 'yes'),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'sub-answers',
      usedNodeIds: [0, 1],
    });
  });
});
