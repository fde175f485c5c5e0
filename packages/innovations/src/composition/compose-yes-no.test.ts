import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeAnswer } from './compose-answer.js';

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });

describe('composeAnswer — yes/no equality of typed values', () => {
  it('compares dates as dates: the same day written two ways is the same', () => {
    const ask = (left: string, right: string) =>
      compose('Were Mara Quill and Ivo Brand born on the same day?', [
        node(0, 'When was Mara Quill born?', left),
        node(1, 'When was Ivo Brand born?', right),
      ]);
    expect(ask('3 May 1901', 'May 3, 1901')).toEqual({
      composed: true,
      answer: 'yes',
      reason: 'yes-no',
      usedNodeIds: [0, 1],
    });
    expect(ask('3 May 1901', '4 May 1901')).toMatchObject({ answer: 'no' });
    expect(ask('3 May 1901', 'in spring')).toEqual({ composed: false, reason: 'incomparable' });
  });

  it('compares people by their normalised names', () => {
    const ask = (left: string, right: string) =>
      compose('Do Harbour Lights and Stone Orchard have the same director?', [
        node(0, 'Who directed Harbour Lights?', left),
        node(1, 'Who directed Stone Orchard?', right),
      ]);
    expect(ask('Mara Quill', 'mara quill.')).toMatchObject({ composed: true, answer: 'yes' });
    expect(ask('Mara Quill', 'Ivo Brand')).toMatchObject({ composed: true, answer: 'no' });
  });

  it('uses only nodes whose answer has the type the attribute asks for', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', 'Mara Quill'),
      node(1, 'When was Stone Orchard released?', '1948'),
      node(2, 'Who directed Stone Orchard?', 'Mara Quill'),
    ];
    expect(compose('Do Harbour Lights and Stone Orchard have the same director?', nodes)).toEqual({
      composed: true,
      answer: 'yes',
      reason: 'yes-no',
      usedNodeIds: [0, 2],
    });
  });

  it('takes the latest node of each branch', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', 'Mara Quill'),
      node(1, 'Who directed Stone Orchard?', 'Ivo Brand'),
      node(2, 'Who directed Harbour Lights in the end?', 'Ivo Brand'),
    ];
    expect(compose('Do Harbour Lights and Stone Orchard have the same director?', nodes)).toEqual({
      composed: true,
      answer: 'yes',
      reason: 'yes-no',
      usedNodeIds: [2, 1],
    });
  });

  it('without subjects in the question, compares exactly two value nodes', () => {
    const two = [
      node(0, 'What is the nationality of the first author?', 'American'),
      node(1, 'What is the nationality of the second author?', 'American'),
    ];
    const question = 'Were the authors of the two books of the same nationality?';
    expect(compose(question, two)).toEqual({
      composed: true,
      answer: 'yes',
      reason: 'yes-no',
      usedNodeIds: [0, 1],
    });
    const three = [...two, node(2, 'What is the nationality of the editor?', 'Canadian')];
    expect(compose(question, three)).toEqual({ composed: false, reason: 'missing-value' });
    expect(compose(question, two.slice(0, 1))).toEqual({ composed: false, reason: 'missing-value' });
  });

  it('passes over empty answers and nodes that ask the equality themselves', () => {
    const nodes = [
      node(0, 'What is the nationality of Mara Quill?', 'American'),
      node(1, 'What is the nationality of Ivo Brand?', 'Canadian'),
      node(2, 'What is the nationality of Ivo Brand?', ' '),
      node(3, 'Are they of the same nationality?', 'American', [0, 1]),
    ];
    expect(compose('Are Mara Quill and Ivo Brand of the same nationality?', nodes)).toEqual({
      composed: true,
      answer: 'no',
      reason: 'yes-no',
      usedNodeIds: [0, 1],
    });
  });

  it('refuses when the first value is unresolved, not only the second', () => {
    const nodes = [
      node(0, 'What is the nationality of Mara Quill?', 'American', [], false),
      node(1, 'What is the nationality of Ivo Brand?', 'American'),
    ];
    expect(compose('Are Mara Quill and Ivo Brand of the same nationality?', nodes)).toEqual({
      composed: false,
      reason: 'low-confidence',
    });
  });

  it('refuses when the second value cannot be read, not only the first', () => {
    const nodes = [
      node(0, 'What is the nationality of Mara Quill?', 'American'),
      node(1, 'What is the nationality of Ivo Brand?', 'Atlantean'),
    ];
    expect(compose('Are Mara Quill and Ivo Brand of the same nationality?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });

  it('takes no "yes" or "no" for a value: two nodes that found no director make no same director', () => {
    const ask = (left: string, right: string) =>
      compose('Do Harbour Lights and Stone Orchard have the same director?', [
        node(0, 'Who directed Harbour Lights?', left),
        node(1, 'Who directed Stone Orchard?', right),
      ]);
    expect(ask('No', 'no')).toEqual({ composed: false, reason: 'missing-value' });
    expect(ask('Yes', 'Mara Quill')).toEqual({ composed: false, reason: 'missing-value' });
    expect(ask('Mara Quill', 'Mara Quill')).toMatchObject({ composed: true, answer: 'yes' });
  });
});
