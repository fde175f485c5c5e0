import { RootweaverError } from '@rootweaver/core';
import { selectorFeatureNames, selectorFeatureVersion } from './selector-features.js';

export const selectorModelFormat = 'rootweaver-answer-selector';
/**
 * The file format's version (the layout of this object), apart from the features' version. 3: the
 * ranker is a seed ensemble (`members`); a version-2 file (one ranker) is refused with a message to
 * retrain, like any other version.
 */
export const selectorModelFormatVersion = 3;
/** Where an index keeps its selector. */
export const selectorFileName = 'selector.json';

export interface DenseLayer {
  /** `weights[input][output]`. */
  readonly weights: readonly (readonly number[])[];
  readonly bias: readonly number[];
  readonly activation: 'relu' | 'linear';
}

/** One ranker of the ensemble: its layers, applied to the standardised features. */
export interface SelectorMember {
  readonly layers: readonly DenseLayer[];
}

/** A monotone map from the ranker's probability of its top candidate to the chance that it is right. */
export interface IsotonicCalibration {
  readonly kind: 'isotonic';
  /** Increasing input thresholds; `values[i]` holds from `thresholds[i]` on (linear in between). */
  readonly thresholds: readonly number[];
  readonly values: readonly number[];
}

/**
 * When the selector's answer counts as resolved (ADR-0007): the calibrated confidence at or above
 * which the engine treats a node as answered, chosen on the held-out training questions by the
 * stated objective, with what that choice measured there.
 */
export interface ResolvePolicy {
  /** The calibrated confidence at or above which a node is resolved. */
  readonly threshold: number;
  /** How `threshold` was chosen, in words (the trainer's objective). */
  readonly objective: string;
  /** Held-out share of training questions resolved at `threshold`, and the share of those that were right. */
  readonly coverage: number;
  readonly precision: number;
  /** The heuristic extractor on the same questions resolving as many, by its own confidence. */
  readonly heuristicAtSameCoverage: { readonly coverage: number; readonly precision: number };
  /** The heuristic extractor on the same questions at its own threshold. */
  readonly heuristic: { readonly threshold: number; readonly coverage: number; readonly precision: number };
}

/** What the training saw and measured; informational, never read by inference. */
export interface SelectorTrainingReport {
  readonly trainedAt: string;
  readonly library: string;
  readonly pairs: number;
  readonly queries: number;
  readonly candidates: number;
  /** Queries whose answer was among the candidates (the ones the ranker learns from). */
  readonly answerable: number;
  readonly variants: Readonly<Record<string, number>>;
  readonly hyperParameters: Readonly<Record<string, number | string>>;
  /** The ensemble: its size, how its members combine, and one member's figures for comparison. */
  readonly ensemble?: {
    readonly members: number;
    readonly combine: string;
    /** Seeds of the members' starts and mini-batch order. */
    readonly seeds: readonly number[];
    /** Out-of-fold top-1 and ECE of the chosen settings' first member alone. */
    readonly singleTop1: number;
    readonly singleExpectedCalibrationError: number;
  };
  /** Cross-validated (grouped by document) figures of the chosen settings, out of fold. */
  readonly crossValidation: {
    readonly folds: number;
    readonly top1: number;
    readonly heuristicTop1: number;
    /** The same per kind of training question: where the selector gains, and where it does not. */
    readonly byVariant?: Readonly<
      Record<string, { readonly answerable: number; readonly top1: number; readonly heuristicTop1: number }>
    >;
    readonly expectedCalibrationError: number;
    readonly candidatesTried: readonly {
      readonly settings: Readonly<Record<string, number | string>>;
      readonly top1: number;
      readonly logLoss: number;
    }[];
  };
  readonly trainingMs: number;
}

/**
 * A trained answer selector: feature standardisation (shared: it depends on the training data, not on
 * a seed), a seed ensemble of small rankers whose per-candidate probabilities are averaged, a
 * calibration map of the averaged top probability.
 */
export interface SelectorModel {
  readonly format: typeof selectorModelFormat;
  readonly formatVersion: number;
  readonly featureVersion: number;
  readonly featureNames: readonly string[];
  /** A short content hash of the weights: `selector@<version>` names the model in traces. */
  readonly version: string;
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  /** At least one; the rankers differ only in their seed. */
  readonly members: readonly SelectorMember[];
  readonly calibration: IsotonicCalibration;
  readonly resolve: ResolvePolicy;
  readonly training: SelectorTrainingReport;
}

/** The standardisation of a model's features. */
export interface FeatureScaling {
  readonly mean: readonly number[];
  readonly scale: readonly number[];
}

/** One member's logit for each feature row. */
export function scoreRows(
  scaling: FeatureScaling,
  member: SelectorMember,
  rows: readonly (readonly number[])[],
): number[] {
  return rows.map((row) => {
    let values = row.map(
      (value, index) => (value - (scaling.mean[index] ?? 0)) / (scaling.scale[index] ?? 1),
    );
    for (const layer of member.layers) {
      const outputs = [...layer.bias];
      values.forEach((value, input) => {
        const weights = layer.weights[input];
        if (weights === undefined || value === 0) return;
        for (let output = 0; output < outputs.length; output += 1)
          outputs[output] = (outputs[output] ?? 0) + value * (weights[output] ?? 0);
      });
      values = layer.activation === 'relu' ? outputs.map((value) => Math.max(0, value)) : outputs;
    }
    return values[0] ?? 0;
  });
}

/** Softmax over one sub-question's candidates. */
export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((logit) => Math.exp(logit - max));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

/**
 * The ensemble's probability for each candidate of one sub-question: the mean of its members'
 * softmax probabilities (a mixture; members that disagree lower the top probability, which the
 * calibration then reads as doubt).
 */
export function candidateProbabilities(
  model: FeatureScaling & { readonly members: readonly SelectorMember[] },
  rows: readonly (readonly number[])[],
): number[] {
  const sum = new Array<number>(rows.length).fill(0);
  for (const member of model.members)
    softmax(scoreRows(model, member, rows)).forEach((probability, index) => {
      sum[index] = (sum[index] ?? 0) + probability;
    });
  const count = Math.max(1, model.members.length);
  return sum.map((value) => value / count);
}

/** Applies an isotonic map (linear between its steps, flat beyond its ends). */
export function calibrate(calibration: IsotonicCalibration, probability: number): number {
  const { thresholds, values } = calibration;
  const count = Math.min(thresholds.length, values.length);
  if (count === 0) return probability;
  if (probability <= (thresholds[0] ?? 0)) return values[0] ?? 0;
  for (let index = 1; index < count; index += 1) {
    const right = thresholds[index] ?? 0;
    if (probability <= right) {
      const left = thresholds[index - 1] ?? 0;
      const low = values[index - 1] ?? 0;
      const high = values[index] ?? 0;
      return right === left ? high : low + ((high - low) * (probability - left)) / (right - left);
    }
  }
  return values[count - 1] ?? 0;
}

function fail(where: string, problem: string): never {
  throw new RootweaverError(
    'store-corrupt',
    `${where}: ${problem}. Retrain it with 'rootweaver index train-selector <index dir>' (or delete it to use the heuristic extractor).`,
  );
}

function numbers(value: unknown, length: number | undefined, where: string, name: string): number[] {
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'number' || !Number.isFinite(entry)))
    fail(where, `\`${name}\` must be an array of finite numbers`);
  if (length !== undefined && value.length !== length)
    fail(where, `\`${name}\` has ${value.length} entries, expected ${length}`);
  return value as number[];
}

/**
 * Checks a parsed selector file: format, versions, feature names and every array's shape. A selector
 * trained on other features (an older rootweaver) is an error that says to retrain.
 */
export function parseSelectorModel(value: unknown, where = selectorFileName): SelectorModel {
  if (typeof value !== 'object' || value === null) fail(where, 'not a JSON object');
  const model = value as Partial<SelectorModel>;
  if (model.format !== selectorModelFormat) fail(where, `\`format\` is not "${selectorModelFormat}"`);
  if (model.formatVersion !== selectorModelFormatVersion)
    fail(
      where,
      `format version ${String(model.formatVersion)}, this rootweaver reads ${selectorModelFormatVersion}`,
    );
  if (model.featureVersion !== selectorFeatureVersion)
    fail(
      where,
      `trained on feature version ${String(model.featureVersion)}, this rootweaver computes version ${selectorFeatureVersion}`,
    );
  const names = model.featureNames;
  if (
    !Array.isArray(names) ||
    names.length !== selectorFeatureNames.length ||
    names.some((name, index) => name !== selectorFeatureNames[index])
  )
    fail(where, 'its feature names differ from the ones this rootweaver computes');
  if (typeof model.version !== 'string' || model.version.length === 0) fail(where, '`version` is missing');
  const width = selectorFeatureNames.length;
  numbers(model.mean, width, where, 'mean');
  const scale = numbers(model.scale, width, where, 'scale');
  if (scale.some((entry) => entry <= 0)) fail(where, '`scale` must be positive');
  if (!Array.isArray(model.members) || model.members.length === 0) fail(where, '`members` is empty');
  model.members.forEach((member, memberIndex) => {
    const layers = (member as Partial<SelectorMember> | null)?.layers;
    if (!Array.isArray(layers) || layers.length === 0) fail(where, `members[${memberIndex}].layers is empty`);
    let inputs = width;
    layers.forEach((layer, index) => {
      const name = `members[${memberIndex}].layers[${index}]`;
      if (layer.activation !== 'relu' && layer.activation !== 'linear')
        fail(where, `${name}.activation must be relu or linear`);
      const bias = numbers(layer.bias, undefined, where, `${name}.bias`);
      if (!Array.isArray(layer.weights) || layer.weights.length !== inputs)
        fail(where, `${name}.weights must have ${inputs} rows`);
      (layer.weights as unknown[]).forEach((row, rowIndex) => {
        numbers(row, bias.length, where, `${name}.weights[${rowIndex}]`);
      });
      inputs = bias.length;
    });
    if (inputs !== 1) fail(where, `members[${memberIndex}]: the last layer must have one output`);
  });
  const calibration = model.calibration;
  if (calibration?.kind !== 'isotonic') fail(where, '`calibration.kind` must be isotonic');
  const thresholds = numbers(calibration.thresholds, undefined, where, 'calibration.thresholds');
  const values = numbers(calibration.values, thresholds.length, where, 'calibration.values');
  if (values.some((entry) => entry < 0 || entry > 1)) fail(where, 'calibration values must lie in [0, 1]');
  const threshold = model.resolve?.threshold;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1)
    fail(where, '`resolve.threshold` must be a number in [0, 1]');
  if (typeof model.training !== 'object' || model.training === null) fail(where, '`training` is missing');
  return model as SelectorModel;
}
