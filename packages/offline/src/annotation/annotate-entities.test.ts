import { describe, expect, it } from 'vitest';
import { annotateEntities } from './annotate-entities.js';

const text =
  'Quorral: The Lamp in the Hollow is a 2008 film by Odile Marchetti. The film stars Rémi Bellarde and was filmed in Tokyo, Japan. Nadia Wren was born on March 3, 1981 in New South Wales.';

describe('annotateEntities', () => {
  for (const mode of ['fast', 'full'] as const) {
    it(`splits sentences with exact offsets and finds names, places and dates (${mode})`, () => {
      const { sentences, entities } = annotateEntities(text, { mode });
      expect(sentences.map((sentence) => sentence.text)).toEqual([
        'Quorral: The Lamp in the Hollow is a 2008 film by Odile Marchetti.',
        'The film stars Rémi Bellarde and was filmed in Tokyo, Japan.',
        'Nadia Wren was born on March 3, 1981 in New South Wales.',
      ]);
      for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
      for (const entity of entities) expect(text.slice(entity.start, entity.end)).toBe(entity.text);
      const texts = entities.map((entity) => entity.text);
      expect(texts).toEqual(
        expect.arrayContaining(['Odile Marchetti', 'Rémi Bellarde', 'Tokyo', 'Japan', 'New South Wales']),
      );
      expect(entities.filter((entity) => entity.kind === 'date').map((entity) => entity.text)).toEqual([
        '2008',
        'March 3, 1981',
      ]);
      expect(entities.find((entity) => entity.text === 'Tokyo')?.kind).toBe('place');
      // "The" opening a sentence is not a name; a plain capitalised opener is not either.
      expect(texts).not.toContain('The');
    });
  }

  it('classifies organisations and nationalities', () => {
    const { entities } = annotateEntities('He studied at Harrowgate University. She is a French painter.');
    expect(entities.find((entity) => entity.text === 'Harrowgate University')?.kind).toBe('organization');
    expect(entities.find((entity) => entity.text === 'French')?.kind).toBe('nationality');
  });
});
