import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { defaultMultiHopConfig } from '../config/multi-hop-config.js';
import { qaHit } from '../test/qa-hit.js';
import { HeuristicExtractor } from './heuristic-extractor.js';

/**
 * The heuristic weighs each span by how well its kind fits what the question asks for. Each case holds
 * a span of the asked kind and, earlier in the same sentence, a span of another kind: the asked kind
 * must win. (Found by setting each fit of `chunkFit` to 1 in turn: these are the fits no other test saw.)
 */
const extractor = new HeuristicExtractor();

function onePair(question: string, answer: string): SearchHit[] {
  return [qaHit(question, answer)];
}

describe('HeuristicExtractor: the asked kind over another kind in the same sentence', () => {
  it.each([
    [
      'a person, not a country',
      'Who founded Gull Press?',
      'In Norway, Mara Quill founded Gull Press.',
      'Mara Quill',
    ],
    [
      'a person, not an organisation',
      'Who produced Harbour Lights?',
      'Gull Pictures hired Mara Quill, who produced Harbour Lights.',
      'Mara Quill',
    ],
    [
      'a full name over a single capitalised word',
      'Who directed Harbour Lights?',
      'Brand starred in Harbour Lights, which Mara Quill directed.',
      'Mara Quill',
    ],
    [
      'a person whose name holds a country name, over a single word',
      'Who directed Harbour Lights?',
      'Jordan Vale directed Harbour Lights with Ivo.',
      'Jordan Vale',
    ],
    [
      'a place, not an organisation',
      'Where did Mara Quill die?',
      'Mara Quill died at the Gull Press offices in Tern.',
      'Tern',
    ],
    [
      'an organisation, not a country',
      'Which company published the Orlen Review?',
      'In Norway, Gull Press published the Orlen Review.',
      'Gull Press',
    ],
    [
      'an organisation, not a corporate suffix standing alone',
      'Which company made the Tern lamp?',
      'Gull Lamps made it; Corp. was added to the name later.',
      'Gull Lamps',
    ],
    [
      'a name with an organisation word, over a person',
      'Which company published the Orlen Review?',
      'Ivo Brand sold it to Gull Press, which published it.',
      'Gull Press',
    ],
    [
      'a title, not a country',
      'Which film did Mara Quill direct first?',
      'In France, Mara Quill first directed Harbour Lights.',
      'Harbour Lights',
    ],
    [
      'a title the text calls a film, over a name',
      'Which film did Mara Quill direct first?',
      "Ivo Brand starred in the film Harbour Lights, Mara Quill's first.",
      'Harbour Lights',
    ],
    [
      'a nationality as the demonym, over a country the sentence also names',
      'What is the nationality of Mara Quill?',
      'Mara Quill worked in Norway as a French painter.',
      'French',
    ],
    [
      'a person, not a quoted title',
      'Who directed Harbour Lights?',
      '"Salt Days" star Mara Quill directed Harbour Lights.',
      'Mara Quill',
    ],
    [
      'a nationality, not a town',
      'What is the nationality of Mara Quill?',
      'Mara Quill, a painter from Orlen, was French.',
      'French',
    ],
  ])('%s', async (_case, question, answer, expected) => {
    const result = await extractor.extract({ question, evidence: onePair(question, answer) });
    expect(result.answer).toBe(expected);
  });

  it.each([
    [
      'the date of the asked event, not an earlier date said of another',
      'When was Mara Quill born?',
      'Mara Quill, who died on 9 June 1970, had come to Orlen on 3 May 1901.',
      '3 May 1901',
    ],
    [
      'a full date over the month alone',
      'When did Mara Quill die?',
      'Mara Quill died in June 1970; the register gives 9 June 1970.',
      '9 June 1970',
    ],
    [
      'a full date over the year alone',
      'When did Mara Quill die?',
      'Mara Quill died in 1970; the register gives 9 June 1970.',
      '9 June 1970',
    ],
    [
      'a name, not a year, for a question that asks for neither',
      'What is the motto of Gull Press?',
      'Since 1901 the motto of Gull Press has been Ink and Salt.',
      'Ink and Salt',
    ],
  ])('takes %s', async (_case, question, answer, expected) => {
    const result = await extractor.extract({ question, evidence: onePair(question, answer) });
    expect(result.answer).toBe(expected);
  });

  it('does not resolve a nationality question with a town when no nationality is given', async () => {
    const question = 'What is the nationality of Mara Quill?';
    const result = await extractor.extract({
      question,
      evidence: onePair(question, 'Mara Quill lived in Orlen.'),
    });
    expect(result.confidence).toBeLessThan(defaultMultiHopConfig.extractionConfidenceThreshold);
  });
});
