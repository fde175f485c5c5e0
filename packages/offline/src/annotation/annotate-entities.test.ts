import { describe, expect, it } from 'vitest';
import { annotateEntities } from './annotate-entities.js';

const text =
  'Inju: The Beast in the Shadow is a 2008 film by Barbet Schroeder. The film stars Benoît Magimel and was filmed in Tokyo, Japan. Dana Cohen was born on March 3, 1981 in New South Wales.';

describe('annotateEntities', () => {
  for (const mode of ['fast', 'full'] as const) {
    it(`splits sentences with exact offsets and finds names, places and dates (${mode})`, () => {
      const { sentences, entities } = annotateEntities(text, { mode });
      expect(sentences.map((sentence) => sentence.text)).toEqual([
        'Inju: The Beast in the Shadow is a 2008 film by Barbet Schroeder.',
        'The film stars Benoît Magimel and was filmed in Tokyo, Japan.',
        'Dana Cohen was born on March 3, 1981 in New South Wales.',
      ]);
      for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
      for (const entity of entities) expect(text.slice(entity.start, entity.end)).toBe(entity.text);
      const texts = entities.map((entity) => entity.text);
      expect(texts).toEqual(
        expect.arrayContaining(['Barbet Schroeder', 'Benoît Magimel', 'Tokyo', 'Japan', 'New South Wales']),
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
    const { entities } = annotateEntities('He studied at Harvard University. She is a French painter.');
    expect(entities.find((entity) => entity.text === 'Harvard University')?.kind).toBe('organization');
    expect(entities.find((entity) => entity.text === 'French')?.kind).toBe('nationality');
  });
});
