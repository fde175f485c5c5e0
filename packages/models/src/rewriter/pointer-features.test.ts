import { describe, expect, it } from 'vitest';
import { type PartOfSpeechTagger, partOfSpeechTags } from '../language/part-of-speech.js';
import { TreeEnsemble } from '../trees/tree-ensemble.js';
import { WordVectorTable } from '../word-vectors/word-vector-table.js';
import {
  featurisePointer,
  type PointerFeatureName,
  type PointerInput,
  pointerFeatureCount,
  pointerFeatureNames,
} from './pointer-features.js';
import { pointPhrase } from './rank-phrases.js';

// Invented sentences and names throughout. A small table: "director" and "filmmaker" close, "city"
// and "town" close, everything else apart.
const words = ['the', 'was', 'born', 'director', 'filmmaker', 'city', 'town', 'river', 'film', 'where'];
const vectors = WordVectorTable.fromEntries(
  words.map((word, index) => {
    const vector = new Array<number>(words.length).fill(0);
    vector[index] = 1;
    if (word === 'filmmaker') vector[words.indexOf('director')] = 1;
    if (word === 'town') vector[words.indexOf('city')] = 1;
    return [word, vector] as const;
  }),
);

// A tagger by word list (wink's does this in the rewriter).
const tags: Record<string, string> = {
  where: 'ADV',
  when: 'ADV',
  was: 'AUX',
  did: 'AUX',
  this: 'DET',
  that: 'DET',
  the: 'DET',
  he: 'PRON',
  his: 'PRON',
  who: 'PRON',
  director: 'NOUN',
  filmmaker: 'NOUN',
  city: 'NOUN',
  town: 'NOUN',
  river: 'NOUN',
  film: 'NOUN',
  person: 'NOUN',
  born: 'VERB',
  die: 'VERB',
  made: 'VERB',
  flows: 'VERB',
  through: 'ADP',
  in: 'ADP',
  first: 'ADJ',
  year: 'NOUN',
  mentioned: 'VERB',
  above: 'ADP',
  ines: 'PROPN',
  marlow: 'PROPN',
  corvelle: 'PROPN',
  '?': 'PUNCT',
};
const tagger: PartOfSpeechTagger = {
  tag: (text) =>
    [...text.matchAll(/[\p{L}]+|\?/gu)].flatMap((match) => {
      const name = tags[match[0].toLowerCase()];
      return name === undefined
        ? []
        : [
            {
              start: match.index,
              end: match.index + match[0].length,
              tag: partOfSpeechTags.indexOf(name as (typeof partOfSpeechTags)[number]),
            },
          ];
    }),
};

function featureOf(input: PointerInput, row: number, name: PointerFeatureName): number {
  return input.features[row * pointerFeatureCount + pointerFeatureNames.indexOf(name)] as number;
}

function rowOf(input: PointerInput, text: string): number {
  const row = input.candidates.findIndex((candidate) => candidate.text === text);
  if (row < 0) throw new Error(`no candidate ${text}`);
  return row;
}

const options = { vectors, tagger, maxSpanTokens: 6 };

describe('featurisePointer', () => {
  it('offers every phrase of the question, none starting or ending on punctuation, none longer than the limit', () => {
    const input = featurisePointer('Where was this director born?', 'Ines Marlow', options);
    const texts = input.candidates.map((candidate) => candidate.text);
    expect(texts).toEqual(
      expect.arrayContaining(['this director', 'director', 'Where was this director born', 'born']),
    );
    expect(texts.some((text) => /^[?,]|[?,]$/u.test(text))).toBe(false);
    const short = featurisePointer('Where was this director born?', 'Ines Marlow', {
      ...options,
      maxSpanTokens: 2,
    });
    expect(short.candidates.every((candidate) => candidate.last - candidate.first < 2)).toBe(true);
    // Offsets into the question itself.
    for (const candidate of input.candidates)
      expect('Where was this director born?'.slice(candidate.start, candidate.end)).toBe(candidate.text);
  });

  it('takes a closing quote into a phrase, never a lone quote or a clitic', () => {
    const input = featurisePointer("When did the director of 'Quiet Harbour' die?", 'Ines Marlow', {
      ...options,
      maxSpanTokens: 8,
    });
    const texts = input.candidates.map((candidate) => candidate.text);
    expect(texts).toContain("the director of 'Quiet Harbour'");
    expect(texts).not.toContain("'");
    const quoted = rowOf(input, "the director of 'Quiet Harbour'");
    const cut = rowOf(input, "the director of 'Quiet");
    expect(featureOf(input, quoted, 'unbalanced quotes or brackets')).toBe(0);
    expect(featureOf(input, cut, 'unbalanced quotes or brackets')).toBe(1);
    const possessive = featurisePointer("Where is the city's river?", 'Corvelle', options);
    expect(possessive.candidates.map((candidate) => candidate.text)).not.toContain("'s");
    expect(possessive.candidates.map((candidate) => candidate.text)).not.toContain("the city's");
  });

  it('writes one row per phrase and a last "no replacement" row whose phrase features no phrase has', () => {
    const input = featurisePointer('When did he die?', 'Tomas Reyl', options);
    expect(input.features.length).toBe((input.candidates.length + 1) * pointerFeatureCount);
    const last = input.candidates.length;
    expect(featureOf(input, last, 'is no replacement')).toBe(1);
    expect(featureOf(input, last, 'phrase tokens')).toBe(-2);
    expect(featureOf(input, last, 'answer tokens')).toBe(2);
    expect(featureOf(input, 0, 'is no replacement')).toBe(0);
  });

  it('knows "he" for a subject pronoun and the first reference of the question', () => {
    const input = featurisePointer('When did he die?', 'Tomas Reyl', options);
    const he = rowOf(input, 'he');
    expect(featureOf(input, he, 'is a personal pronoun')).toBe(1);
    expect(featureOf(input, he, 'is a subject pronoun')).toBe(1);
    expect(featureOf(input, he, 'is a possessive determiner')).toBe(0);
    expect(featureOf(input, he, 'phrase tokens')).toBe(1);
    expect(featureOf(input, he, 'is the first reference of the question')).toBe(1);
    expect(featureOf(input, he, 'tag before')).toBe(partOfSpeechTags.indexOf('AUX'));
    expect(featureOf(input, he, 'tag after')).toBe(partOfSpeechTags.indexOf('VERB'));
    expect(featureOf(input, he, 'answer words capitalised')).toBe(1);
    expect(featureOf(input, he, 'personal pronouns in the question')).toBe(1);
    const die = rowOf(input, 'die');
    expect(featureOf(input, die, 'is a personal pronoun')).toBe(0);
    expect(featureOf(input, die, 'is the first reference of the question')).toBe(0);
  });

  it('knows "his" before a noun for a possessive determiner', () => {
    const input = featurisePointer('Where was his first film made?', 'Ines Marlow', options);
    const his = rowOf(input, 'his');
    expect(featureOf(input, his, 'is a possessive determiner')).toBe(1);
    expect(featureOf(input, his, 'is a personal pronoun')).toBe(0);
    expect(featureOf(input, rowOf(input, 'his first film'), 'starts with a possessive determiner')).toBe(1);
    expect(featureOf(input, his, 'possessive determiners in the question')).toBe(1);
  });

  it('describes "this director": a demonstrative, its head noun, its cosine with the answer', () => {
    const input = featurisePointer('Where was this director born?', 'the filmmaker', options);
    const phrase = rowOf(input, 'this director');
    expect(featureOf(input, phrase, 'starts with a demonstrative')).toBe(1);
    expect(featureOf(input, phrase, 'first word class')).toBe(1);
    expect(featureOf(input, phrase, 'phrase tokens')).toBe(2);
    expect(featureOf(input, phrase, 'head word position in the phrase')).toBe(1);
    expect(featureOf(input, phrase, 'tag of the head word')).toBe(partOfSpeechTags.indexOf('NOUN'));
    expect(featureOf(input, phrase, 'head word is a person noun')).toBe(1);
    expect(featureOf(input, phrase, 'head word is a place noun')).toBe(0);
    expect(featureOf(input, phrase, 'is the first reference of the question')).toBe(1);
    expect(featureOf(input, phrase, 'cosine of the head word with the answer')).toBeGreaterThan(0.5);
    expect(featureOf(input, phrase, 'head cosine minus the best head cosine')).toBeCloseTo(0, 5);
    expect(featureOf(input, phrase, 'answer starts with an article')).toBe(1);
    const born = rowOf(input, 'born');
    expect(featureOf(input, born, 'cosine of the head word with the answer')).toBe(0);
    expect(featureOf(input, born, 'head cosine minus the best head cosine')).toBeLessThan(0);
    expect(featureOf(input, born, 'starts with a demonstrative')).toBe(0);
  });

  it('reads "that city" after a preposition as a demonstrative phrase at the end of the question', () => {
    const input = featurisePointer('Which river flows through that city?', 'Corvelle', options);
    const phrase = rowOf(input, 'that city');
    expect(featureOf(input, phrase, 'starts with a demonstrative')).toBe(1);
    expect(featureOf(input, phrase, 'word before is a preposition')).toBe(1);
    expect(featureOf(input, phrase, 'ends at the final punctuation')).toBe(1);
    expect(featureOf(input, phrase, 'head word is a place noun')).toBe(1);
    expect(featureOf(input, phrase, 'demonstratives in the question')).toBe(1);
  });

  it('tells a relative "that" from a demonstrative one, and reads "the person who …" as a relative description', () => {
    const input = featurisePointer('Where was the person who made that film born?', 'Ines Marlow', options);
    const description = rowOf(input, 'the person who made that film');
    expect(featureOf(input, description, 'starts with the')).toBe(1);
    expect(featureOf(input, description, 'position of the first relative word')).toBe(2);
    expect(featureOf(input, description, 'relative words inside')).toBe(1);
    expect(featureOf(input, description, 'demonstratives after the first word')).toBe(1);
    expect(featureOf(input, description, 'head word position in the phrase')).toBe(1);
    expect(featureOf(input, description, 'head word is a person noun')).toBe(1);
    expect(featureOf(input, description, 'verbs inside')).toBe(1);
    expect(featureOf(input, rowOf(input, 'the person'), 'word after is a relative word')).toBe(1);
    const relative = featurisePointer('Who directed the film that was made first?', 'Ines Marlow', options);
    expect(featureOf(relative, 0, 'demonstratives in the question')).toBe(0);
    expect(featureOf(relative, 0, 'relative words in the question')).toBe(1);
  });

  it("compares the phrase's words with the answer's", () => {
    const input = featurisePointer('When did Marlow die?', 'Ines Marlow', options);
    const marlow = rowOf(input, 'Marlow');
    expect(featureOf(input, marlow, "share of the phrase's words in the answer")).toBe(1);
    expect(featureOf(input, marlow, "share of the answer's words in the phrase")).toBe(0.5);
    expect(featureOf(input, marlow, 'the answer ends with the phrase')).toBe(1);
    expect(featureOf(input, marlow, "share of the answer's words in the question")).toBe(0.5);
    expect(featureOf(input, marlow, 'first token capitalised past the question start')).toBe(1);
    expect(featureOf(input, rowOf(input, 'die'), 'the answer ends with the phrase')).toBe(0);
  });

  it('marks a year-like answer and a phrase holding a number', () => {
    const input = featurisePointer('Who won the race in the year mentioned above?', '1931', options);
    const phrase = rowOf(input, 'the year mentioned above');
    expect(featureOf(input, phrase, 'answer is a year-like number')).toBe(1);
    expect(featureOf(input, phrase, 'answer has a digit')).toBe(1);
    expect(featureOf(input, phrase, 'holds a reference word')).toBe(1);
    expect(featureOf(input, phrase, 'head word is a time noun')).toBe(1);
    expect(featureOf(input, phrase, 'reference words in the question')).toBe(2);
  });
});

describe('pointPhrase', () => {
  it('points at the best-scored phrase and keeps "no replacement" apart', () => {
    const input = featurisePointer('When did he die?', 'Tomas Reyl', options);
    // One tree: a subject pronoun scores 2, "no replacement" 1, anything else 0.
    const pronoun = pointerFeatureNames.indexOf('is a subject pronoun');
    const none = pointerFeatureNames.indexOf('is no replacement');
    const model = new TreeEnsemble({
      featureCount: pointerFeatureCount,
      feature: Int32Array.from([pronoun, none]),
      threshold: Float32Array.from([0.5, 0.5]),
      left: Int32Array.from([1, -1]),
      right: Int32Array.from([-3, -2]),
      leaf: Float32Array.from([0, 1, 2]),
      roots: Int32Array.from([0]),
    });
    const pointed = pointPhrase(model, input);
    expect(pointed.candidate?.text).toBe('he');
    const e = Math.E;
    const sum = e ** 2 + e + (input.candidates.length - 1);
    expect(pointed.probability).toBeCloseTo(e ** 2 / sum, 6);
    expect(pointed.noReplacementProbability).toBeCloseTo(e / sum, 6);
  });

  it('has no phrase to point at in a question of punctuation only', () => {
    const input = featurisePointer('?', 'Tomas Reyl', options);
    expect(input.candidates).toHaveLength(0);
    const model = new TreeEnsemble({
      featureCount: pointerFeatureCount,
      feature: new Int32Array(0),
      threshold: new Float32Array(0),
      left: new Int32Array(0),
      right: new Int32Array(0),
      leaf: Float32Array.from([0]),
      roots: Int32Array.from([-1]),
    });
    expect(pointPhrase(model, input)).toMatchObject({
      candidate: undefined,
      index: -1,
      noReplacementProbability: 1,
    });
  });
});
