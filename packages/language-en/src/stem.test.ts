import { describe, expect, it } from 'vitest';
import { stem } from './stem.js';

describe('stem', () => {
  it('meets a verb, its agent noun and their inflections', () => {
    expect(new Set(['directed', 'director', 'directors', 'Directing'].map(stem)).size).toBe(1);
    expect(new Set(['wrote', 'written', 'writer', 'writes'].map(stem)).size).toBe(1);
    expect(new Set(['founded', 'founder', 'founders'].map(stem)).size).toBe(1);
  });

  it('meets irregular forms and the nouns of an event', () => {
    expect(stem('died')).toBe(stem('death'));
    expect(stem('birthplace')).toBe(stem('born'));
    expect(stem('buried')).toBe(stem('burial'));
    expect(stem('wife')).toBe(stem('spouse'));
    expect(stem('portrayed')).toBe(stem('played'));
  });

  it('folds plurals and keeps different words apart', () => {
    expect(stem('counties')).toBe(stem('county'));
    expect(stem('rivers')).toBe(stem('river'));
    expect(stem('county')).not.toBe(stem('country'));
    expect(stem('director')).not.toBe(stem('directory'));
  });
});
