import { describe, expect, it } from 'vitest';
import { validatePairs } from './validate-pairs.js';

const passageText = 'Inception is a 2010 film directed by Christopher Nolan. It was shot in Paris, France.';

describe('validatePairs', () => {
  it('keeps good pairs and counts every rejection by reason', () => {
    const { accepted, rejected } = validatePairs({
      passageText,
      pairs: [
        { question: 'Who directed Inception?', answer: 'Christopher Nolan' },
        { question: 'When was Inception released?', answer: ' 2010 ' },
        { question: '', answer: 'Paris' },
        { question: 'Where was Inception shot?', answer: '' },
        { question: 'Where was Inception shot', answer: 'Paris' },
        { question: 'Who starred in Inception?', answer: 'Leonardo DiCaprio' },
        { question: 'Who directed Inception?', answer: 'christopher nolan.' },
        { question: 'Who directed the film Inception?', answer: 'Christopher Nolan' },
        { question: 'Where was Inception shot?', answer: 'paris france' },
        { question: 'Which city was Inception shot in?', answer: 'Par' },
        { question: 'Who directed it?', answer: 'Christopher Nolan' },
        { question: 'Where was his film shot?', answer: 'Paris' },
      ],
    });
    expect(accepted).toEqual([
      { question: 'Who directed Inception?', answer: 'Christopher Nolan' },
      { question: 'When was Inception released?', answer: '2010' },
      { question: 'Where was Inception shot?', answer: 'paris france' },
    ]);
    expect(rejected).toEqual({
      empty: 2,
      'not-a-question': 1,
      'pronoun-in-question': 2,
      'answer-not-in-passage': 2,
      duplicate: 1,
      'near-duplicate': 1,
    });
  });

  it('reads a capitalised pronoun inside a question as part of a name, and a lower-case or leading one as a reference', () => {
    const text = 'Hold It Back by His Door is a 1961 novel by Ada Quill. She wrote it in Orlen.';
    const { accepted, rejected } = validatePairs({
      passageText: text,
      pairs: [
        { question: 'Who wrote Hold It Back by His Door?', answer: 'Ada Quill' },
        { question: 'When was Hold It Back by His Door published?', answer: '1961' },
        { question: 'Where did she write it?', answer: 'Orlen' },
        { question: 'His novel was written where?', answer: 'Orlen' },
        { question: "Where was it's author from?", answer: 'Orlen' },
      ],
    });
    expect(accepted.map((pair) => pair.answer)).toEqual(['Ada Quill', '1961']);
    expect(rejected['pronoun-in-question']).toBe(3);
  });

  it('can skip the answer and question-mark checks for imported knowledge bases', () => {
    const { accepted } = validatePairs({
      passageText,
      pairs: [{ question: 'Tell me who directed Inception', answer: 'Nolan directed it.' }],
      checks: { answerInPassage: false, questionMark: false },
    });
    expect(accepted).toHaveLength(1);
  });
});
