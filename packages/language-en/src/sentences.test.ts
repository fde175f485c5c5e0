import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.js';

const texts = (text: string): string[] => splitSentences(text).map((sentence) => sentence.text);

describe('splitSentences', () => {
  it('keeps abbreviations, titles, initials and dotted acronyms inside their sentence', () => {
    expect(texts('John Doe was born in St. Louis, Missouri. He studied law.')).toEqual([
      'John Doe was born in St. Louis, Missouri.',
      'He studied law.',
    ]);
    expect(texts('Dr. Jane Smith founded the Orlen Clinic. It opened in 1990.')).toEqual([
      'Dr. Jane Smith founded the Orlen Clinic.',
      'It opened in 1990.',
    ]);
    expect(texts('The saga was written by J. R. R. Tolkien. It sold well.')).toEqual([
      'The saga was written by J. R. R. Tolkien.',
      'It sold well.',
    ]);
    expect(texts('Mara Quill served in the U.S. Army until 1970. Then she taught.')).toEqual([
      'Mara Quill served in the U.S. Army until 1970.',
      'Then she taught.',
    ]);
    expect(texts('Gull House Press Inc. was sold in Jan. 2004 to Mr. Ivo Brand.')).toEqual([
      'Gull House Press Inc. was sold in Jan. 2004 to Mr. Ivo Brand.',
    ]);
  });

  it.each([
    ['The label belongs to Gull House Press Inc. It was founded in 1990.', 'Inc.|It'],
    ['Ivo Brand served in World War I. After the war he taught.', 'I.|After'],
    ['His son is Ivo Brand Jr. "The Harbour" was his first play.', 'Jr.|"The'],
  ])(
    'ends a sentence after an abbreviation or an initial when a capitalised function word follows: %s',
    (text, cut) => {
      const [before, after] = cut.split('|') as [string, string];
      const at = text.indexOf(`${before} ${after}`) + before.length;
      expect(texts(text)).toEqual([text.slice(0, at), text.slice(at + 1)]);
    },
  );

  it.each([
    'It was painted by P. A. Lind and Dr. I. Brand.',
    'Mara Quill vs. The Harbour Band was heard in Ravel v. The State of Veltria.',
    'The case Ravel v. Brand was heard in 1990.',
  ])('keeps names, initials and joining abbreviations in their sentence: %s', (text) => {
    expect(texts(text)).toEqual([text]);
  });

  it('splits on full stops, question and exclamation marks before a capital, a digit or a quote', () => {
    expect(texts('Is it true? Yes! "Harbour Lights" opened. 1990 was the year.')).toEqual([
      'Is it true?',
      'Yes!',
      '"Harbour Lights" opened.',
      '1990 was the year.',
    ]);
  });

  it('does not split inside parentheses or before a lower-case word', () => {
    expect(texts('Ivo Brand (c. 1640? Veltria – 1689) was a poet. he wrote odes. Later he moved.')).toEqual([
      'Ivo Brand (c. 1640? Veltria – 1689) was a poet. he wrote odes.',
      'Later he moved.',
    ]);
  });

  it('returns offsets into the text', () => {
    const text = '  Mara Quill sang.   Ivo Brand danced.  ';
    for (const sentence of splitSentences(text))
      expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   ')).toEqual([]);
  });
});
