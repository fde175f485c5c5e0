import { describe, expect, it } from 'vitest';
import { decontextualise, titleEntity } from './decontextualise.js';

describe('decontextualise', () => {
  it('replaces subject pronouns and possessives with the title entity', () => {
    expect(decontextualise('He was born in London.', 'John Smith (actor)')).toBe(
      'John Smith was born in London.',
    );
    expect(decontextualise('Her father was a doctor.', 'Mary Jones')).toBe(
      "Mary Jones' father was a doctor.",
    );
    expect(decontextualise('In 1990 she moved to Paris with her husband.', 'Mary Jones')).toBe(
      'In 1990 Mary Jones moved to Paris with her husband.',
    );
    expect(decontextualise('It is located in Ohio.', 'Dayton')).toBe('Dayton is located in Ohio.');
    expect(decontextualise('Its capital is Rome.', 'Lazio')).toBe("Lazio's capital is Rome.");
    expect(decontextualise('They released his album.', 'The Beatles')).toBe(
      "The Beatles released The Beatles' album.",
    );
  });

  it('replaces referring phrases like "the film" unless a name follows or the entity is already named', () => {
    expect(decontextualise('The film stars Rémi Bellarde.', 'Quorral (film)')).toBe(
      'Quorral stars Rémi Bellarde.',
    );
    expect(decontextualise('The album was recorded in Memphis.', 'Blue')).toBe(
      'Blue was recorded in Memphis.',
    );
    expect(decontextualise('He directed the film Inception.', 'Christopher Nolan')).toBe(
      'Christopher Nolan directed the film Inception.',
    );
    expect(decontextualise('Quorral is a remake; the film was shot in Tokyo.', 'Quorral')).toBe(
      'Quorral is a remake; the film was shot in Tokyo.',
    );
  });

  it('strips a trailing disambiguation from titles', () => {
    expect(titleEntity('Inception (2010 film)')).toBe('Inception');
    expect(titleEntity('Paris')).toBe('Paris');
  });
});
