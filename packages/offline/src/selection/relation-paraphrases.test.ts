import { seededRandom } from '@rootweaver/core';
import { inferAnswerType } from '@rootweaver/innovations/selection';
import { describe, expect, it } from 'vitest';
import {
  paraphraseRelation,
  parseRelation,
  relationFamilies,
  renderRelation,
} from './relation-paraphrases.js';

describe('relation paraphrases', () => {
  it('reads a question as a relation of its entity, in any of the forms, in either tense', () => {
    expect(parseRelation('Who directed Tern Road?')).toMatchObject({ entity: 'Tern Road', past: false });
    expect(parseRelation('Who directed Tern Road?')?.family.id).toBe('director');
    expect(parseRelation('Who was the director of Tern Road?')).toMatchObject({
      entity: 'Tern Road',
      past: true,
    });
    expect(parseRelation("What is Ivo Brand's date of birth?")?.family.id).toBe('birth-date');
    expect(parseRelation("What was Ivo Marks' occupation?")).toMatchObject({
      entity: 'Ivo Marks',
      past: true,
    });
    // The most specific form wins: the music's writer is its composer.
    expect(parseRelation('Who wrote the music for Tern Road?')).toMatchObject({ entity: 'Tern Road' });
    expect(parseRelation('Who wrote the music for Tern Road?')?.family.id).toBe('composer');
    expect(parseRelation('How tall is the Orlen Tower?')).toBeUndefined();
  });

  it('writes a form out for an entity, with the possessive and the tense', () => {
    expect(renderRelation("What is {x}'s birthplace?", 'Ivo Brand')).toBe("What is Ivo Brand's birthplace?");
    expect(renderRelation("What is {x}'s birthplace?", 'Ivo Marks')).toBe("What is Ivo Marks' birthplace?");
    expect(renderRelation('Who is the director of {x}?', 'Tern Road', true)).toBe(
      'Who was the director of Tern Road?',
    );
  });

  it('asks again in another form of the same relation, for the same entity and the same answer type', () => {
    const random = seededRandom(3);
    for (const question of [
      'Who directed Tern Road?',
      'When did Ivo Brand die?',
      'Where was Ivo Brand born?',
    ]) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const paraphrase = paraphraseRelation(question, random);
        expect(paraphrase).toBeDefined();
        expect(paraphrase).not.toBe(question);
        expect(paraphrase).toContain(question.includes('Tern') ? 'Tern Road' : 'Ivo Brand');
        expect(inferAnswerType(paraphrase ?? '')).toBe(inferAnswerType(question));
      }
    }
    expect(paraphraseRelation('What colour is the Orlen Tower?', random)).toBeUndefined();
  });

  it('has forms that read back as their own family, whatever the entity', () => {
    for (const family of relationFamilies) {
      for (const form of family.forms) {
        const parsed = parseRelation(renderRelation(form, 'Vell Ostra'));
        expect(parsed?.entity).toBe('Vell Ostra');
        expect(parsed?.family.id).toBe(family.id);
      }
    }
  });
});
