import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { answeringNode } from './answering-node.js';
import { composeAnswer } from './compose-answer.js';

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });
const one = (question: string, answer: string) => compose(question, [node(0, question, answer)]);

describe('composeAnswer — chain: the answer must have the kind the question asks for', () => {
  it('a date for "when", a number for "how many"', () => {
    expect(one('When did Mara Quill die?', '4 March 1970')).toMatchObject({
      composed: true,
      answer: '4 March 1970',
    });
    expect(one('How many films did Mara Quill direct?', '12 films')).toMatchObject({
      composed: true,
      answer: '12 films',
    });
    expect(one('How many films did Mara Quill direct?', 'several')).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
  });

  it('refuses an answer that is only white space', () => {
    expect(one('Who directed Harbour Lights?', '   ')).toEqual({ composed: false, reason: 'low-confidence' });
  });

  it('refuses a bare number or a bare demonym for a name, however it is spaced', () => {
    expect(one('Who directed Harbour Lights?', '1,200')).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
    expect(one('Who directed Harbour Lights?', ' American ')).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
    // A date with its full stop, or one more mark, is still only a date.
    expect(one('Where was Mara Quill born?', '3 May 1901.')).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
    expect(one('Where was Mara Quill born?', '3 May 1901!')).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
  });

  it('accepts a name that holds a number, a date or a demonym', () => {
    expect(one('Where is the Kell studio?', 'Pier 12')).toMatchObject({ composed: true, answer: 'Pier 12' });
    expect(one('Where is the Kell studio?', '12 Harbour Row')).toMatchObject({
      composed: true,
      answer: '12 Harbour Row',
    });
    expect(one('Who staged Harbour Lights?', 'American Ballet Theatre')).toMatchObject({
      composed: true,
      answer: 'American Ballet Theatre',
    });
    expect(one('Where was Mara Quill born?', 'the Orlen clinic, on 3 May 1901')).toMatchObject({
      composed: true,
    });
  });

  it('refuses yes or no however it is spaced, but not a word that starts or ends like one', () => {
    expect(one('Who founded Brix Pies?', ' no ')).toEqual({ composed: false, reason: 'type-mismatch' });
    expect(one('Who founded Brix Pies?', 'Nora Yes')).toMatchObject({ composed: true, answer: 'Nora Yes' });
    expect(one('Who founded Brix Pies?', 'Yesenia Kell')).toMatchObject({ composed: true });
    expect(one('Who founded Brix Pies?', 'Ivo Tarno')).toMatchObject({ composed: true });
  });

  it('answers yes or no to a yes/no question it reads as a chain ("Can …?")', () => {
    expect(one('Can Mara Quill sing?', 'yes')).toEqual({
      composed: true,
      answer: 'yes',
      reason: 'chain',
      usedNodeIds: [0],
    });
  });

  it('refuses an empty plan whatever the form of the question', () => {
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', [])).toEqual({
      composed: false,
      reason: 'no-nodes',
    });
  });
});

describe('answering sink', () => {
  it('gives a tie to the later sink', () => {
    const nodes = [
      node(0, 'Where was Mara Quill born?', 'Orlen'),
      node(1, 'Where was Mara Quill born?', 'Kell'),
    ];
    expect(compose('Where was Mara Quill born?', nodes)).toMatchObject({ answer: 'Kell', usedNodeIds: [1] });
    expect(answeringNode({ question: 'Where was Mara Quill born?', nodes })?.id).toBe(1);
  });

  it('is a sink even when the question has no content words', () => {
    // Node 1 is referenced by node 0, so node 0 is the only sink.
    const nodes = [node(0, 'Who is it?', 'Orlen', [1]), node(1, 'What is it?', 'Kell')];
    expect(answeringNode({ question: 'Who is he?', nodes })?.id).toBe(0);
  });
});
