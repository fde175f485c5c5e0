import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeAnswer } from './compose-answer.js';

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });

describe('composeAnswer — comparison: the event a value node is about', () => {
  it('prefers the death dates for "died first", "passed away" and "pass away" included', () => {
    const nodes = [
      node(0, 'When did Mara Quill pass away?', '1970'),
      node(1, 'When did Ivo Brand die?', '1960'),
      node(2, 'When did Mara Quill marry?', '1930'),
    ];
    expect(compose('Who died first, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: true,
      answer: 'Ivo Brand',
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('uses a node about no event when a branch has nothing about the event asked', () => {
    const nodes = [
      node(0, 'When was Mara Quill born?', '3 May 1901'),
      node(1, "What is Ivo Brand's birthday?", '9 May 1899'),
    ];
    expect(compose('Who was born first, Mara Quill or Ivo Brand?', nodes)).toMatchObject({
      composed: true,
      answer: 'Ivo Brand',
      usedNodeIds: [0, 1],
    });
  });

  it('takes the latest value of a branch when the question names no event, whatever its node asks', () => {
    const nodes = [
      node(0, 'When was Kell Bridge opened?', '1950'),
      node(1, 'When was Tarrow Bridge opened?', '1970'),
      node(2, 'When did the new Kell Bridge replace the old one?', '1990'),
    ];
    expect(compose('Which bridge opened first, Tarrow Bridge or Kell Bridge?', nodes)).toMatchObject({
      answer: 'Tarrow Bridge',
      usedNodeIds: [1, 2],
    });
  });

  it('reads years asked with "in what year"', () => {
    const nodes = [
      node(0, 'In what year was Harbour Lights released?', '1951'),
      node(1, 'In what year was Stone Orchard released?', '1948'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      composed: true,
      answer: 'Stone Orchard',
    });
  });

  it('passes over a later node of a branch whose answer holds no value', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1948'),
      node(2, 'When was Harbour Lights shown again?', 'unknown'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      composed: true,
      answer: 'Stone Orchard',
      usedNodeIds: [0, 1],
    });
  });
});

describe('composeAnswer — comparison: reading a value', () => {
  it('reads a spaced bare count as a count', () => {
    const nodes = [
      node(0, 'How many species does Quellina have?', ' 700 '),
      node(1, 'How many species does Tessing have?', 'two'),
    ];
    expect(compose('Which genus has more species, Quellina or Tessing?', nodes)).toMatchObject({
      composed: true,
      answer: 'Quellina',
    });
  });

  it('reads a date with a number after it as the date', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '12 June 1951, in 3 cinemas'),
      node(1, 'When was Stone Orchard released?', '1948'),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toMatchObject({
      composed: true,
      answer: 'Stone Orchard',
    });
  });

  it('reads the count before a date', () => {
    const nodes = [
      node(0, 'How many members did Gull Press have?', '40 members on 3 May 1950'),
      node(1, 'How many members did Tern Books have?', '12'),
    ];
    expect(compose('Which had more members, Gull Press or Tern Books?', nodes)).toMatchObject({
      composed: true,
      answer: 'Gull Press',
    });
  });

  it('refuses a count against a date, in either order', () => {
    const nodes = [
      node(0, 'How many copies of Harbour Lights were sold?', '3,000'),
      node(1, 'When was Stone Orchard released?', '1951'),
    ];
    expect(compose('Which film sold more, Harbour Lights or Stone Orchard?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });
});

describe('composeAnswer — comparison: ages and life spans', () => {
  it('older is the larger age, whichever option has it', () => {
    const nodes = [node(0, 'How old is Mara Quill?', '37'), node(1, 'How old is Ivo Brand?', '41')];
    expect(compose('Who is older, Mara Quill or Ivo Brand?', nodes)).toMatchObject({ answer: 'Ivo Brand' });
  });

  it('refuses a birth date against an age', () => {
    const nodes = [
      node(0, 'When was Mara Quill born?', '3 May 1901'),
      node(1, 'How old is Ivo Brand?', '37'),
    ];
    expect(compose('Who is younger, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
    expect(compose('Who is younger, Ivo Brand or Mara Quill?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });

  it('calls births in the same year a tie when one is only a year', () => {
    const nodes = [
      node(0, 'When was Mara Quill born?', '1901'),
      node(1, 'When was Ivo Brand born?', '3 May 1901'),
    ];
    expect(compose('Who is older, Mara Quill or Ivo Brand?', nodes)).toEqual({
      composed: false,
      reason: 'tie',
    });
  });

  it('a life span is death minus birth: a later, shorter life loses', () => {
    const nodes = [
      node(0, 'When was Mara Quill born?', '1950'),
      node(1, 'When did Mara Quill die?', '2000'),
      node(2, 'When was Ivo Brand born?', '1900'),
      node(3, 'When did Ivo Brand die?', '1980'),
    ];
    expect(compose('Who lived longer, Mara Quill or Ivo Brand?', nodes)).toMatchObject({
      answer: 'Ivo Brand',
    });
  });

  it('refuses a life span when the birth node is unresolved, or the death node gives an age', () => {
    const unresolved = [
      node(0, 'When was Mara Quill born?', '1901', [], false),
      node(1, 'When did Mara Quill die?', '1970'),
      node(2, 'When was Ivo Brand born?', '1899'),
      node(3, 'When did Ivo Brand die?', '1950'),
    ];
    expect(compose('Who lived longer, Mara Quill or Ivo Brand?', unresolved)).toEqual({
      composed: false,
      reason: 'low-confidence',
    });
    const age = [
      node(0, 'When was Mara Quill born?', '1901'),
      node(1, 'How old was Mara Quill when she died?', '69'),
      node(2, 'When was Ivo Brand born?', '1899'),
      node(3, 'When did Ivo Brand die?', '1950'),
    ];
    expect(compose('Who lived longer, Mara Quill or Ivo Brand?', age)).toEqual({
      composed: false,
      reason: 'missing-value',
    });
  });
});

describe('composeAnswer — yes/no and shared values', () => {
  it('refuses names that normalise to nothing', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', '—'),
      node(1, 'Who directed Stone Orchard?', '...'),
    ];
    expect(compose('Do Harbour Lights and Stone Orchard have the same director?', nodes)).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });

  it('without subjects in the question, passes over a node that asks about both', () => {
    const nodes = [
      node(0, 'Who directed the opening film?', 'Mara Quill'),
      node(1, 'Who directed the closing film?', 'Ivo Brand'),
      node(2, 'Who directed both films?', 'Mara Quill'),
    ];
    expect(compose('Did the two films have the same director?', nodes)).toEqual({
      composed: true,
      answer: 'no',
      reason: 'yes-no',
      usedNodeIds: [0, 1],
    });
  });

  it('names the subjects in the order of the question, not of the nodes', () => {
    const nodes = [
      node(0, 'Who directed Stone Orchard?', 'Ivo Brand'),
      node(1, 'Who directed Harbour Lights?', 'Mara Quill'),
    ];
    expect(compose('Do Harbour Lights and Stone Orchard have the same director?', nodes)).toMatchObject({
      answer: 'no',
      usedNodeIds: [1, 0],
    });
  });

  it('a shared value: the latest answer of each branch, refused when a branch has none or is unresolved', () => {
    const question = 'What occupation did Mara Quill and Ivo Brand share?';
    const agree = [
      node(0, 'What occupation did Mara Quill have?', 'painter'),
      node(1, 'What occupation did Ivo Brand have first?', 'poet'),
      node(2, 'What occupation did Ivo Brand have?', 'painter'),
      node(3, 'What occupation did Mara Quill have later?', '  '),
    ];
    expect(compose(question, agree)).toEqual({
      composed: true,
      answer: 'painter',
      reason: 'chain',
      usedNodeIds: [0, 2],
    });
    expect(compose(question, agree.slice(0, 1))).toEqual({ composed: false, reason: 'missing-value' });
    const unresolved = [
      node(0, 'What occupation did Mara Quill have?', 'painter', [], false),
      node(1, 'What occupation did Ivo Brand have?', 'painter'),
    ];
    expect(compose(question, unresolved)).toEqual({ composed: false, reason: 'low-confidence' });
  });
});
