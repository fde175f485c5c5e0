import { describe, expect, it } from 'vitest';
import { type PartOfSpeechTagger, partOfSpeechTags } from '../language/part-of-speech.js';
import { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { featuriseSpans, type RankingInput, spanFeatureCount, spanFeatureNames } from './span-features.js';

// A small table: every word a one-hot-ish vector, "director"/"directed" close, "city"/"town" close.
const words = [
  'the',
  'was',
  'by',
  'in',
  'who',
  'directed',
  'director',
  'glass',
  'orchard',
  'city',
  'town',
  'film',
  'opened',
  '1891',
];
const vectors = WordVectorTable.fromEntries(
  words.map((word, index) => {
    const vector = new Array<number>(words.length).fill(0);
    vector[index] = 1;
    if (word === 'director') vector[words.indexOf('directed')] = 1;
    if (word === 'town') vector[words.indexOf('city')] = 1;
    return [word, vector] as const;
  }),
);

type FeatureName = (typeof spanFeatureNames)[number];

function featureOf(input: RankingInput, row: number, name: FeatureName): number {
  return input.features[row * spanFeatureCount + spanFeatureNames.indexOf(name)] as number;
}

function rowOf(input: RankingInput, text: string): number {
  const row = input.candidates.findIndex((candidate) => candidate.text === text);
  if (row < 0) throw new Error(`no candidate ${text}`);
  return row;
}

const pairs = [
  { question: 'When did the Velmora Institute open?', answer: 'The Velmora Institute opened in 1891.' },
  {
    question: 'Who directed The Glass Orchard?',
    answer: 'The Glass Orchard was directed by Mira Castellan.',
  },
  {
    question: 'Who produced The Glass Orchard?',
    answer: 'Mira Castellan produced it. Odo Varga co-produced it.',
  },
];

describe('featuriseSpans', () => {
  const input = featuriseSpans('Who directed The Glass Orchard?', pairs, { vectors, maxSpanTokens: 4 });

  it('offers every span of the answer sentences, none starting or ending on punctuation, none longer than the limit', () => {
    const texts = input.candidates.map((candidate) => candidate.text);
    expect(texts).toContain('Mira Castellan');
    expect(texts).toContain('1891');
    expect(texts.some((text) => /^[.,]|[.,]$/u.test(text))).toBe(false);
    expect(input.candidates.every((candidate) => candidate.end - candidate.start <= 4)).toBe(true);
    // No span of a question line, and none across the sentences of one answer.
    expect(texts).not.toContain('Velmora Institute open');
    expect(texts).not.toContain('it. Odo');
    const third = input.candidates.filter((candidate) => candidate.pair === 2);
    expect(new Set(third.map((candidate) => candidate.line)).size).toBe(2);
  });

  it('writes one row per candidate and a last "no answer" row whose span features no span has', () => {
    expect(input.features.length).toBe((input.candidates.length + 1) * spanFeatureCount);
    const last = input.candidates.length;
    expect(featureOf(input, last, 'is no answer')).toBe(1);
    expect(featureOf(input, last, 'span tokens')).toBe(-2);
    expect(featureOf(input, 0, 'is no answer')).toBe(0);
    expect(input.answerType.kind).toBe('who');
  });

  it("scores the answering pair's match with the question above a distractor's", () => {
    const answering = rowOf(input, 'Mira Castellan');
    const distractor = rowOf(input, '1891');
    expect(featureOf(input, answering, 'pair question equals the question')).toBe(1);
    expect(featureOf(input, distractor, 'pair question equals the question')).toBe(0);
    for (const name of [
      "share of the question's information in the pair's question line",
      "share of the question's information in the pair",
    ] as const)
      expect(featureOf(input, answering, name)).toBeGreaterThan(featureOf(input, distractor, name));
    expect(featureOf(input, answering, 'pair share minus the best pair share')).toBe(0);
    expect(featureOf(input, distractor, 'pair share minus the best pair share')).toBeLessThan(0);
  });

  it('tells the new words of a line from the words the question already has', () => {
    const answer = rowOf(input, 'Mira Castellan');
    const asked = rowOf(input, 'Glass Orchard');
    expect(featureOf(input, answer, 'share of span words in the question')).toBe(0);
    expect(featureOf(input, asked, 'share of span words in the question')).toBe(1);
    expect(featureOf(input, answer, 'a maximal run without question words')).toBe(1);
    expect(featureOf(input, answer, 'at the end of its line')).toBe(1);
    expect(featureOf(input, answer, 'tokens back to a question word')).toBe(2);
    expect(featureOf(input, answer, 'other pairs whose answer line holds the span')).toBe(1);
    expect(featureOf(input, rowOf(input, 'Castellan'), 'a maximal run without question words')).toBe(0);
  });

  it('marks a bare answer line as a whole line', () => {
    const bare = featuriseSpans(
      'Who directed The Glass Orchard?',
      [{ question: 'Who directed it?', answer: 'Mira Castellan' }],
      {
        vectors,
        maxSpanTokens: 4,
      },
    );
    expect(featureOf(bare, rowOf(bare, 'Mira Castellan'), 'the whole answer line')).toBe(1);
    expect(featureOf(bare, rowOf(bare, 'Mira'), 'the whole answer line')).toBe(0);
  });

  it('compares spans with the noun the question names its answer with, through the word vectors', () => {
    // A tagger that knows three nouns (wink's does this in the reader).
    const nouns = new Set(['city', 'film', 'town']);
    const tagger: PartOfSpeechTagger = {
      tag: (text) =>
        [...text.matchAll(/\p{L}+/gu)]
          .filter((match) => nouns.has(match[0].toLowerCase()))
          .map((match) => ({
            start: match.index,
            end: match.index + match[0].length,
            tag: partOfSpeechTags.indexOf('NOUN'),
          })),
    };
    const typed = featuriseSpans(
      'Which city was the film opened in?',
      [{ question: 'Where?', answer: 'The film opened in the town.' }],
      {
        vectors,
        tagger,
        maxSpanTokens: 3,
      },
    );
    expect(typed.answerType).toMatchObject({ kind: 'which-or-what-noun', noun: 'city' });
    const town = featureOf(typed, rowOf(typed, 'town'), "best word cosine with the question's answer noun");
    const film = featureOf(typed, rowOf(typed, 'film'), "best word cosine with the question's answer noun");
    expect(town).toBeGreaterThan(0.5);
    expect(film).toBe(0);
  });
});
