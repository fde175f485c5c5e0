import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { HeuristicExtractor } from './heuristic-extractor.js';
import { attributeVerdict } from './yes-no-attribute.js';

function hit(id: string, title: string, passage: string): SearchHit {
  const question = `What is known about ${title}?`;
  return {
    id,
    documentId: id,
    kind: 'qa',
    title,
    passage,
    question,
    answer: passage,
    text: `${title}: ${question} ${passage}`,
    score: 1,
    rank: 1,
  };
}

const marrow = hit(
  'm',
  'Marrow Light',
  'Marrow Light is a 1998 documentary film by Ana Lund. It was shot in Vell.',
);
const ostra = hit('o', 'Ostra Days', 'Ostra Days is a 2004 documentary about the harbour of Vell.');
const brix = hit('b', 'Brix Tales', 'Brix Tales is a 2001 comedy film directed by Ivo Brand.');

describe('attributeVerdict', () => {
  it('says yes when every subject is stated to have the attribute', () => {
    expect(
      attributeVerdict('Are Marrow Light and Ostra Days both documentaries?', [marrow, ostra]),
    ).toMatchObject({
      answer: 'yes',
      evidenceIds: ['m', 'o'],
    });
    expect(attributeVerdict('Is Marrow Light a documentary?', [marrow])?.answer).toBe('yes');
  });

  it('says no when a subject is found but not stated to have it', () => {
    expect(
      attributeVerdict('Are Marrow Light and Brix Tales both documentaries?', [marrow, brix])?.answer,
    ).toBe('no');
  });

  it('gives no verdict for a subject it cannot find, or for comparisons', () => {
    expect(attributeVerdict('Are Marrow Light and Gull House both documentaries?', [marrow])).toBeUndefined();
    expect(
      attributeVerdict('Are Marrow Light and Ostra Days from the same country?', [marrow, ostra]),
    ).toBeUndefined();
  });

  it('is what the extractor answers when no pair answers yes or no itself', async () => {
    const result = await new HeuristicExtractor().extract({
      question: 'Are Marrow Light and Brix Tales both documentaries?',
      evidence: [marrow, brix],
    });
    expect(result.answer).toBe('no');
    expect(result.answerType).toBe('yes-no');
  });
});
