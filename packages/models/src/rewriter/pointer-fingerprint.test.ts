import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PartOfSpeechTagger, partOfSpeechTags, WinkTagger } from '../language/part-of-speech.js';
import { loadWordVectors, shippedWordVectorsPath } from '../word-vectors/load-word-vectors.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { pointerFingerprint } from './pointer-fingerprint.js';
import { type RewriterSettings, readRewriterWeights, shippedRewriterPath } from './trained-rewriter.js';

const haveVectors = existsSync(shippedWordVectorsPath);

describe.runIf(haveVectors)('pointerFingerprint', () => {
  let vectors: WordVectorTable;
  let tagger: PartOfSpeechTagger;
  beforeAll(async () => {
    vectors = await loadWordVectors();
    tagger = await WinkTagger.load();
  });

  it('is the same for the same code and inputs, and moves when featurisation does', () => {
    const fingerprint = pointerFingerprint(vectors, tagger, 16);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(pointerFingerprint(vectors, tagger, 16)).toBe(fingerprint);
    // Shorter phrases, another tagger's tags: each is a change of what the trees read.
    expect(pointerFingerprint(vectors, tagger, 2)).not.toBe(fingerprint);
    const everyWordANoun: PartOfSpeechTagger = {
      tag: (text) => tagger.tag(text).map((span) => ({ ...span, tag: partOfSpeechTags.indexOf('NOUN') })),
    };
    expect(pointerFingerprint(vectors, everyWordANoun, 8)).not.toBe(fingerprint);
  });

  it.runIf(existsSync(shippedRewriterPath))(
    "is the shipped rewriter's: its trees were trained on this code's features (if not, retrain with `pnpm train:rewriter`)",
    async () => {
      const weights = await readRewriterWeights();
      const settings = weights.header.training.rewriter as RewriterSettings;
      expect(settings.featureFingerprint).toBe(pointerFingerprint(vectors, tagger, settings.maxSpanTokens));
    },
  );
});
