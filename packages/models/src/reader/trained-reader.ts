import { fileURLToPath } from 'node:url';
import type { AnswerExtractor, Extraction, ExtractOptions, SearchHit } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { isPolarQuestion } from '@rootweaver/language-en';
import { type PartOfSpeechTagger, WinkTagger } from '../language/part-of-speech.js';
import { applyCalibration, type LogisticCalibration, logit } from '../network/calibration.js';
import { readWeightsFile, type WeightsHeader } from '../network/weights-file.js';
import { rankSpans } from '../span-ranker/rank-spans.js';
import { featuriseSpans, spanFeatureNames } from '../span-ranker/span-features.js';
import { TreeEnsemble } from '../trees/tree-ensemble.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { readerEvidenceOf } from './reader-evidence.js';

/** The reader shipped in this package (`assets/reader.bin`). */
export const shippedReaderPath = fileURLToPath(new URL('../../assets/reader.bin', import.meta.url));

/** The name of the reader's model in its weights file. */
export const readerNetworkName = 'span-ranker';

/** What the trainer records about the reader's model, beside its trees. */
export interface ReaderSettings {
  /** The features the trees were trained on, in order: they must be this code's `spanFeatureNames`. */
  readonly features: readonly string[];
  readonly maxSpanTokens: number;
  readonly calibration: LogisticCalibration;
  /**
   * `featureFingerprint` of the code that trained the trees (absent in files written before it was
   * recorded). A test compares it with this code's: a change to featurisation needs a retrain.
   */
  readonly featureFingerprint?: string;
}

export interface TrainedReaderOptions {
  readonly vectors: WordVectorTable;
  /** The weights file; default the shipped reader. */
  readonly path?: string;
  /** The part-of-speech tagger its features need; default wink's, loaded here. */
  readonly tagger?: PartOfSpeechTagger;
  /**
   * How many sentences of each QA hit's source passage it also reads (those sharing the most words
   * with the question; `readerEvidenceOf`); default `defaultPassageSentences`.
   */
  readonly passageSentences?: number;
}

/** Sentences of each hit's source passage the reader reads beside the pairs. */
export const defaultPassageSentences = 3;

/** The reader's settings from a weights header, checked against this code's features. */
function readerSettingsOf(header: WeightsHeader, origin: string): ReaderSettings {
  const settings = header.training.reader as ReaderSettings | undefined;
  const fail = (what: string): never => {
    throw new RootweaverError(
      'model-load-failed',
      `${origin}: ${what}; retrain the reader with \`pnpm train:reader\` (or reinstall @rootweaver/models).`,
    );
  };
  if (settings === undefined || !Array.isArray(settings.features))
    return fail('it records no reader settings');
  if (
    settings.features.length !== spanFeatureNames.length ||
    settings.features.some((name, index) => name !== spanFeatureNames[index])
  )
    fail(
      `its trees read ${settings.features.length} features that are not this version's ${spanFeatureNames.length}`,
    );
  if (settings.calibration === undefined) fail('it carries no calibration');
  return settings;
}

/**
 * CompactRAG's answer extractor, trained by rootweaver on CompactRAG's published extraction set
 * (`pnpm train:reader`, ADR-0015): every span of the retrieved pairs' answer sentences is a
 * candidate, described by features of the question, of its pair and of the span itself; boosted trees
 * score the candidates and "no answer" in one softmax, and spans that are the same answer add up.
 * The confidence is calibrated on examples the trees were neither trained nor chosen on: the
 * probability that the answer is right.
 */
export class TrainedReader implements AnswerExtractor {
  readonly id: string;
  readonly header: WeightsHeader;
  readonly #model: TreeEnsemble;
  readonly #settings: ReaderSettings;
  readonly #vectors: WordVectorTable;
  readonly #tagger: PartOfSpeechTagger;
  readonly #passageSentences: number;

  constructor(
    header: WeightsHeader,
    model: TreeEnsemble,
    vectors: WordVectorTable,
    tagger: PartOfSpeechTagger,
    options: { readonly origin?: string; readonly passageSentences?: number } = {},
  ) {
    const origin = options.origin ?? 'the reader weights';
    this.#settings = readerSettingsOf(header, origin);
    if (model.featureCount !== spanFeatureNames.length)
      throw new RootweaverError(
        'model-load-failed',
        `${origin}: trees over ${model.featureCount} features; retrain the reader.`,
      );
    this.header = header;
    this.id = `trained-reader:${header.version}`;
    this.#model = model;
    this.#vectors = vectors;
    this.#tagger = tagger;
    this.#passageSentences = options.passageSentences ?? defaultPassageSentences;
    if (!Number.isInteger(this.#passageSentences) || this.#passageSentences < 0)
      throw new RootweaverError(
        'invalid-config',
        `passageSentences is ${this.#passageSentences}; give a whole number ≥ 0 (0 reads the pairs only).`,
      );
  }

  /** Loads a reader weights file (default: the shipped one) over the given word vectors. */
  static async load(options: TrainedReaderOptions): Promise<TrainedReader> {
    const path = options.path ?? shippedReaderPath;
    const weights = await readWeightsFile(path, readerNetworkName, {
      what: 'reader',
      howToFix: 'train them with `pnpm train:reader`',
    });
    const model = TreeEnsemble.fromTensors(weights.tensors, 'trees', spanFeatureNames.length);
    return new TrainedReader(
      weights.header,
      model,
      options.vectors,
      options.tagger ?? (await WinkTagger.load()),
      {
        origin: path,
        ...(options.passageSentences === undefined ? {} : { passageSentences: options.passageSentences }),
      },
    );
  }

  async extract(options: ExtractOptions): Promise<Extraction> {
    options.signal?.throwIfAborted();
    // Its training set has spans only: a yes/no question gets no answer (the engine asks its
    // `polarExtractor` those).
    if (isPolarQuestion(options.question)) return { answer: '', confidence: 0, evidenceIds: [] };
    const hits = options.evidence;
    if (hits.length === 0) return { answer: '', confidence: 0, evidenceIds: [] };
    const evidence = readerEvidenceOf(options.question, hits, this.#passageSentences);
    const input = featuriseSpans(options.question, evidence.pairs, {
      vectors: this.#vectors,
      tagger: this.#tagger,
      maxSpanTokens: this.#settings.maxSpanTokens,
    });
    const ranked = rankSpans(this.#model, input);
    if (ranked.text === '') return { answer: '', confidence: 0, evidenceIds: [] };
    const confidence = applyCalibration(this.#settings.calibration, [
      logit(ranked.probability),
      logit(ranked.noAnswerProbability),
    ]);
    return {
      answer: ranked.text,
      confidence,
      evidenceIds: [
        ...new Set(ranked.pairs.map((pair) => (hits[evidence.owners[pair] as number] as SearchHit).id)),
      ],
    };
  }
}
