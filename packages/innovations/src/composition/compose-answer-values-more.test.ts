import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeAnswer } from './compose-answer.js';

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });

describe('composeAnswer — values a comparison reads, more cases', () => {
  it('compares early years written without an era as numbers', () => {
    const nodes = [node(0, 'When was Tarrow founded?', '312'), node(1, 'When was Kell founded?', '410')];
    expect(compose('Which town was founded first, Tarrow or Kell?', nodes)).toEqual({
      composed: true,
      answer: 'Tarrow',
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('refuses a life span when an option has a count where its death date belongs', () => {
    const nodes = [
      node(0, 'When was Ada Lee born?', '3 May 1901'),
      node(1, 'When did Ada Lee die?', '9 June 1970'),
      node(2, 'When was Bram Grant born?', '1 April 1905'),
      node(3, 'How many novels did Bram Grant write?', '12'),
    ];
    expect(compose('Who lived longer, Ada Lee or Bram Grant?', nodes)).toEqual({
      composed: false,
      reason: 'missing-value',
    });
  });
});

describe('composeAnswer — chain: a date with a closing mark and a full stop is still only a date', () => {
  it('refuses it for a place', () => {
    const question = 'Where was Mara Quill born?';
    expect(compose(question, [node(0, question, '3 May 1901).')])).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
    expect(compose(question, [node(0, question, '3 May 1901”.')])).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
  });
});
