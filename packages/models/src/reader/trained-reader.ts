import { fileURLToPath } from 'node:url';
import type { AnswerExtractor, Extraction, ExtractOptions, SearchHit } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { isPolarQuestion } from '@rootweaver/language-en';
import { type PartOfSpeechTagger, WinkTagger } from '../language/part-of-speech.js';
import { applyCalibration, type LogisticCalibration, logit } from '../network/calibration.js';
import { TensorParameters } from '../network/parameter-source.js';
import { readWeightsFile, type WeightsHeader } from '../network/weights-file.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { decodeSpan } from './decode-span.js';
import { featuriseReaderInput, layoutPairs, type ReaderPair } from './reader-input.js';
import { type ReaderArchitecture, ReaderNetwork, readerNetworkName } from './reader-network.js';

/** The reader shipped in this package (`assets/reader.bin`). */
export const shippedReaderPath = fileURLToPath(new URL('../../assets/reader.bin', import.meta.url));

export interface TrainedReaderOptions {
  readonly vectors: WordVectorTable;
  /** The weights file; default the shipped reader. */
  readonly path?: string;
  /** The part-of-speech tagger its features need; default wink's, loaded here. */
  readonly tagger?: PartOfSpeechTagger;
}

/** A pair as the reader reads it: a QA item's question and answer, a passage's title and text. */
function readerPairOf(hit: SearchHit): ReaderPair {
  if (hit.question !== undefined && hit.answer !== undefined)
    return { question: hit.question, answer: hit.answer };
  return { question: hit.title, answer: hit.kind === 'passage' ? hit.passage : hit.text };
}

/**
 * CompactRAG's answer extractor: a span reader trained by rootweaver on CompactRAG's published
 * extraction set (`tools/train`, ADR-0015) over pretrained word vectors. It reads the retrieved pairs
 * laid out as in training (`question\nanswer`, a blank line between pairs), takes the most probable
 * span of an answer line, and reports a confidence calibrated on examples it was not trained or chosen
 * on (the probability that the span is right, "no answer here" included).
 */
export class TrainedReader implements AnswerExtractor {
  readonly id: string;
  readonly header: WeightsHeader;
  readonly #network: ReaderNetwork;
  readonly #calibration: LogisticCalibration;
  readonly #tagger: PartOfSpeechTagger;

  constructor(header: WeightsHeader, network: ReaderNetwork, tagger: PartOfSpeechTagger) {
    const calibration = header.training.calibration as LogisticCalibration | undefined;
    if (calibration === undefined)
      throw new RootweaverError(
        'model-load-failed',
        'The reader weights carry no calibration; retrain the reader.',
      );
    this.header = header;
    this.id = `trained-reader:${header.version}`;
    this.#network = network;
    this.#calibration = calibration;
    this.#tagger = tagger;
  }

  /** Loads a reader weights file (default: the shipped one) over the given word vectors. */
  static async load(options: TrainedReaderOptions): Promise<TrainedReader> {
    const path = options.path ?? shippedReaderPath;
    const weights = await readWeightsFile(path, readerNetworkName, {
      what: 'reader',
      howToFix: 'train them with `pnpm train:reader`',
    });
    const recorded = weights.header.training.architecture as Partial<ReaderArchitecture> | undefined;
    if (recorded === undefined)
      throw new RootweaverError(
        'model-load-failed',
        `${path} records no reader architecture; retrain the reader.`,
      );
    const architecture = {
      ngramDimension: 0,
      questionConditioning: false,
      ...recorded,
    } as ReaderArchitecture;
    const network = new ReaderNetwork(
      architecture,
      new TensorParameters(weights.tensors, 'reader'),
      options.vectors,
    );
    return new TrainedReader(weights.header, network, options.tagger ?? (await WinkTagger.load()));
  }

  async extract(options: ExtractOptions): Promise<Extraction> {
    options.signal?.throwIfAborted();
    // Its training set has spans only: a yes/no question gets no answer (the engine asks its
    // `polarExtractor` those).
    if (isPolarQuestion(options.question)) return { answer: '', confidence: 0, evidenceIds: [] };
    const hits = options.evidence;
    if (hits.length === 0) return { answer: '', confidence: 0, evidenceIds: [] };
    const { text, spans } = layoutPairs(hits.map(readerPairOf));
    const input = featuriseReaderInput(this.#network.vectors, options.question, text, spans, this.#tagger);
    const span = decodeSpan(input, this.#network.forward(input).logits);
    const confidence = applyCalibration(this.#calibration, [
      logit(span.probability),
      logit(span.noAnswerProbability),
    ]);
    if (span.text === '') return { answer: '', confidence: 0, evidenceIds: [] };
    // The pair the span was read from, then every other pair whose answer says the same.
    const wanted = span.text.toLowerCase();
    const evidenceIds = [(hits[span.pair] as SearchHit).id];
    hits.forEach((hit, index) => {
      if (index !== span.pair && readerPairOf(hit).answer.toLowerCase().includes(wanted))
        evidenceIds.push(hit.id);
    });
    return { answer: span.text, confidence, evidenceIds };
  }
}
