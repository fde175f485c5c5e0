import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeAnswer } from './compose-answer.js';

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });

describe('composeAnswer — comparison: which value of a branch', () => {
  it('takes the value about the event asked, not a later node about another event', () => {
    const nodes = [
      node(0, 'When was Mara Quill born?', '1901'),
      node(1, 'When was Ivo Brand born?', '1899'),
      node(2, 'When did Ivo Brand marry?', '1930'),
    ];
    expect(compose('Who was born first, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: true,
      answer: 'Ivo Brand',
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('passes over a node about the other event, even when it is the only one', () => {
    const nodes = [node(0, 'When was Mara Quill born?', '1901'), node(1, 'When did Ivo Brand die?', '1950')];
    expect(compose('Who was born first, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: false,
      reason: 'missing-value',
    });
  });

  it('takes the latest value node of a branch', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1960'),
      node(1, 'When was Stone Orchard released?', '1955'),
      node(2, 'When was Harbour Lights first shown?', '1950'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      answer: 'Harbour Lights',
      usedNodeIds: [2, 1],
    });
  });

  it('reads no value from a node that asks the comparison itself, nor from a name', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'Who directed Stone Orchard?', 'Ivo Brand (1948)'),
      node(2, 'Which film came out first, Harbour Lights or Stone Orchard?', '1948'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toEqual({
      composed: false,
      reason: 'missing-value',
    });
  });

  it('gives a node that names neither option the branch of its parent, and none when its parents differ', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', 'Mara Quill'),
      node(1, 'Who directed Stone Orchard?', 'Ivo Brand'),
      node(2, 'When was this director born?', '1901', [0]),
      node(3, 'When was this director born?', '1899', [1]),
      node(4, 'When was either born?', '1800', [2, 3]),
    ];
    expect(
      compose('Which film has the director born first, Harbour Lights or Stone Orchard?', nodes),
    ).toMatchObject({ composed: true, answer: 'Stone Orchard', usedNodeIds: [2, 3] });
  });

  it('puts a node naming both options on neither branch', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1955'),
      node(2, 'When were Stone Orchard and Harbour Lights shown again?', '1960'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      answer: 'Harbour Lights',
      usedNodeIds: [0, 1],
    });
  });
});

describe('composeAnswer — comparison: dates', () => {
  it('decides the same year by the month and day when both are known', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '12 June 1951'),
      node(1, 'When was Stone Orchard released?', '3 March 1951'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      answer: 'Stone Orchard',
    });
    expect(compose('Which film came out later, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      answer: 'Harbour Lights',
    });
  });

  it('calls the same year a tie when one date is only a year, and the same day a tie', () => {
    const yearOnly = [
      node(0, 'When was Harbour Lights released?', '12 June 1951'),
      node(1, 'When was Stone Orchard released?', '1951'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', yearOnly)).toEqual({
      composed: false,
      reason: 'tie',
    });
    expect(
      compose('Which film came out first, Harbour Lights or Stone Orchard?', [
        node(0, 'When was Harbour Lights released?', '1951'),
        node(1, 'When was Stone Orchard released?', '12 June 1951'),
      ]),
    ).toEqual({ composed: false, reason: 'tie' });
    const sameDay = [
      node(0, 'When was Harbour Lights released?', '12 June 1951'),
      node(1, 'When was Stone Orchard released?', 'June 12, 1951'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', sameDay)).toEqual({
      composed: false,
      reason: 'tie',
    });
  });

  it('refuses to compare a date with a number', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'How many copies of Stone Orchard were sold?', '3,000'),
    ];
    expect(compose('Which film sold more, Harbour Lights or Stone Orchard?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });
});

describe('composeAnswer — comparison: ages and life spans', () => {
  it('refuses ages when a value is no age (a count of hundreds)', () => {
    const nodes = [node(0, 'How old is Mara Quill?', '41'), node(1, 'How old is Ivo Brand?', '700')];
    expect(compose('Who is older, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
    expect(compose('Who is older, Ivo Brand or Mara Quill?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });

  it('compares ages: older is the larger age', () => {
    const nodes = [node(0, 'How old is Mara Quill?', '41'), node(1, 'How old is Ivo Brand?', '37')];
    expect(compose('Who is older, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: true,
      answer: 'Mara Quill',
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('"lived longer" is the longer life, and the nodes used are both dates of both', () => {
    const nodes = [
      node(0, 'When was Mara Quill born?', '1901'),
      node(1, 'When did Mara Quill die?', '1970'),
      node(2, 'When was Ivo Brand born?', '1899'),
      node(3, 'When did Ivo Brand die?', '1950'),
    ];
    expect(compose('Who lived longer, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: true,
      answer: 'Mara Quill',
      reason: 'comparison',
      usedNodeIds: [0, 1, 2, 3],
    });
    expect(compose('Who lived longer, Ivo Brand or Mara Quill?', nodes)).toMatchObject({
      answer: 'Mara Quill',
    });
  });

  it('refuses a life span read from one node for both dates, or from an unresolved node', () => {
    const oneNode = [
      node(0, 'When did Mara Quill live?', '1901'),
      node(1, 'When was Ivo Brand born?', '1899'),
      node(2, 'When did Ivo Brand die?', '1950'),
    ];
    expect(compose('Who lived longer, Mara Quill or Ivo Brand?', oneNode)).toEqual({
      composed: false,
      reason: 'missing-value',
    });
    const unresolved = [
      node(0, 'When was Mara Quill born?', '1901'),
      node(1, 'When did Mara Quill die?', '1970', [], false),
      node(2, 'When was Ivo Brand born?', '1899'),
      node(3, 'When did Ivo Brand die?', '1950'),
    ];
    expect(compose('Who lived longer, Mara Quill or Ivo Brand?', unresolved)).toEqual({
      composed: false,
      reason: 'low-confidence',
    });
  });

  it('refuses a life span from a count instead of a date', () => {
    const nodes = [
      node(0, 'When was Mara Quill born?', '1901'),
      node(1, 'When did Mara Quill die?', '1970'),
      node(2, 'How old was Ivo Brand at birth of his son?', '30'),
      node(3, 'When did Ivo Brand die?', '1950'),
    ];
    expect(compose('Who lived longer, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: false,
      reason: 'missing-value',
    });
  });
});

describe('composeAnswer — comparison: counts', () => {
  it('fewer is the smaller count, whichever option comes first', () => {
    const nodes = [
      node(0, 'How many members does Gull Press have?', '40'),
      node(1, 'How many members does Tern Books have?', '12'),
    ];
    expect(compose('Which has fewer members, Gull Press or Tern Books?', nodes)).toMatchObject({
      answer: 'Tern Books',
    });
    expect(compose('Which has fewer members, Tern Books or Gull Press?', nodes)).toMatchObject({
      answer: 'Tern Books',
    });
    expect(compose('Which has more members, Tern Books or Gull Press?', nodes)).toMatchObject({
      answer: 'Gull Press',
    });
  });

  it('reads the number beside a date, not the day of the date', () => {
    const nodes = [
      node(0, 'How many members did Gull Press have?', '3 May 1950: 40 members'),
      node(1, 'How many members did Tern Books have?', '12'),
    ];
    expect(compose('Which had more members, Gull Press or Tern Books?', nodes)).toMatchObject({
      answer: 'Gull Press',
    });
  });

  it('refuses a count comparison whose values are dates, as the relaxed composer does', () => {
    // Two dates in place of counts compare as nothing the question asks: a synthesis call decides.
    const nodes = [
      node(0, 'How many members does Gull Press have?', '3 May 1950'),
      node(1, 'How many members does Tern Books have?', '12 June 1961'),
    ];
    expect(compose('Which has more members, Gull Press or Tern Books?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
    expect(compose('Which has fewer members, Gull Press or Tern Books?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });
});
