import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { composeAnswer } from './compose-answer.js';
import { composeFallbackAnswer } from './compose-fallback-answer.js';

function node(
  id: number,
  question: string,
  answer: string,
  options: { refs?: number[]; resolved?: boolean; groundedQuestion?: string } = {},
): NodeTrace {
  const resolved = options.resolved ?? true;
  return {
    id,
    question,
    groundedQuestion: options.groundedQuestion ?? question,
    groundingMethod: 'none',
    refs: options.refs ?? [],
    answer,
    confidence: resolved ? 0.9 : 0.1,
    resolved,
    evidenceIds: [`e${id}`],
  };
}

describe('composeFallbackAnswer: a choice between two named options', () => {
  const species = 'Which genus has more species, Velloria or Quastia?';

  it('compares values below the confidence threshold, a number word included, where composeAnswer refuses', () => {
    const nodes = [
      node(0, 'How many species are in the genus Velloria?', '350', { resolved: false }),
      node(1, 'How many species are in the genus Quastia?', 'three'),
      node(2, 'Which genus has more species, Velloria or Quastia?', 'Mexico', { resolved: false }),
    ];
    expect(composeAnswer({ question: species, nodes })).toEqual({
      composed: false,
      reason: 'low-confidence',
    });
    expect(composeFallbackAnswer({ question: species, nodes })).toEqual({
      form: 'choice',
      answer: 'Velloria',
      rule: 'relaxed-comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('lets the values decide, not the order of the options', () => {
    const nodes = [
      node(0, 'How many species are in the genus Velloria?', 'two', { resolved: false }),
      node(1, 'How many species are in the genus Quastia?', '41', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question: species, nodes })?.answer).toBe('Quastia');
  });

  it('compares dates from retrieved pairs about each branch subject when the nodes give none', () => {
    const question = 'Which film has the director born first, Harbour Lights or Stone Orchard?';
    const nodes = [
      node(0, 'Who is the director of Harbour Lights?', 'Ivo Brand'),
      node(1, 'Who is the director of Stone Orchard?', 'Mara Quill'),
      node(2, 'Which director was born first?', 'Pell', { resolved: false }),
    ];
    const pair = (id: string, pairQuestion: string, answer: string) => ({
      id,
      text: `${pairQuestion} ${answer}`,
      question: pairQuestion,
      answer,
    });
    const unrelated = pair('p0', 'When was Sela Voss born?', 'Sela Voss was born on 2 March 1801.');
    const evidence = (brandBorn: string, quillBorn: string) => [
      unrelated,
      pair('p1', 'When was Ivo Brand born?', `Ivo Brand was born on ${brandBorn}.`),
      pair('p2', 'When was Mara Quill born?', `Mara Quill was born on ${quillBorn}.`),
    ];
    expect(
      composeFallbackAnswer({ question, nodes, evidence: evidence('3 May 1931', '8 June 1922') }),
    ).toEqual({
      form: 'choice',
      answer: 'Stone Orchard',
      rule: 'evidence-comparison',
      usedNodeIds: [0, 1],
      evidenceIds: ['p1', 'p2'],
    });
    expect(
      composeFallbackAnswer({ question, nodes, evidence: evidence('3 May 1911', '8 June 1922') })?.answer,
    ).toBe('Harbour Lights');
  });

  it('does not read dates as counts when relaxing a "more / fewer" comparison', () => {
    const question = 'Who wrote longer novels, Ada Fenwick or Boris Lantz?';
    const nodes = [
      node(0, 'How many pages did Ada Fenwick write?', 'May 25, 1938', { resolved: false }),
      node(1, 'How many pages did Boris Lantz write?', 'July 15, 1947', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question, nodes })?.rule).not.toBe('relaxed-comparison');
    const counted = [
      node(0, 'How many pages did Ada Fenwick write?', '880', { resolved: false }),
      node(1, 'How many pages did Boris Lantz write?', '212', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question, nodes: counted })).toMatchObject({
      answer: 'Ada Fenwick',
      rule: 'relaxed-comparison',
    });
  });

  it('takes the option a node asking the choice itself named, as written in the question', () => {
    const question = 'Who lived longer, Ada Fenwick or Boris Lantz?';
    const nodes = [
      node(0, 'When was Ada Fenwick born?', '3 May 1901'),
      node(1, 'When was Boris Lantz born?', '9 June 1899'),
      node(2, 'Who lived longer, Ada Fenwick or Boris Lantz?', 'Boris Lantz Jr.', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question, nodes })).toMatchObject({
      answer: 'Boris Lantz',
      rule: 'named-by-node',
    });
  });

  it('gives the first option when no value, node or pair decides, whatever else the retrieved texts say', () => {
    const question = 'Which lake is closer to the Varnholt glacier, Lake Imra or Lake Sotto?';
    const nodes = [
      node(0, 'Where is Lake Imra?', 'Ostria', { resolved: false }),
      node(1, 'Where is Lake Sotto?', 'Ostria', { resolved: false }),
    ];
    const evidence = [
      { id: 'a', text: 'Lake Imra is a reservoir near the town of Pell in Ostria.' },
      { id: 'b', text: 'Lake Sotto lies below the Varnholt glacier in northern Ostria.' },
    ];
    expect(composeFallbackAnswer({ question, nodes, evidence })).toEqual({
      form: 'choice',
      answer: 'Lake Imra',
      rule: 'first-option',
      usedNodeIds: [],
    });
  });

  it('never answers a non-option: with nothing to decide, the first option, not the last span', () => {
    const question = 'Which river is longer, the Elvar or the Tosk?';
    const nodes = [
      node(0, 'What is the Elvar?', 'United States', { resolved: false }),
      node(1, 'What is the Tosk?', 'United States', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question, nodes })).toEqual({
      form: 'choice',
      answer: 'the Elvar',
      rule: 'first-option',
      usedNodeIds: [],
    });
  });

  it('drops a trailing gloss from the chosen option', () => {
    const question =
      'Which role did Ana Perl play first: Dana (on "Night Shift") or Mira Holt ("Harbour Street")?';
    const nodes = [
      node(0, 'Which role did Ana Perl play first: Dana or Mira Holt?', 'Mira Holt', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question, nodes })?.answer).toBe('Mira Holt');
  });
});

describe('composeFallbackAnswer: a yes/no question', () => {
  const monthly = 'Are both The Quill Review and Lantern Digest monthly magazines?';

  it('combines one-subject answers: one "no" makes "Are both …?" a no', () => {
    const nodes = [
      node(0, 'Is The Quill Review a monthly magazine?', 'yes', { resolved: false }),
      node(1, 'Is Lantern Digest a monthly magazine?', 'no', { resolved: false }),
      node(2, 'Are both The Quill Review and Lantern Digest monthly magazines?', 'yes', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question: monthly, nodes })).toEqual({
      form: 'yes-no',
      answer: 'no',
      rule: 'sub-answers',
      usedNodeIds: [0, 1],
    });
  });

  it('says yes only when every subject was answered yes', () => {
    const bothYes = [
      node(0, 'Is The Quill Review a monthly magazine?', 'yes', { resolved: false }),
      node(1, 'Is Lantern Digest a monthly magazine?', 'yes', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question: monthly, nodes: bothYes })).toMatchObject({
      answer: 'yes',
      rule: 'sub-answers',
    });
    const oneYes = [
      node(0, 'What is The Quill Review?', 'a literary journal'),
      node(1, 'Is Lantern Digest a monthly magazine?', 'yes', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question: monthly, nodes: oneYes })?.rule).not.toBe('sub-answers');
  });

  it('compares the two branches at relaxed confidence for a "same …" question', () => {
    const question = 'Are Orla Venn and Tobias Marr of the same nationality?';
    const same = [
      node(0, 'What is the nationality of Orla Venn?', 'Danish', { resolved: false }),
      node(1, 'What is the nationality of Tobias Marr?', 'Denmark', { resolved: false }),
    ];
    expect(composeAnswer({ question, nodes: same })).toEqual({ composed: false, reason: 'low-confidence' });
    expect(composeFallbackAnswer({ question, nodes: same })).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'relaxed-equality',
      usedNodeIds: [0, 1],
    });
    const different = [same[0], node(1, 'What is the nationality of Tobias Marr?', 'Norwegian')].filter(
      (entry) => entry !== undefined,
    );
    expect(composeFallbackAnswer({ question, nodes: different })?.answer).toBe('no');
  });

  it('does not read two noes as "different" for a "same …" question', () => {
    const question = 'Are Orla Venn and Tobias Marr of the same nationality?';
    const nodes = [
      node(0, 'Is Orla Venn Swedish?', 'no', { resolved: false }),
      node(1, 'Is Tobias Marr Swedish?', 'no', { resolved: false }),
      node(2, 'What is the nationality of Orla Venn?', 'Danish', { resolved: false }),
      node(3, 'What is the nationality of Tobias Marr?', 'Danish', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question, nodes })).toMatchObject({
      answer: 'yes',
      rule: 'relaxed-equality',
    });
  });

  it('takes a node that answered the question itself, else says "no" — never a name', () => {
    const question = 'Did Harlan Voss ever coach the Corvale Rangers?';
    const answered = [
      node(0, 'Who is Harlan Voss?', 'Sela Voss'),
      node(1, 'Did Harlan Voss ever coach the Corvale Rangers?', 'yes', { resolved: false }),
      node(2, 'Which teams did Harlan Voss coach?', 'Pell United', { resolved: false }),
    ];
    expect(composeFallbackAnswer({ question, nodes: answered })).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'node-yes-no',
      usedNodeIds: [1],
    });
    const nameOnly = [node(0, 'Who is Harlan Voss?', 'Sela Voss')];
    expect(composeFallbackAnswer({ question, nodes: nameOnly })).toEqual({
      form: 'yes-no',
      answer: 'no',
      rule: 'default-no',
      usedNodeIds: [],
    });
  });
});

describe('composeFallbackAnswer: other forms', () => {
  it('leaves a chain question to the caller (undefined)', () => {
    const nodes = [node(0, 'Who directed Harbour Lights?', 'Ivo Brand', { resolved: false })];
    expect(
      composeFallbackAnswer({ question: 'Where was the director of Harbour Lights born?', nodes }),
    ).toBeUndefined();
  });
});
