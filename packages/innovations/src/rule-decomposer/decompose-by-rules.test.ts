import type { Plan } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { decomposeByRules } from './decompose-by-rules.js';

function shape(plan: Plan): [string, number[]][] {
  return plan.nodes.map((node) => [node.question, [...node.refs]]);
}

describe('decomposeByRules', () => {
  it('always returns a rules plan whose refs point to earlier nodes', () => {
    for (const question of [
      'Where was the director of film Harbour Lights born?',
      'Which film came out first, Harbour Lights or Stone Orchard?',
      'Are Salt Harbour and Blue Ferry from the same country?',
      'What is the capital of Tarrowland?',
    ]) {
      const plan = decomposeByRules(question);
      expect(plan.source).toBe('rules');
      plan.nodes.forEach((node, index) => {
        expect(node.id).toBe(index);
        for (const ref of node.refs) expect(ref).toBeLessThan(node.id);
      });
    }
  });

  it('nested relation → chain with a placeholder', () => {
    expect(shape(decomposeByRules('Where was the director of film Harbour Lights born?'))).toEqual([
      ['Who is the director of Harbour Lights?', []],
      ['Where was [answer] born?', [0]],
    ]);
  });

  it('two nested relations → a three-step chain', () => {
    expect(
      shape(decomposeByRules('When did the father of the composer of film Harbour Lights die?')),
    ).toEqual([
      ['Who is the composer of Harbour Lights?', []],
      ['Who is the father of [answer]?', [0]],
      ['When did [answer] die?', [1]],
    ]);
  });

  it('an attribute phrase stays in the final question', () => {
    expect(
      shape(decomposeByRules('What is the place of birth of the performer of song Blue Ferry?')),
    ).toEqual([
      ['Who is the performer of Blue Ferry?', []],
      ['What is the place of birth of [answer]?', [0]],
    ]);
  });

  it('asking for the relation itself ends the chain with the relation question', () => {
    expect(shape(decomposeByRules('Who is the spouse of the director of film Harbour Lights?'))).toEqual([
      ['Who is the director of Harbour Lights?', []],
      ['Who is the spouse of [answer]?', [0]],
    ]);
  });

  it('possessives → chain, keeping an attribute possessive', () => {
    expect(shape(decomposeByRules("Where was the place of death of Lena Ostrow's mother?"))).toEqual([
      ['Who is the mother of Lena Ostrow?', []],
      ['Where was the place of death of [answer]?', [0]],
    ]);
    expect(shape(decomposeByRules("When is Lena Ostrow's father's birthday?"))).toEqual([
      ['Who is the father of Lena Ostrow?', []],
      ["When is [answer]'s birthday?", [0]],
    ]);
  });

  it('kinship is expanded into parent steps', () => {
    expect(shape(decomposeByRules("Who is Lena Ostrow's paternal grandmother?"))).toEqual([
      ['Who is the father of Lena Ostrow?', []],
      ['Who is the mother of [answer]?', [0]],
    ]);
    expect(shape(decomposeByRules('Who is the father-in-law of Lena Ostrow?'))).toEqual([
      ['Who is the spouse of Lena Ostrow?', []],
      ['Who is the father of [answer]?', [0]],
    ]);
  });

  it('relative clause → chain', () => {
    expect(
      shape(decomposeByRules('When was the company that published The Tidewater Review founded?')),
    ).toEqual([
      ['Which company published The Tidewater Review?', []],
      ['When was [answer] founded?', [0]],
    ]);
  });

  it('any relative clause about a named entity → chain', () => {
    expect(shape(decomposeByRules('How many students attend the school that employs Ivo Brand?'))).toEqual([
      ['Which school employs Ivo Brand?', []],
      ['How many students attend [answer]?', [0]],
    ]);
    expect(shape(decomposeByRules('Where is the newspaper that coined the term Salt Wind based?'))).toEqual([
      ['Which newspaper coined the term Salt Wind?', []],
      ['Where is [answer] based?', [0]],
    ]);
  });

  it('comparison → two parallel value nodes and the comparison', () => {
    expect(shape(decomposeByRules('Which film came out first, Harbour Lights or Stone Orchard?'))).toEqual([
      ['When was Harbour Lights released?', []],
      ['When was Stone Orchard released?', []],
      ['Which film came out first, Harbour Lights or Stone Orchard?', [0, 1]],
    ]);
    expect(shape(decomposeByRules('Was Mara Quill or Ivo Brand born first?'))).toEqual([
      ['When was Mara Quill born?', []],
      ['When was Ivo Brand born?', []],
      ['Was Mara Quill or Ivo Brand born first?', [0, 1]],
    ]);
  });

  it('bridge comparison → relation nodes, then value nodes, then the comparison', () => {
    expect(
      shape(decomposeByRules('Which film has the director who died first, Harbour Lights or Stone Orchard?')),
    ).toEqual([
      ['Who is the director of Harbour Lights?', []],
      ['When did [answer] die?', [0]],
      ['Who is the director of Stone Orchard?', []],
      ['When did [answer] die?', [2]],
      ['Which film has the director who died first, Harbour Lights or Stone Orchard?', [1, 3]],
    ]);
  });

  it('lived longer → birth and death per person', () => {
    const plan = decomposeByRules('Who lived longer, Mara Quill or Ivo Brand?');
    expect(plan.nodes.map((node) => node.question)).toEqual([
      'When was Mara Quill born?',
      'When did Mara Quill die?',
      'When was Ivo Brand born?',
      'When did Ivo Brand die?',
      'Who lived longer, Mara Quill or Ivo Brand?',
    ]);
  });

  it('yes/no conjunction → one attribute node per subject and the question', () => {
    expect(shape(decomposeByRules('Are Salt Harbour and Blue Ferry from the same country?'))).toEqual([
      ['Which country is Salt Harbour from?', []],
      ['Which country is Blue Ferry from?', []],
      ['Are Salt Harbour and Blue Ferry from the same country?', [0, 1]],
    ]);
    expect(
      shape(
        decomposeByRules(
          'Do both directors of films Harbour Lights and Stone Orchard have the same nationality?',
        ),
      ),
    ).toEqual([
      ['Who is the director of Harbour Lights?', []],
      ['What is the nationality of [answer]?', [0]],
      ['Who is the director of Stone Orchard?', []],
      ['What is the nationality of [answer]?', [2]],
      ['Do both directors of films Harbour Lights and Stone Orchard have the same nationality?', [1, 3]],
    ]);
  });

  it('anything else → a single node', () => {
    expect(shape(decomposeByRules('What is the capital of Tarrowland?'))).toEqual([
      ['What is the capital of Tarrowland?', []],
    ]);
  });
});
