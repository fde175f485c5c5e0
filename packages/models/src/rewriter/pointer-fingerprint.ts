import type { PartOfSpeechTagger } from '../language/part-of-speech.js';
import { featureDigest } from '../network/feature-digest.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { featurisePointer } from './pointer-features.js';
import { replaceSpan } from './rewriter-input.js';

/**
 * Invented sub-questions and parent answers that pass through every part of the pointer's
 * featurisation and of the writer: a demonstrative description, a pronoun and a possessive
 * determiner, an object "her", a relative clause, a phrase that is itself possessive, quotes, a
 * year, a name, and answers ending in s and in a number.
 */
const fingerprintInputs: readonly { question: string; answer: string }[] = [
  { question: 'Where was this director born?', answer: 'Ada M. Lee' },
  { question: 'When did he found his first press in Orlen?', answer: 'Bo Vance' },
  { question: 'Who married her in 1930, and what was her first book?', answer: 'Ines Marlow' },
  { question: 'Which river flows through the city where the Gull Press was founded?', answer: 'Tern Falls' },
  { question: 'What was this year\'s prize for "The Tern River"?', answer: '1923' },
  { question: 'How many seats does the hall that they built have?', answer: 'The Orlen Hall of Arts' },
];

/**
 * A digest of what the rewriter's code makes of fixed inputs: every candidate phrase's place and
 * text, every feature's bits, and the sub-question the writer makes of each candidate (the labels
 * the trainer derives go through the writer too). The trainer records it beside the trees; when
 * the tokenizer, the tagger's use, a word list, a feature or the writer changes, this code's digest
 * stops matching the recorded one, and the served rewriter would point with trees trained on other
 * features or other labels.
 */
export function pointerFingerprint(
  vectors: WordVectorTable,
  tagger: PartOfSpeechTagger,
  maxSpanTokens: number,
): string {
  return featureDigest(
    fingerprintInputs.map(({ question, answer }) => {
      const input = featurisePointer(question, answer, { vectors, tagger, maxSpanTokens });
      return {
        candidates: input.candidates.map((candidate) => [
          candidate.start,
          candidate.end,
          candidate.text,
          replaceSpan(question, candidate.start, candidate.end, answer),
        ]),
        features: input.features,
      };
    }),
  );
}
