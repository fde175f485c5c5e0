import { seededRandom } from '@rootweaver/core';
import { exactMatch, f1Score, fitLogistic } from '@rootweaver/eval';
import {
  decodeSpan,
  type LogisticCalibration,
  logit,
  type ReaderArchitecture,
  ReaderNetwork,
  readerParameterShapes,
  type WordVectorTable,
} from '@rootweaver/models';
import { Adam } from '../graph/adam.js';
import { Gradients } from '../graph/backward-operations.js';
import { GradientWorkers } from '../graph/gradient-workers.js';
import { TrainableParameters } from '../graph/trainable-parameters.js';
import type { ReaderExample } from './reader-examples.js';
import type { ReaderWorkerTask } from './reader-gradient-worker.js';

export interface ReaderTrainingSettings {
  readonly seed: number;
  readonly epochs: number;
  readonly batchSize: number;
  readonly learningRate: number;
  readonly dropout: number;
  readonly architecture: ReaderArchitecture;
  /** Stop when the choosing set's F1 has not improved for this many epochs. */
  readonly patience: number;
}

export interface SpanPrediction {
  readonly text: string;
  readonly probability: number;
  readonly noAnswerProbability: number;
}

/** Runs the network as the shipped reader does (the `@rootweaver/models` forward pass). */
export function predictSpans(network: ReaderNetwork, examples: readonly ReaderExample[]): SpanPrediction[] {
  return examples.map((example) => {
    const span = decodeSpan(example.input, network.forward(example.input).logits);
    return { text: span.text, probability: span.probability, noAnswerProbability: span.noAnswerProbability };
  });
}

/** EM and F1 (SQuAD, in %) of predictions on examples that have an answer. */
export function spanScores(
  examples: readonly ReaderExample[],
  predictions: readonly SpanPrediction[],
): { exactMatch: number; f1: number; count: number } {
  let em = 0;
  let f1 = 0;
  let count = 0;
  examples.forEach((example, index) => {
    if (example.startToken < 0) return;
    const text = (predictions[index] as SpanPrediction).text;
    em += exactMatch(text, example.answer);
    f1 += f1Score(text, example.answer);
    count += 1;
  });
  return { exactMatch: (100 * em) / Math.max(1, count), f1: (100 * f1) / Math.max(1, count), count };
}

/** The calibration map's inputs for one prediction. */
export function readerCalibrationInputs(prediction: {
  probability: number;
  noAnswerProbability: number;
}): number[] {
  return [logit(prediction.probability), logit(prediction.noAnswerProbability)];
}

/** 1 when the predicted span is right (EM) — for a no-answer example no span is right. */
export function spanCorrect(example: ReaderExample, prediction: SpanPrediction): number {
  return example.startToken >= 0 && exactMatch(prediction.text, example.answer) === 1 ? 1 : 0;
}

/**
 * Trains the reader: Adam on the start and end cross-entropies (the no-answer option included), the
 * batches' gradients computed by worker threads, one epoch at a time, keeping the epoch with the best
 * F1 on `choose`; then fits the confidence map on `calibrate`, which neither training nor the choice of
 * epoch has seen.
 */
export async function trainReader(options: {
  vectors: WordVectorTable;
  task: ReaderWorkerTask;
  workerCount: number;
  choose: readonly ReaderExample[];
  calibrate: readonly ReaderExample[];
  settings: ReaderTrainingSettings;
  log: (line: string) => void;
  /** Called with each epoch that beats the best so far (to write a checkpoint). */
  onBest?: (parameters: TrainableParameters, epoch: number) => void;
}): Promise<{
  network: ReaderNetwork;
  parameters: TrainableParameters;
  calibration: LogisticCalibration;
  history: Record<string, number>[];
}> {
  const { vectors, choose, calibrate, settings, log } = options;
  const shapes = readerParameterShapes(settings.architecture, vectors.dimension);
  const parameters = TrainableParameters.initialise(shapes, settings.seed, { shared: true });
  const network = new ReaderNetwork(settings.architecture, parameters, vectors);
  const gradients = new Gradients(shapes);
  const optimizer = new Adam(parameters, { learningRate: settings.learningRate, clipNorm: 5 });
  const random = seededRandom(settings.seed);
  const { workers, exampleCount } = await GradientWorkers.start({
    script: new URL('./reader-gradient-worker.js', import.meta.url),
    count: options.workerCount,
    shapes,
    parameters: parameters.buffers(),
    task: options.task,
  });
  log(`${options.workerCount} workers ready with ${exampleCount} training examples`);
  const history: Record<string, number>[] = [];
  let best = { f1: -1, epoch: -1, values: parameters.snapshot() };
  let step = 0;
  try {
    for (let epoch = 1; epoch <= settings.epochs; epoch += 1) {
      const started = performance.now();
      let lossSum = 0;
      const order = shuffled(exampleCount, random);
      for (let offset = 0; offset < order.length; offset += settings.batchSize) {
        step += 1;
        gradients.clear();
        const batch = order.slice(offset, offset + settings.batchSize);
        lossSum += await workers.run(batch, step, gradients);
        optimizer.step(gradients, 1 / batch.length);
      }
      const scores = spanScores(choose, predictSpans(network, choose));
      const seconds = (performance.now() - started) / 1000;
      const loss = lossSum / exampleCount;
      history.push({ epoch, loss, chooseExactMatch: scores.exactMatch, chooseF1: scores.f1, seconds });
      log(
        `epoch ${epoch}: loss ${loss.toFixed(3)}, choose EM ${scores.exactMatch.toFixed(1)} F1 ${scores.f1.toFixed(1)} (${seconds.toFixed(0)} s)`,
      );
      if (scores.f1 > best.f1) {
        best = { f1: scores.f1, epoch, values: parameters.snapshot() };
        options.onBest?.(parameters, epoch);
      } else if (epoch - best.epoch >= settings.patience) {
        log(`no gain for ${settings.patience} epochs: stopping, keeping epoch ${best.epoch}`);
        break;
      }
    }
  } finally {
    await workers.close();
  }
  parameters.restore(best.values);
  const calibrationPredictions = predictSpans(network, calibrate);
  const inputs = calibrationPredictions.map(readerCalibrationInputs);
  const outcomes = calibrate.map((example, index) =>
    spanCorrect(example, calibrationPredictions[index] as SpanPrediction),
  );
  const fitted = fitLogistic(inputs, outcomes);
  const calibration: LogisticCalibration = {
    ...fitted,
    inputs: ['logit p(span)', 'logit p(no answer)'],
    fittedOn: `${options.task.source}/valid.json, calibration half (${calibrate.length} examples, no-answer ones included)`,
  };
  log(`kept epoch ${best.epoch}; calibration fitted on ${calibrate.length} examples`);
  return { network, parameters, calibration, history };
}

function shuffled(length: number, random: () => number): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let index = length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  return order;
}
