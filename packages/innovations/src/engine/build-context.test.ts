import type { PoolItem } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { factLine, poolBlocks } from './build-context.js';

function poolItem(fields: Partial<PoolItem> & Pick<PoolItem, 'kind' | 'title' | 'text'>): PoolItem {
  return {
    id: `item-${fields.text}`,
    documentId: 'lantern',
    passage: 'The Lantern Field is a 1994 drama film. It was directed by Ines Marlow.',
    score: 1,
    rank: 1,
    subQuestion: 'Who directed The Lantern Field?',
    iteration: 0,
    ...fields,
  };
}

const sentence = 'It was directed by Ines Marlow in the hills above Corvelle.';
const sentencePair = poolItem({
  kind: 'qa',
  title: 'The Lantern Field',
  text: `The Lantern Field: What is known about The Lantern Field? ${sentence}`,
  question: 'What is known about The Lantern Field?',
  answer: sentence,
  metadata: { sentence, generator: 'rules@4' },
});
const spanPair = poolItem({
  kind: 'qa',
  title: 'The Lantern Field',
  text: 'The Lantern Field: Who directed The Lantern Field? Ines Marlow',
  question: 'Who directed The Lantern Field?',
  answer: 'Ines Marlow',
  metadata: { sentence, generator: 'rules@4' },
});

describe('factLine', () => {
  it('shows a pair whose answer is its whole sentence as that sentence under its title, without the question', () => {
    expect(factLine(3, sentencePair)).toBe(`[3] The Lantern Field: ${sentence}`);
  });

  it('keeps the question of a pair whose answer is a span of its sentence, and of a pair with no sentence', () => {
    expect(factLine(1, spanPair)).toBe('[1] The Lantern Field: Who directed The Lantern Field? Ines Marlow');
    const { metadata: _, ...withoutSentence } = sentencePair;
    expect(factLine(2, withoutSentence)).toBe(
      `[2] The Lantern Field: What is known about The Lantern Field? ${sentence}`,
    );
  });

  it('does not repeat a title the sentence starts with, and puts the line on one line', () => {
    const opening = 'The Lantern Field is a 1994\n  drama film.';
    const item = { ...sentencePair, answer: opening, metadata: { sentence: opening } };
    expect(factLine(4, item)).toBe('[4] The Lantern Field is a 1994 drama film.');
  });

  it('shows a passage under its title as before', () => {
    const passage = poolItem({ kind: 'passage', title: 'The Lantern Field', text: 'A 1994 drama film.' });
    expect(factLine(5, passage)).toBe('[5] The Lantern Field: A 1994 drama film.');
  });

  it('numbers the pool in order inside the blocks of the sub-questions that found it', () => {
    const blocks = poolBlocks([
      sentencePair,
      spanPair,
      { ...spanPair, subQuestion: 'Where was Ines Marlow born?' },
    ]);
    expect(blocks.map((block) => block.lines.map((line) => line.slice(0, 3)))).toEqual([
      ['[1]', '[2]'],
      ['[3]'],
    ]);
  });
});
