import { describe, expect, it } from 'vitest';
import { qaItemText, toQaItem } from './qa-item.js';

describe('toQaItem', () => {
  it('indexes the passage title with the pair, so a pair about "the film" is found by the film\'s name', () => {
    const item = toQaItem({
      documentId: 'doc-1',
      title: 'The Glass Orchard',
      passage: 'The Glass Orchard is a 1931 film. The film was shot in Vell.',
      question: 'Where was the film shot?',
      answer: 'Vell',
      generator: 'rules@1',
    });
    expect(item.text).toBe('The Glass Orchard: Where was the film shot? Vell');
    expect(item.question).toBe('Where was the film shot?');
    expect(item.answer).toBe('Vell');
  });

  it('leaves the title out when there is none', () => {
    expect(qaItemText({ title: '  ', question: 'Who founded Brix?', answer: 'Ana Lund' })).toBe(
      'Who founded Brix? Ana Lund',
    );
  });
});
