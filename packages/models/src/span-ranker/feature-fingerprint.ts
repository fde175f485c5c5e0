import type { PartOfSpeechTagger } from '../language/part-of-speech.js';
import { featureDigest } from '../network/feature-digest.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import type { RankerPair } from './reading-lines.js';
import { featuriseSpans } from './span-features.js';

/**
 * Invented questions and pairs that pass through every part of featurisation: question words and
 * answer nouns, a multi-sentence answer line with an abbreviation and an initial, a bare answer line,
 * dates, numbers, quotes, brackets and a comma list.
 */
const fingerprintInputs: readonly { question: string; pairs: readonly RankerPair[] }[] = [
  {
    question: 'Who founded the Gull Press in Orlen?',
    pairs: [
      {
        question: 'Who founded the Gull Press?',
        answer: 'Ada M. Lee founded the Gull Press in 1901. It was sold in 1930.',
      },
      {
        question: 'Where is the Gull Press?',
        answer: 'The Gull Press is in Orlen, a port town (pop. 12,400).',
      },
      { question: '', answer: 'Tern Books Inc. It was founded by Bo Vance on 3 March 1911.' },
    ],
  },
  {
    question: 'In which year did "The Tern River" open?',
    pairs: [
      {
        question: 'When did "The Tern River" open?',
        answer: '"The Tern River", a play by Ada Lee, opened in May 1923 at the Orlen Hall.',
      },
      {
        question: 'How many seats does the Orlen Hall have?',
        answer: 'About 1,200 seats, of which 300 are in the balcony.',
      },
    ],
  },
];

/**
 * A digest of what featurisation makes of fixed inputs: the candidates' texts and every feature's
 * bits. The trainer records it beside the trees; when the code that turns text into features changes
 * (a tokenizer, the sentence splitter, a lexicon, a feature), this code's digest stops matching the
 * recorded one, and the served reader would read features its trees were not trained on.
 */
export function featureFingerprint(
  vectors: WordVectorTable,
  tagger: PartOfSpeechTagger,
  maxSpanTokens: number,
): string {
  return featureDigest(
    fingerprintInputs.map(({ question, pairs }) => {
      const input = featuriseSpans(question, pairs, { vectors, tagger, maxSpanTokens });
      return { candidates: input.candidates.map((candidate) => candidate.text), features: input.features };
    }),
  );
}
