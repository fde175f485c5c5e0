import { fileURLToPath } from 'node:url';
import type { QuestionRewriter, RewriteOptions, RewriteResult } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { tokenizeWords } from '@rootweaver/language-en';
import { type PartOfSpeechTagger, WinkTagger } from '../language/part-of-speech.js';
import { applyCalibration, type LogisticCalibration, logit } from '../network/calibration.js';
import { TensorParameters } from '../network/parameter-source.js';
import { readWeightsFile, type WeightsFile, type WeightsHeader } from '../network/weights-file.js';
import { decodeSpan } from '../reader/decode-span.js';
import { type ReaderArchitecture, ReaderNetwork } from '../reader/reader-network.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { featuriseRewriterInput, replaceSpan } from './rewriter-input.js';

/** The rewriter shipped in this package (`assets/rewriter.bin`). */
export const shippedRewriterPath = fileURLToPath(new URL('../../assets/rewriter.bin', import.meta.url));

/** The name of the rewriter network in its weights file (a reader's file is refused). */
export const rewriterNetworkName = 'sub-question-rewriter';

/**
 * The calibrated confidence below which the rewriter declines and the engine's rules ground the
 * sub-question: a replacement is made only when it is more likely right than wrong.
 */
export const defaultMinimumConfidence = 0.5;

/** Reads and checks a rewriter weights file (default: the shipped one), without building the network. */
export function readRewriterWeights(path: string = shippedRewriterPath): Promise<WeightsFile> {
  return readWeightsFile(path, rewriterNetworkName, {
    what: 'rewriter',
    howToFix: 'train them with `pnpm train:rewriter`',
  });
}

export interface TrainedRewriterOptions {
  readonly vectors: WordVectorTable;
  /** The weights file; default the shipped rewriter. */
  readonly path?: string;
  /** The part-of-speech tagger its features need; default wink's, loaded here. */
  readonly tagger?: PartOfSpeechTagger;
  /** Default `defaultMinimumConfidence`. */
  readonly minimumConfidence?: number;
}

/** One replacement the rewriter made or considered. */
export interface RewriteStep {
  readonly parentId: number;
  /** The phrase of the sub-question the parent's answer replaces. */
  readonly phrase: string;
  readonly confidence: number;
}

/** Where a dependent sub-question's parent answer goes, and what the sub-question becomes. */
export interface RewritePrediction {
  readonly text: string;
  readonly steps: readonly RewriteStep[];
  /** The best candidate that stayed under the confidence floor, when nothing was replaced. */
  readonly declined?: RewriteStep;
  /** A confident phrase left alone because it names what its parent's question does not. */
  readonly rejected?: RewriteStep & { readonly foreign: string };
}

/**
 * The first name in `phrase` — a capitalised word (not the question's first) or a number —
 * that `parentQuestion` does not contain; undefined when there is none, or no parent question to check.
 */
function foreignName(phrase: string, atQuestionStart: boolean, parentQuestion: string): string | undefined {
  if (parentQuestion.trim() === '') return undefined;
  const known = new Set(tokenizeWords(parentQuestion).map((token) => token.text.toLowerCase()));
  const tokens = tokenizeWords(phrase);
  for (const [index, token] of tokens.entries()) {
    if (index === 0 && atQuestionStart) continue;
    if (!namePattern.test(token.text)) continue;
    if (!known.has(token.text.toLowerCase())) return token.text;
  }
  return undefined;
}

/** A word that names something: it starts with a capital letter or holds a digit. */
const namePattern = /^\p{Lu}|\p{N}/u;

/**
 * CompactRAG's sub-question rewriter as a trained pointer: for each parent answer (nearest first) the
 * network — the span reader's, trained by rootweaver on CompactRAG's rewrite set (`tools/train`,
 * ADR-0017) — points at the phrase of the sub-question that refers to it ("this director", "he", "the
 * city where …"), and the answer takes its place. It never writes a word that is neither in the
 * sub-question nor in an answer; a replacement is made only above a calibrated confidence, and when none
 * is, it declines and the engine's rules ground the sub-question.
 */
export class TrainedRewriter implements QuestionRewriter {
  readonly id: string;
  readonly header: WeightsHeader;
  readonly #network: ReaderNetwork;
  readonly #calibration: LogisticCalibration;
  readonly #tagger: PartOfSpeechTagger;
  readonly #minimumConfidence: number;

  constructor(
    header: WeightsHeader,
    network: ReaderNetwork,
    tagger: PartOfSpeechTagger,
    minimumConfidence = defaultMinimumConfidence,
  ) {
    const calibration = header.training.calibration as LogisticCalibration | undefined;
    if (calibration === undefined)
      throw new RootweaverError(
        'model-load-failed',
        'The rewriter weights carry no calibration; retrain the rewriter with `pnpm train:rewriter`.',
      );
    if (!(minimumConfidence >= 0 && minimumConfidence <= 1))
      throw new RootweaverError(
        'invalid-config',
        `minimumConfidence must be a probability in [0, 1], got ${minimumConfidence}.`,
      );
    this.header = header;
    this.id = `trained-rewriter:${header.version}`;
    this.#network = network;
    this.#calibration = calibration;
    this.#tagger = tagger;
    this.#minimumConfidence = minimumConfidence;
  }

  /** Loads a rewriter weights file (default: the shipped one) over the given word vectors. */
  static async load(options: TrainedRewriterOptions): Promise<TrainedRewriter> {
    return TrainedRewriter.fromWeights(await readRewriterWeights(options.path), options);
  }

  /** The rewriter of weights already read (`readRewriterWeights`), over the given word vectors. */
  static async fromWeights(
    weights: WeightsFile,
    options: Omit<TrainedRewriterOptions, 'path'>,
  ): Promise<TrainedRewriter> {
    const architecture = weights.header.training.architecture as ReaderArchitecture | undefined;
    if (architecture === undefined)
      throw new RootweaverError(
        'model-load-failed',
        `The rewriter weights ${weights.header.version} record no network architecture; retrain the rewriter.`,
      );
    const network = new ReaderNetwork(
      architecture,
      new TensorParameters(weights.tensors, 'rewriter'),
      options.vectors,
    );
    return new TrainedRewriter(
      weights.header,
      network,
      options.tagger ?? (await WinkTagger.load()),
      options.minimumConfidence,
    );
  }

  /** The phrase a parent's answer replaces in `subQuestion`, and the calibrated confidence in it. */
  point(subQuestion: string, parentAnswer: string): { start: number; end: number; confidence: number } {
    const input = featuriseRewriterInput(this.#network.vectors, parentAnswer, subQuestion, this.#tagger);
    const span = decodeSpan(input, this.#network.forward(input).logits);
    const confidence =
      span.text === ''
        ? 0
        : applyCalibration(this.#calibration, [logit(span.probability), logit(span.noAnswerProbability)]);
    // Offsets into the sub-question itself (the laid-out text starts with its empty question line).
    const offset = input.text.length - subQuestion.replace(/\s+/gu, ' ').trim().length;
    return { start: span.start - offset, end: span.end - offset, confidence };
  }

  /**
   * The rewrite and every step of it, without the engine's `RewriteResult` wrapping; `minimumConfidence`
   * 0 always takes the best phrase (how the trainer scores the network alone).
   */
  predict(
    question: string,
    parents: RewriteOptions['parents'],
    minimumConfidence = this.#minimumConfidence,
  ): RewritePrediction {
    let text = question.replace(/\s+/gu, ' ').trim();
    const steps: RewriteStep[] = [];
    let declined: RewriteStep | undefined;
    let rejected: (RewriteStep & { foreign: string }) | undefined;
    // The engine passes farther ancestors first and the node's own parents last: nearest first here.
    for (const parent of [...parents].reverse()) {
      const answer = parent.answer.replace(/\s+/gu, ' ').trim();
      if (answer === '' || text.toLowerCase().includes(answer.toLowerCase())) continue;
      const { start, end, confidence } = this.point(text, answer);
      const step = { parentId: parent.id, phrase: text.slice(start, end), confidence };
      if (end <= start || confidence < minimumConfidence) {
        if (declined === undefined || confidence > declined.confidence) declined = step;
        continue;
      }
      // A phrase that names something ("the director of 'Y'") stands for the parent's answer only when
      // the parent asked about that something; a plan whose reference is wrong is left to the rules.
      const foreign = foreignName(step.phrase, start === 0, parent.question);
      if (foreign !== undefined) {
        rejected ??= { ...step, foreign };
        continue;
      }
      text = replaceSpan(text, start, end, answer);
      steps.push(step);
    }
    if (steps.length > 0) return { text, steps };
    if (rejected !== undefined) return { text, steps, rejected };
    return declined === undefined ? { text, steps } : { text, steps, declined };
  }

  async rewrite(options: RewriteOptions): Promise<RewriteResult> {
    options.signal?.throwIfAborted();
    const started = performance.now();
    const prediction = this.predict(options.question, options.parents);
    const latencyMs = performance.now() - started;
    if (prediction.steps.length > 0) return { text: prediction.text, latencyMs, modelId: this.id };
    const best = prediction.declined;
    const { rejected } = prediction;
    const declined =
      rejected !== undefined
        ? `"${rejected.phrase}" names '${rejected.foreign}', which parent ${rejected.parentId}'s question does not`
        : best === undefined
          ? 'no parent answer to put in'
          : `not confident: "${best.phrase}" at ${best.confidence.toFixed(2)}, under ${this.#minimumConfidence}`;
    return { text: options.question, latencyMs, modelId: this.id, declined };
  }
}
