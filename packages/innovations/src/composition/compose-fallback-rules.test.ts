import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeFallbackAnswer } from './compose-fallback-answer.js';

/** A node of these tests: no refs, unresolved unless said. */
const unresolvedNode = (id: number, question: string, answer: string, resolved = false): NodeTrace =>
  node(id, question, answer, [], resolved);

const fallback = (question: string, nodes: readonly NodeTrace[]) =>
  composeFallbackAnswer({ question, nodes });

describe('composeFallbackAnswer: yes/no from one-subject answers', () => {
  const same = 'Are Orla Venn and Tobias Marr of the same nationality?';

  it('a "same …" question: a yes and a no over the two subjects is a no', () => {
    const nodes = [
      unresolvedNode(0, 'Is Orla Venn Swedish?', 'yes'),
      unresolvedNode(1, 'Is Tobias Marr Swedish?', 'no'),
    ];
    expect(fallback(same, nodes)).toEqual({
      form: 'yes-no',
      answer: 'no',
      rule: 'sub-answers',
      usedNodeIds: [0, 1],
    });
  });

  it('takes the latest answer per subject, and no answer about neither subject', () => {
    const question = 'Are both The Quill Review and Lantern Digest monthly magazines?';
    const nodes = [
      unresolvedNode(0, 'Is The Quill Review a monthly magazine?', 'no'),
      unresolvedNode(1, 'Is The Quill Review a monthly magazine today?', ' Yes '),
      unresolvedNode(2, 'Is it raining in Orlen?', 'no'),
      unresolvedNode(3, 'Is Lantern Digest a monthly magazine?', 'yes'),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'sub-answers',
      usedNodeIds: [1, 3],
    });
  });

  it('without subjects in the question, every one-subject answer counts, and a joint answer does not', () => {
    const question = 'Were the three magazines all monthlies?';
    const nodes = [
      unresolvedNode(0, 'Is the opening magazine a monthly?', 'yes'),
      unresolvedNode(1, 'Is the middle magazine a monthly?', 'yes'),
      unresolvedNode(2, 'Is the closing magazine a monthly?', 'yes'),
      unresolvedNode(3, 'Are all three magazines monthlies?', 'no'),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'sub-answers',
      usedNodeIds: [0, 1, 2],
    });
  });
});

describe('composeFallbackAnswer: yes/no from values and direct answers', () => {
  it('compares values of any kind for a "same …" question, passing over a yes/no where a value is asked', () => {
    const question = 'Are Harbour Lights and Stone Orchard part of the same series?';
    const nodes = [
      unresolvedNode(0, 'Which series is Harbour Lights part of?', 'Kell Saga'),
      unresolvedNode(1, 'Which series is Stone Orchard part of?', 'Kell Saga'),
      unresolvedNode(2, 'Which series is Stone Orchard part of now?', 'Yes'),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'relaxed-equality',
      usedNodeIds: [0, 1],
    });
  });

  it('takes the latest node that answered yes or no itself, as "yes" or "no"', () => {
    const question = 'Did Harlan Voss ever coach the Corvale Rangers?';
    const nodes = [
      unresolvedNode(0, 'Did Harlan Voss coach both teams?', 'no'),
      unresolvedNode(1, 'Did Harlan Voss ever coach the Corvale Rangers?', ' Yes '),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'node-yes-no',
      usedNodeIds: [1],
    });
  });
});

describe('composeFallbackAnswer: a choice named by a node', () => {
  const question = 'Who lived longer, Ada Fenwick or Boris Lantz?';

  it('reads a node that asks about both options, not one that names one option in passing', () => {
    const nodes = [
      unresolvedNode(
        0,
        'What was the relation between Ada Fenwick and Boris Lantz?',
        'Boris Lantz was her tutor',
      ),
      unresolvedNode(1, 'Who is the biographer of Ada Fenwick?', 'Ada Fenwick Trust'),
    ];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: 'Boris Lantz',
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
  });

  it('takes the latest node that asked the choice', () => {
    const nodes = [
      unresolvedNode(0, 'Who lived longer, Ada Fenwick or Boris Lantz?', 'Ada Fenwick'),
      unresolvedNode(1, 'Which of them lived longer?', 'Boris Lantz'),
    ];
    expect(fallback(question, nodes)).toMatchObject({ answer: 'Boris Lantz', usedNodeIds: [1] });
  });

  it('passes over a node whose answer names neither option', () => {
    const nodes = [unresolvedNode(0, 'Who lived longer, Ada Fenwick or Boris Lantz?', 'unclear')];
    expect(fallback(question, nodes)).toEqual({
      form: 'choice',
      answer: 'Ada Fenwick',
      rule: 'first-option',
      usedNodeIds: [],
    });
  });

  it('does not compare dates for a choice that is no comparison', () => {
    const choice = 'Between Harbour Lights and Stone Orchard, which film won the Kell Prize?';
    const nodes = [
      unresolvedNode(0, 'When was Harbour Lights released?', '1940'),
      unresolvedNode(1, 'When was Stone Orchard released?', '1950'),
    ];
    expect(fallback(choice, nodes)).toMatchObject({ answer: 'Harbour Lights', rule: 'first-option' });
  });
});

describe('composeFallbackAnswer: an option without its gloss', () => {
  it('drops a gloss written without a space, and keeps parentheses inside a name', () => {
    const question = 'Which role did Ana Perl play first: Dana or Mira Holt("Harbour Street")?';
    const nodes = [unresolvedNode(0, 'Which role did Ana Perl play first: Dana or Mira Holt?', 'Mira Holt')];
    expect(fallback(question, nodes)?.answer).toBe('Mira Holt');
    const inner = 'Which band formed first, Kell (Tarrow) Quartet or Orlen Trio?';
    expect(fallback(inner, [])).toMatchObject({ answer: 'Kell (Tarrow) Quartet', rule: 'first-option' });
  });
});
