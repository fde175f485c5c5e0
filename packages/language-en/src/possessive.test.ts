import { describe, expect, it } from 'vitest';
import { possessiveOf } from './possessive.js';

describe('possessiveOf', () => {
  it('adds an apostrophe and s, or only an apostrophe after a final s', () => {
    expect(possessiveOf('Mara Quill')).toBe("Mara Quill's");
    expect(possessiveOf('Marcus Ellis')).toBe("Marcus Ellis'");
    expect(possessiveOf('Corvelle Rovers FC')).toBe("Corvelle Rovers FC's");
  });
});
