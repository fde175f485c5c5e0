// A worker thread of the span network's trainer (the reader's and the rewriter's): builds the training examples itself (the same seeded set
// as every other worker), then computes the gradients of the batch shares it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { seededRandom } from '@rootweaver/core';
import { loadWordVectors, type ReaderArchitecture, ReaderNetwork, WinkTagger } from '@rootweaver/models';
import { readSplit } from '../data/training-sets.js';
import { Gradients } from '../graph/backward-operations.js';
import type { WorkerBatch, WorkerSetup } from '../graph/gradient-workers.js';
import { TrainableParameters } from '../graph/trainable-parameters.js';
import { buildRewriterExamples, type RewriteRecord } from '../rewriter/rewriter-examples.js';
import { readerLossAndGradients } from './reader-backward.js';
import { buildReaderExamples, type QaRecord } from './reader-examples.js';

/** What the reader's workers need to rebuild the training set and the network. */
export interface ReaderWorkerTask {
  /** Which training set: the span reader's (`qa`) or the rewriter's (`rewrite`, the same network). */
  readonly source: 'qa' | 'rewrite';
  readonly directory: string;
  readonly limit: number | undefined;
  readonly negativeShare: number;
  readonly shortAnswerShare: number;
  readonly paraphraseShare: number;
  readonly seed: number;
  readonly architecture: ReaderArchitecture;
  readonly dropout: number;
}

const setup = workerData as WorkerSetup<ReaderWorkerTask>;
const { task } = setup;
const shapes = new Map(setup.shapes);
const vectors = await loadWordVectors();
const tagger = await WinkTagger.load();
const parameters = TrainableParameters.over(shapes, new Map(setup.parameters));
const gradients = Gradients.over(shapes, new Map(setup.gradients));
const network = new ReaderNetwork(task.architecture, parameters, vectors);
const { examples } =
  task.source === 'rewrite'
    ? buildRewriterExamples(
        vectors,
        readSplit<RewriteRecord>(task.directory, 'rewrite', 'train').records.slice(0, task.limit),
        { negativeShare: task.negativeShare, tagger, seed: task.seed },
      )
    : buildReaderExamples(
        vectors,
        readSplit<QaRecord>(task.directory, 'qa', 'train').records.slice(0, task.limit),
        {
          negativeShare: task.negativeShare,
          shortAnswerShare: task.shortAnswerShare,
          paraphraseShare: task.paraphraseShare,
          tagger,
          seed: task.seed,
        },
      );
const port = parentPort;
if (port === null) throw new Error('reader-gradient-worker runs as a worker thread');
port.postMessage({ ready: examples.length });
port.on('message', (batch: WorkerBatch) => {
  gradients.clear();
  let loss = 0;
  for (const index of batch.indexes) {
    const example = examples[index];
    if (example === undefined) continue;
    // Each example's dropout is seeded by the step and its index: the same whatever the worker count.
    const random = seededRandom((task.seed * 1_000_003 + batch.step * 9_973 + index) >>> 0);
    loss += readerLossAndGradients(network, example.input, example.startToken, example.endToken, gradients, {
      rate: task.dropout,
      random,
    });
  }
  port.postMessage({ loss });
});
