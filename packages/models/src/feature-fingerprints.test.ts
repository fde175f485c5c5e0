import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PartOfSpeechTagger, partOfSpeechTags, WinkTagger } from './language/part-of-speech.js';
import { type ReaderSettings, shippedReaderPath, TrainedReader } from './reader/trained-reader.js';
import { pointerFingerprint } from './rewriter/pointer-fingerprint.js';
import {
  type RewriterSettings,
  readRewriterWeights,
  shippedRewriterPath,
} from './rewriter/trained-rewriter.js';
import { featureFingerprint } from './span-ranker/feature-fingerprint.js';
import { loadWordVectors, shippedWordVectorsPath } from './word-vectors/load-word-vectors.js';
import type { WordVectorTable } from './word-vectors/word-vector-table.js';

type Fingerprint = (vectors: WordVectorTable, tagger: PartOfSpeechTagger, maxSpanTokens: number) => string;

// Each shipped model records the fingerprint of the code that trained it; if a test below fails, the
// model's features (or, for the rewriter, its writer) changed without a retrain: run its command.
const models: readonly {
  readonly name: string;
  readonly fingerprint: Fingerprint;
  readonly limits: readonly [number, number];
  readonly shippedPath: string;
  readonly shippedRecord: () => Promise<{ featureFingerprint?: string; maxSpanTokens: number }>;
}[] = [
  {
    name: 'featureFingerprint (the reader, `pnpm train:reader`)',
    fingerprint: featureFingerprint,
    limits: [10, 4],
    shippedPath: shippedReaderPath,
    shippedRecord: async () => {
      const reader = await TrainedReader.load({ vectors: await loadWordVectors() });
      return reader.header.training.reader as ReaderSettings;
    },
  },
  {
    name: 'pointerFingerprint (the rewriter, `pnpm train:rewriter`)',
    fingerprint: pointerFingerprint,
    limits: [16, 2],
    shippedPath: shippedRewriterPath,
    shippedRecord: async () => (await readRewriterWeights()).header.training.rewriter as RewriterSettings,
  },
];

describe.runIf(existsSync(shippedWordVectorsPath)).each(models)('$name', (model) => {
  let vectors: WordVectorTable;
  let tagger: PartOfSpeechTagger;
  beforeAll(async () => {
    vectors = await loadWordVectors();
    tagger = await WinkTagger.load();
  });

  it('is the same for the same code and inputs, and moves when featurisation does', () => {
    const [limit, shorter] = model.limits;
    const fingerprint = model.fingerprint(vectors, tagger, limit);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(model.fingerprint(vectors, tagger, limit)).toBe(fingerprint);
    // Shorter spans, another tagger's tags: each is a change of what the trees read.
    expect(model.fingerprint(vectors, tagger, shorter)).not.toBe(fingerprint);
    const everyWordANoun: PartOfSpeechTagger = {
      tag: (text) => tagger.tag(text).map((span) => ({ ...span, tag: partOfSpeechTags.indexOf('NOUN') })),
    };
    expect(model.fingerprint(vectors, everyWordANoun, limit)).not.toBe(fingerprint);
  });

  it("is the shipped model's: its trees were trained on this code's features", async () => {
    expect(existsSync(model.shippedPath)).toBe(true);
    const recorded = await model.shippedRecord();
    expect(recorded.featureFingerprint).toBe(model.fingerprint(vectors, tagger, recorded.maxSpanTokens));
  });
});
