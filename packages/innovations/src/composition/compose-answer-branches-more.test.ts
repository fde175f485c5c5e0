import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeAnswer } from './compose-answer.js';
import { composeFallbackAnswer } from './compose-fallback-answer.js';

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });

describe('composeAnswer — which option a node is about, more cases', () => {
  it('does not give a node that names half of the second option to that option', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1955'),
      node(2, 'When were the Stone Street lamps installed?', '1940'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      composed: true,
      answer: 'Harbour Lights',
      usedNodeIds: [0, 1],
    });
  });

  it('does not give a node that names half of an option made of function words to that option', () => {
    const nodes = [
      node(0, 'When was Not Yet released?', '1951'),
      node(1, 'When was By Then released?', '1948'),
      node(2, 'When was the Then Again EP released?', '1960'),
    ];
    expect(compose('Which song came out first, Not Yet or By Then?', nodes)).toMatchObject({
      composed: true,
      answer: 'By Then',
      usedNodeIds: [0, 1],
    });
  });

  // "Ada Grant" names most of "Ada Lee Grant" and half of "Bram Grant": it is about neither for sure,
  // so it does not take the branch of the node it refers to (whose answer is Ada Lee Grant herself).
  const teacherNodes = [
    node(0, 'When was Ada Lee Grant born?', '1910'),
    node(1, 'When was Bram Grant born?', '1905'),
    node(2, 'Who taught Bram Grant?', 'Ada Lee Grant'),
    node(3, 'When was Ada Grant born?', '1910', [2]),
  ];

  it('does not put a node that names parts of both options on its parent’s branch', () => {
    expect(compose('Who was born first, Ada Lee Grant or Bram Grant?', teacherNodes)).toEqual({
      composed: true,
      answer: 'Bram Grant',
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('does the same whichever option the question names first', () => {
    expect(compose('Who was born first, Bram Grant or Ada Lee Grant?', teacherNodes)).toEqual({
      composed: true,
      answer: 'Bram Grant',
      reason: 'comparison',
      usedNodeIds: [1, 0],
    });
  });
});

describe('composeAnswer — yes/no over two options when one branch has no value', () => {
  it('compares the only two values when the first option’s branch has none', () => {
    const nodes = [
      node(0, 'Who directed the other film?', 'Mara Quill'),
      node(1, 'Who directed Stone Orchard?', 'Mara Quill'),
    ];
    expect(compose('Do Harbour Lights and Stone Orchard have the same director?', nodes)).toEqual({
      composed: true,
      answer: 'yes',
      reason: 'yes-no',
      usedNodeIds: [0, 1],
    });
  });
});

describe('composeFallbackAnswer — what the relaxed "same …" equality compares', () => {
  const question = 'Are Harbour Lights and Stone Orchard part of the same series?';

  it('compares a value that starts or ends like "no" or "yes"', () => {
    const nodes = [
      node(0, 'Which series is Harbour Lights part of?', 'Norland Domino', [], false),
      node(1, 'Which series is Stone Orchard part of?', 'Norland Domino', [], false),
    ];
    expect(composeFallbackAnswer({ question, nodes })).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'relaxed-equality',
      usedNodeIds: [0, 1],
    });
  });

  it('passes over a spaced "Yes" where a value is asked', () => {
    const nodes = [
      node(0, 'Which series is Harbour Lights part of?', 'Kell Saga', [], false),
      node(1, 'Which series is Stone Orchard part of?', 'Kell Saga', [], false),
      node(2, 'Which series is Stone Orchard part of now?', ' Yes\n', [], false),
    ];
    expect(composeFallbackAnswer({ question, nodes })).toEqual({
      form: 'yes-no',
      answer: 'yes',
      rule: 'relaxed-equality',
      usedNodeIds: [0, 1],
    });
  });

  it('takes no value from a node that asks a yes/no of its own ("Is it a film or a novel?")', () => {
    const nodes = [
      node(0, 'What genre is Harbour Lights?', 'drama', [], false),
      node(1, 'What genre is Stone Orchard?', 'drama', [], false),
      node(2, 'Is Harbour Lights a film or a novel?', 'a novel', [], false),
    ];
    expect(
      composeFallbackAnswer({ question: 'Are Harbour Lights and Stone Orchard of the same genre?', nodes }),
    ).toEqual({ form: 'yes-no', answer: 'yes', rule: 'relaxed-equality', usedNodeIds: [0, 1] });
  });
});
