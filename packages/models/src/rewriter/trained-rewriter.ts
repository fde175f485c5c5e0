import { fileURLToPath } from 'node:url';
import type { QuestionRewriter, RewriteOptions, RewriteResult } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { tokenizeWords } from '@rootweaver/language-en';
import { type PartOfSpeechTagger, WinkTagger } from '../language/part-of-speech.js';
import { applyCalibration, type LogisticCalibration, logit } from '../network/calibration.js';
import { readWeightsFile, type WeightsFile, type WeightsHeader } from '../network/weights-file.js';
import { TreeEnsemble } from '../trees/tree-ensemble.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { featurisePointer, pointerFeatureNames } from './pointer-features.js';
import { pointPhrase } from './rank-phrases.js';
import { replaceSpan } from './rewriter-input.js';

/** The rewriter shipped in this package (`assets/rewriter.bin`). */
export const shippedRewriterPath = fileURLToPath(new URL('../../assets/rewriter.bin', import.meta.url));

/** The name of the rewriter's model in its weights file (a reader's file, or the old network's, is refused). */
export const rewriterNetworkName = 'sub-question-pointer';

/** What the trainer records about the rewriter's model, beside its trees. */
export interface RewriterSettings {
  /** The features the trees were trained on, in order: they must be this code's `pointerFeatureNames`. */
  readonly features: readonly string[];
  readonly maxSpanTokens: number;
  readonly calibration: LogisticCalibration;
  /**
   * `pointerFingerprint` of the code that trained the trees (absent in files written before it was
   * recorded). A test compares it with this code's: a change to featurisation or to the writer needs
   * a retrain.
   */
  readonly featureFingerprint?: string;
}

/**
 * The calibrated confidence below which the rewriter declines and the engine's rules ground the
 * sub-question. Chosen on data the rewriter was not fitted on (`tools/scripts/rewriter-threshold-check.mjs`,
 * ADR-0017): the floor with the fewest errors of both kinds — a reference left to the rules, which write
 * about 30 % of those right, and a sub-question that needed no parent answer changed — one per record.
 * It belongs to the shipped weights: a retrain moves the calibration, and the check is run again
 * (0.3 for the weights of 2026-12-04, 0.2 for those of 2026-12-05).
 */
export const defaultMinimumConfidence = 0.2;

/** Throws `invalid-config`, naming `setting`, unless `value` is a probability (a floor for the rewriter). */
export function checkMinimumConfidence(value: number, setting = 'minimumConfidence'): void {
  if (!(value >= 0 && value <= 1))
    throw new RootweaverError('invalid-config', `${setting} must be a probability in [0, 1], got ${value}.`);
}

/** The rewriter's settings from a weights header, checked against this code's features. */
function rewriterSettingsOf(header: WeightsHeader, origin: string): RewriterSettings {
  const settings = header.training.rewriter as RewriterSettings | undefined;
  const fail = (what: string): never => {
    throw new RootweaverError(
      'model-load-failed',
      `${origin}: ${what}; retrain the rewriter with \`pnpm train:rewriter\` (or reinstall @rootweaver/models).`,
    );
  };
  if (settings === undefined || !Array.isArray(settings.features))
    return fail('it records no rewriter settings');
  if (
    settings.features.length !== pointerFeatureNames.length ||
    settings.features.some((name, index) => name !== pointerFeatureNames[index])
  )
    fail(
      `its trees read ${settings.features.length} features that are not this version's ${pointerFeatureNames.length}`,
    );
  if (settings.calibration === undefined) fail('it carries no calibration');
  if (!(settings.maxSpanTokens >= 1)) fail('it records no longest phrase');
  return settings;
}

/**
 * Reads and checks a rewriter weights file (default: the shipped one): its model, its settings and
 * its trees, without loading the word vectors or the tagger.
 */
export async function readRewriterWeights(path: string = shippedRewriterPath): Promise<WeightsFile> {
  const weights = await readWeightsFile(path, rewriterNetworkName, {
    what: 'rewriter',
    howToFix: 'train them with `pnpm train:rewriter`',
  });
  rewriterSettingsOf(weights.header, path);
  TreeEnsemble.fromTensors(weights.tensors, 'trees', pointerFeatureNames.length);
  return weights;
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
 * CompactRAG's sub-question rewriter as a trained pointer: for each parent answer (nearest first) every
 * phrase of the sub-question is a candidate, described by generic language features (is it a pronoun,
 * "this X", "the X who …", its parts of speech and its neighbours', how its words compare with the
 * answer's), and boosted trees — trained by rootweaver on CompactRAG's rewrite set (`pnpm
 * train:rewriter`, ADR-0017) — score the candidates and "no replacement" in one softmax; the answer
 * takes the best phrase's place. It never writes a word that is neither in the sub-question nor in an
 * answer; a replacement is made only above a calibrated confidence, and when none is, it declines and
 * the engine's rules ground the sub-question.
 */
export class TrainedRewriter implements QuestionRewriter {
  readonly id: string;
  readonly header: WeightsHeader;
  readonly #model: TreeEnsemble;
  readonly #settings: RewriterSettings;
  readonly #vectors: WordVectorTable;
  readonly #tagger: PartOfSpeechTagger;
  readonly #minimumConfidence: number;

  constructor(
    header: WeightsHeader,
    model: TreeEnsemble,
    vectors: WordVectorTable,
    tagger: PartOfSpeechTagger,
    minimumConfidence = defaultMinimumConfidence,
    origin = 'the rewriter weights',
  ) {
    this.#settings = rewriterSettingsOf(header, origin);
    if (model.featureCount !== pointerFeatureNames.length)
      throw new RootweaverError(
        'model-load-failed',
        `${origin}: trees over ${model.featureCount} features; retrain the rewriter with \`pnpm train:rewriter\`.`,
      );
    checkMinimumConfidence(minimumConfidence);
    this.header = header;
    this.id = `trained-rewriter:${header.version}`;
    this.#model = model;
    this.#vectors = vectors;
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
    const model = TreeEnsemble.fromTensors(weights.tensors, 'trees', pointerFeatureNames.length);
    return new TrainedRewriter(
      weights.header,
      model,
      options.vectors,
      options.tagger ?? (await WinkTagger.load()),
      options.minimumConfidence,
    );
  }

  /**
   * The phrase a parent's answer replaces in `subQuestion` (character offsets into it, white space
   * collapsed; `start === end` when it has no phrase), and the calibrated confidence in it.
   */
  point(subQuestion: string, parentAnswer: string): { start: number; end: number; confidence: number } {
    const text = subQuestion.replace(/\s+/gu, ' ').trim();
    const input = featurisePointer(text, parentAnswer, {
      vectors: this.#vectors,
      tagger: this.#tagger,
      maxSpanTokens: this.#settings.maxSpanTokens,
    });
    const pointed = pointPhrase(this.#model, input);
    if (pointed.candidate === undefined) return { start: 0, end: 0, confidence: 0 };
    const confidence = applyCalibration(this.#settings.calibration, [
      logit(pointed.probability),
      logit(pointed.noReplacementProbability),
    ]);
    return { start: pointed.candidate.start, end: pointed.candidate.end, confidence };
  }

  /**
   * The rewrite and every step of it, without the engine's `RewriteResult` wrapping; `minimumConfidence`
   * 0 always takes the best phrase (how the trainer scores the model alone).
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
    // The parents come in the plan's order, which names the latest step last: that one is tried first.
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
