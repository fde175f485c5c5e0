import { nameKinds } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import type { QaRecord } from '../reader/ranker-examples.js';
import { nameKindExamplesOf } from './name-kind-examples.js';

const record = (question: string, answer: string): QaRecord => ({
  id: question,
  question,
  context: `${question}\n${answer}`,
  answers: { text: [answer], answer_start: [0] },
});

describe('nameKindExamplesOf', () => {
  it('labels a name with the kind its question asks for; a country is a place', () => {
    const examples = nameKindExamplesOf([
      record('Who directed Harbour Lights?', 'Mara Quill'),
      record('In which city is Gull House Press based?', 'Tern Falls'),
      record('Which country is the band Salt Harbour from?', 'Orlenia'),
      record('Which company published The Tidewater Review?', 'Gull House Press'),
      record('Which film did Mara Quill direct first?', '"Harbour Lights"'),
    ]);
    expect(examples.map((example) => [example.name, nameKinds[example.kind]])).toEqual([
      ['Mara Quill', 'person'],
      ['Tern Falls', 'place'],
      ['Orlenia', 'place'],
      ['Gull House Press', 'organisation'],
      ['"Harbour Lights"', 'title'],
    ]);
  });

  it('skips answers that are no names and questions of other kinds', () => {
    expect(
      nameKindExamplesOf([
        record('Who directed Harbour Lights?', 'a local painter'),
        record('Who directed Harbour Lights?', 'Mara Quill 2'),
        record('Who directed Harbour Lights?', 'One Two Three Four Five Six Seven Eight Nine'),
        record('When was Harbour Lights released?', 'March'),
        record('What is the colour of the harbour flag?', 'Blue'),
      ]),
    ).toEqual([]);
  });
});
