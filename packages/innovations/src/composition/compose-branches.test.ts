import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeAnswer } from './compose-answer.js';

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });
const films = 'Which film came out first, Harbour Lights or Stone Orchard?';

describe('composeAnswer — which option a node is about', () => {
  it('counts an option’s content words, not its articles and prepositions', () => {
    const nodes = [
      node(0, "When did Tarrow's siege end?", '1801'),
      node(1, "When did Kell's siege end?", '1799'),
    ];
    expect(
      compose('Which siege ended first, the Siege of Tarrow or the Siege of Kell?', nodes),
    ).toMatchObject({
      composed: true,
      answer: 'the Siege of Kell',
      usedNodeIds: [0, 1],
    });
  });

  it('counts all the words of an option made only of function words', () => {
    const nodes = [
      node(0, 'When was Not Yet released?', '1951'),
      node(1, 'When was By Then released?', '1948'),
    ];
    expect(compose('Which song came out first, Not Yet or By Then?', nodes)).toMatchObject({
      composed: true,
      answer: 'By Then',
      usedNodeIds: [0, 1],
    });
  });

  it('does not give a node that names half of an option to that option', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1955'),
      node(2, 'When were the Harbour Street lamps installed?', '1990'),
    ];
    expect(compose(films, nodes)).toMatchObject({ answer: 'Harbour Lights', usedNodeIds: [0, 1] });
  });

  it('does not give a node that names both options the branch of its parent', () => {
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1955'),
      node(2, 'When were Stone Orchard and Harbour Lights shown together?', '1960', [0]),
    ];
    expect(compose(films, nodes)).toMatchObject({ answer: 'Harbour Lights', usedNodeIds: [0, 1] });
  });

  it('inherits the one branch its known parents have, past a parent on no branch or not in the plan', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', 'Mara Quill'),
      node(1, 'Who directed Stone Orchard?', 'Ivo Brand'),
      node(2, 'Which studio is in Orlen?', 'Kell Studio'),
      node(3, 'When was this director born?', '1901', [0, 2, 99]),
      node(4, 'When was this director born?', '1899', [1]),
    ];
    expect(
      compose('Which film has the director born first, Harbour Lights or Stone Orchard?', nodes),
    ).toMatchObject({ composed: true, answer: 'Stone Orchard', usedNodeIds: [3, 4] });
  });
});
