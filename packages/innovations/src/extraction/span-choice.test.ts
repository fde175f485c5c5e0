import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { defaultMultiHopConfig } from '../config/multi-hop-config.js';
import { qaHit } from '../test/qa-hit.js';
import { HeuristicExtractor } from './heuristic-extractor.js';

/**
 * Which span of a sentence answers, and when the heuristic answers at all. (Found by setting each
 * fractional number of `heuristic-extractor.ts` to 1 in turn: these are the choices no other test saw.)
 */
const extractor = new HeuristicExtractor();
const threshold = defaultMultiHopConfig.extractionConfidenceThreshold;

function onePair(pairQuestion: string, answer: string, title = 'Notes'): SearchHit[] {
  return [qaHit(pairQuestion, answer, { title })];
}

describe('HeuristicExtractor: the span of a sentence that answers', () => {
  it.each([
    [
      'a festival, not the nationality of its visitors',
      'What is the spring festival of Northfield?',
      'Lantern Week draws visitors, many of them French-Canadian, to Northfield.',
      'Lantern Week',
    ],
    [
      'the name a sentence gives, not the phrase after its verb',
      'Which programme featured the Moth Hour sketch?',
      'The Moth Hour sketch was part of Salt Night Live.',
      'Salt Night Live',
    ],
    [
      'a motto, not a count the sentence also gives',
      'What is the motto of Gull Press?',
      'Gull Press, with 40 staff, has the motto Ink and Salt.',
      'Ink and Salt',
    ],
    [
      'a motto, not a quoted title the sentence also gives',
      'What is the motto of Gull Press?',
      'Gull Press, publisher of "Salt Days", has the motto Ink and Salt.',
      'Ink and Salt',
    ],
    [
      'a quantity with its unit of measure',
      'What is the default timeout of the relay?',
      'The relay waits 90 seconds before it retries.',
      '90 seconds',
    ],
    [
      'the bare number when the question names the unit',
      'How many seconds does the relay wait?',
      'The relay waits 90 seconds before it retries.',
      '90',
    ],
    [
      'no counted noun as a unit',
      'What is the size of the Orlen synod?',
      'The Orlen synod has 150 congregations.',
      '150',
    ],
  ])('takes %s', async (_case, question, answer, expected) => {
    const result = await extractor.extract({
      question,
      evidence: onePair('What is known about it?', answer),
    });
    expect(result.answer).toBe(expected);
  });
});

describe('HeuristicExtractor: the date of a death', () => {
  it('takes the year of the death over a fuller date said of the birth', async () => {
    const result = await extractor.extract({
      question: 'When did Ada Lee die?',
      evidence: onePair('Who was Ada Lee?', 'Ada Lee (born 3 May 1901) died in 1970.'),
    });
    expect(result.answer).toBe('1970');
  });

  it('takes the year said of the death over a year said just before "died"', async () => {
    const result = await extractor.extract({
      question: 'When did Ada Lee die?',
      evidence: onePair('Who was Ada Lee?', 'Ada Lee, retired since 1968, died in 1970.'),
    });
    expect(result.answer).toBe('1970');
  });
});

describe('HeuristicExtractor: an age', () => {
  it('answers "how old" with the date after the name (composition reckons the age), not a count', async () => {
    const result = await extractor.extract({
      question: 'How old was Ada Lee?',
      evidence: onePair('What is known about it?', 'Ada Lee (3 May 1901) wrote 12 novels.'),
    });
    expect(result.answer).toBe('3 May 1901');
  });
});

describe('HeuristicExtractor: people', () => {
  it('keeps names joined by "and" together: a song written by two people is answered by both', async () => {
    const result = await extractor.extract({
      question: 'Who wrote the song Salt Wind?',
      evidence: onePair('Who wrote the song Salt Wind?', 'The song was written by Ada Lee and Ivo Brand.'),
    });
    expect(result.answer).toBe('Ada Lee and Ivo Brand');
  });

  it('takes the founder, not a name made mostly of the question that stands next to "founded"', async () => {
    const result = await extractor.extract({
      question: 'Who founded Orlen Harbour Review?',
      evidence: onePair(
        'Who started the paper?',
        'Ada Lee was the woman who founded Orlen Harbour Review Daily.',
      ),
    });
    expect(result.answer).toBe('Ada Lee');
  });
});

describe('HeuristicExtractor: abstaining', () => {
  it('does not answer a person question with a bare country a pair gives', async () => {
    const result = await extractor.extract({
      question: 'Who directed Harbour Lights?',
      evidence: onePair('Where was Harbour Lights filmed?', 'Norway', 'Harbour Lights'),
    });
    expect(result.confidence).toBeLessThan(threshold);
  });

  it('does not say who someone is from a pair about someone else', async () => {
    const result = await extractor.extract({
      question: 'Who is Ada Lee?',
      evidence: onePair('Who is Bo Kay?', 'Bo Kay is a painter from Northfield.', 'Bo Kay'),
    });
    expect(result.confidence).toBeLessThan(threshold);
  });
});
