import { describe, expect, it } from 'vitest';
import type { QaRecord } from '../reader/ranker-examples.js';
import { groundedQuestionsOf } from './grounded-questions.js';

function record(id: string, question: string, answer: string, context: string): QaRecord {
  return { id, question, context, answers: { text: [answer], answer_start: [context.indexOf(answer)] } };
}

describe('groundedQuestionsOf', () => {
  it('gives each question, as its parent, the first other pair and what its answer adds', () => {
    const context =
      'When was The Glass Orchard released?\nThe Glass Orchard was released in 1994.\n\n' +
      'Who directed The Glass Orchard?\nThe Glass Orchard was directed by Mira Castellan.';
    expect(
      groundedQuestionsOf([record('r1', 'Who directed The Glass Orchard?', 'Mira Castellan', context)]),
    ).toEqual([
      {
        id: 'r1',
        question: 'Who directed The Glass Orchard?',
        parentQuestion: 'When was The Glass Orchard released?',
        parentAnswer: '1994',
      },
    ]);
  });

  it('skips a record whose only other pair holds its answer, adds nothing, or is already named', () => {
    const holdsAnswer =
      'Who directed X?\nX was directed by Mira Castellan.\n\nWho made X?\nMira Castellan made X.';
    const addsNothing = 'Who directed X?\nMira Castellan.\n\nWhat is X?\nX is X.';
    const named = 'Who directed X in 1994?\nMira Castellan.\n\nWhen was X released?\nX was released in 1994.';
    expect(
      groundedQuestionsOf([
        record('a', 'Who directed X?', 'Mira Castellan', holdsAnswer),
        record('b', 'Who directed X?', 'Mira Castellan', addsNothing),
        record('c', 'Who directed X in 1994?', 'Mira Castellan', named),
      ]),
    ).toEqual([]);
  });

  it('skips a parent answer longer than a plan node hands on', () => {
    const context =
      'Who directed X?\nMira Castellan.\n\nWhat is X about?\nX follows nine sailors lost on a frozen northern sea for a long winter.';
    expect(groundedQuestionsOf([record('r', 'Who directed X?', 'Mira Castellan', context)])).toEqual([]);
  });
});
