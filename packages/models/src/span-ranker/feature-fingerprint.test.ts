import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PartOfSpeechTagger, partOfSpeechTags, WinkTagger } from '../language/part-of-speech.js';
import { type ReaderSettings, shippedReaderPath, TrainedReader } from '../reader/trained-reader.js';
import { loadWordVectors, shippedWordVectorsPath } from '../word-vectors/load-word-vectors.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { featureFingerprint } from './feature-fingerprint.js';

const haveVectors = existsSync(shippedWordVectorsPath);

describe.runIf(haveVectors)('featureFingerprint', () => {
  let vectors: WordVectorTable;
  let tagger: PartOfSpeechTagger;
  beforeAll(async () => {
    vectors = await loadWordVectors();
    tagger = await WinkTagger.load();
  });

  it('is the same for the same code and inputs, and moves when featurisation does', () => {
    const fingerprint = featureFingerprint(vectors, tagger, 10);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(featureFingerprint(vectors, tagger, 10)).toBe(fingerprint);
    // Fewer candidate spans, another tagger's tags: each is a change of what the trees read.
    expect(featureFingerprint(vectors, tagger, 4)).not.toBe(fingerprint);
    const everyWordANoun: PartOfSpeechTagger = {
      tag: (text) => tagger.tag(text).map((span) => ({ ...span, tag: partOfSpeechTags.indexOf('NOUN') })),
    };
    expect(featureFingerprint(vectors, everyWordANoun, 10)).not.toBe(fingerprint);
  });

  it.runIf(existsSync(shippedReaderPath))(
    "is the shipped reader's: its trees were trained on this code's features (if not, retrain with `pnpm train:reader`)",
    async () => {
      const reader = await TrainedReader.load({ vectors, tagger });
      const settings = reader.header.training.reader as ReaderSettings;
      expect(settings.featureFingerprint).toBe(featureFingerprint(vectors, tagger, settings.maxSpanTokens));
    },
  );
});
