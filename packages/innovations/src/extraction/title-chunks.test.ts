import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { HeuristicExtractor } from './heuristic-extractor.js';
import { capitalisedChunks, titleChunks } from './text.js';

const joined = (text: string): string[] =>
  titleChunks(text, capitalisedChunks(text)).map((span) => span.text);

describe('titleChunks', () => {
  it('joins capitalised runs across up to three lower-case function words, longest first', () => {
    expect(joined('The Man with the Gun is a film by Ada Lee.')).toEqual(['The Man with the Gun']);
    expect(joined('Jazz on a Summer Day opened in Orlen.')).toEqual(['Jazz on a Summer Day']);
    expect(joined('Tern and the Gull and the Heron')).toEqual([
      'Tern and the Gull and the Heron',
      'Gull and the Heron',
      'Tern and the Gull',
    ]);
  });

  it('joins nothing across punctuation, content words or more than three words', () => {
    expect(joined('The Man, the Gun')).toEqual([]);
    expect(joined('The Man sold the Gun')).toEqual([]);
    expect(joined('The Man with one of the Guns')).toEqual([]);
    expect(joined('The Man and all of the other Guns')).toEqual([]);
  });
});

describe('HeuristicExtractor, a title asked', () => {
  const hit: SearchHit = {
    id: 'film',
    documentId: 'Ada Lee',
    kind: 'qa',
    title: 'Ada Lee',
    passage: 'In 1938 Ada Lee directed The Man with the Gun.',
    question: 'What film did Ada Lee direct in 1938?',
    answer: 'In 1938 Ada Lee directed The Man with the Gun.',
    text: 'In 1938 Ada Lee directed The Man with the Gun.',
    score: 1,
    rank: 1,
  };

  it('answers the whole title, not its first capitalised words', async () => {
    const answer = await new HeuristicExtractor().extract({
      question: 'What film did Ada Lee direct in 1938?',
      evidence: [hit],
    });
    expect(answer.answer).toBe('The Man with the Gun');
  });

  it('leaves other kinds of question with the chunks alone', async () => {
    const answer = await new HeuristicExtractor().extract({
      question: 'Who did Ada Lee direct in 1938?',
      evidence: [{ ...hit, answer: 'In 1938 Ada Lee directed Ivo Brand and the Gull Choir.' }],
    });
    expect(answer.answer).not.toMatch(/ and the /u);
  });
});
