import { RootweaverError } from '@rootweaver/core';
import { embedNgrams, ngramBucketCount } from '../network/character-ngrams.js';
import {
  concatenateColumns,
  linear,
  matrixVector,
  reluInPlace,
  softmaxInPlace,
  weightedSum,
  weightsTimesVector,
} from '../network/operations.js';
import type { ParameterSource } from '../network/parameter-source.js';
import {
  applyMask,
  type BlockActivations,
  type Dropout,
  dropoutMask,
  residualBlocks,
} from '../network/residual-block.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { maxSpanTokens } from './decode-span.js';
import { contextFeatureCount, questionFeatureCount, type ReaderInput } from './reader-input.js';

/** The reader network's shape, recorded in its weights file by the trainer. */
export interface ReaderArchitecture {
  /** Width of the encoders. */
  readonly dimension: number;
  /** Width of the question-aligned attention's projection. */
  readonly alignDimension: number;
  readonly kernelWidth: number;
  readonly contextBlocks: number;
  readonly questionBlocks: number;
  /** Width of the hashed character-trigram embedding each token gets (0: none). */
  readonly ngramDimension: number;
  /** Whether the pooled question vector conditions the context encoder's first layer. */
  readonly questionConditioning: boolean;
}

/** Everything the forward pass computed; the trainer back-propagates through it. */
export interface ReaderActivations {
  readonly n: number;
  readonly m: number;
  /** Word vectors after dropout. */
  readonly contextVectors: Float32Array;
  readonly questionVectors: Float32Array;
  /** Mean character-trigram embeddings [n × ngramDimension], [m × ngramDimension]. */
  readonly contextNgrams: Float32Array;
  readonly questionNgrams: Float32Array;
  readonly projectedContext: Float32Array;
  readonly projectedQuestion: Float32Array;
  /** [n × m] attention of each context token over the question. */
  readonly attention: Float32Array;
  readonly contextInput: Float32Array;
  readonly contextStart: Float32Array;
  readonly contextBlocks: BlockActivations[];
  readonly context: Float32Array;
  readonly questionInput: Float32Array;
  readonly questionStart: Float32Array;
  readonly questionBlocks: BlockActivations[];
  readonly question: Float32Array;
  /** Softmax of the question-pooling scores [m]. */
  readonly pool: Float32Array;
  readonly pooled: Float32Array;
  readonly startDirection: Float32Array;
  readonly endDirection: Float32Array;
  readonly contextMax: Float32Array;
  /** Per dimension, the context row the max came from. */
  readonly contextMaxRow: Int32Array;
}

/**
 * Start and end scores for every context token, a score per span length (0 … `maxSpanTokens` − 1
 * extra tokens), and "no answer": `spanDistribution` turns them into span probabilities.
 */
export interface ReaderLogits {
  readonly start: Float32Array;
  readonly end: Float32Array;
  readonly length: Float32Array;
  readonly noAnswer: number;
}

/**
 * The span reader (DrQA-style, convolutional), trained by `tools/train` on CompactRAG's extraction set:
 *
 * 1. each context token: its pretrained word vector, a question-aligned vector (attention over the
 *    question through a shared ReLU projection of the word vectors) and its features
 *    (`contextFeatureNames`) → a linear layer with ReLU;
 * 2. residual blocks (layer norm → depthwise convolution → pointwise ReLU layer), for the context and,
 *    with their own weights, the question;
 * 3. the question pooled by a learned attention into one vector q;
 * 4. start and end scores `hᵢ · (W q)`, a learned score per span length, and a no-answer score from
 *    q and the context's max-pool — a span's score is start + end + length (`spanDistribution`).
 *
 * The same code runs in training (with dropout, keeping its activations) and in the shipped reader.
 */
export class ReaderNetwork {
  constructor(
    readonly architecture: ReaderArchitecture,
    readonly parameters: ParameterSource,
    readonly vectors: WordVectorTable,
  ) {
    if (architecture.dimension < 1 || architecture.kernelWidth % 2 !== 1)
      throw new RootweaverError(
        'model-load-failed',
        'The reader architecture is invalid (odd kernel width, positive dimension); retrain the reader.',
      );
  }

  #embed(rows: Int32Array, dropout: Dropout | undefined): Float32Array {
    const width = this.vectors.dimension;
    const out = new Float32Array(rows.length * width);
    rows.forEach((row, index) => {
      if (row >= 0) this.vectors.addRow(row, out, index * width);
    });
    return applyMask(out, dropoutMask(out.length, dropout));
  }

  /** Scores every context token as the answer's start and end. */
  forward(input: ReaderInput, dropout?: Dropout): { logits: ReaderLogits; activations: ReaderActivations } {
    const { dimension: d, alignDimension: a, kernelWidth, contextBlocks, questionBlocks } = this.architecture;
    const p = this.parameters;
    const width = this.vectors.dimension;
    const n = input.tokens.length;
    const m = input.questionTokens.length;
    const contextVectors = this.#embed(input.rows, dropout);
    const questionVectors = this.#embed(input.questionRows, dropout);

    // Question-aligned vectors: softmax(Pc Pqᵀ) Pq, with P = ReLU(E Wa + ba).
    const projectedContext = reluInPlace(
      linear(contextVectors, n, width, p.values('align.w'), a, p.values('align.b')),
    );
    const projectedQuestion = reluInPlace(
      linear(questionVectors, m, width, p.values('align.w'), a, p.values('align.b')),
    );
    const attention = new Float32Array(n * m);
    const aligned = new Float32Array(n * a);
    if (m > 0)
      for (let row = 0; row < n; row += 1) {
        for (let column = 0; column < m; column += 1) {
          let sum = 0;
          for (let k = 0; k < a; k += 1)
            sum += (projectedContext[row * a + k] as number) * (projectedQuestion[column * a + k] as number);
          attention[row * m + column] = sum;
        }
        softmaxInPlace(attention, row * m, m);
        aligned.set(weightedSum(attention.subarray(row * m, row * m + m), projectedQuestion, m, a), row * a);
      }

    const g = this.architecture.ngramDimension;
    const ngramEmbedding = g > 0 ? p.values('ngram.embedding') : new Float32Array(0);
    const contextNgrams = g > 0 ? embedNgrams(input.ngrams, ngramEmbedding, g) : new Float32Array(0);
    const questionNgrams = g > 0 ? embedNgrams(input.questionNgrams, ngramEmbedding, g) : new Float32Array(0);

    // The question first: its pooled vector q may condition the context encoder.
    const questionInput = concatenateColumns(m, [
      { values: questionVectors, width },
      { values: questionNgrams, width: g },
      { values: input.questionFeatures, width: questionFeatureCount },
    ]);
    const questionStart = reluInPlace(
      linear(
        questionInput,
        m,
        width + g + questionFeatureCount,
        p.values('question.in.w'),
        d,
        p.values('question.in.b'),
      ),
    );
    const questionEncoded = residualBlocks(
      p,
      'question',
      questionBlocks,
      questionStart,
      m,
      d,
      kernelWidth,
      dropout,
    );
    const question = questionEncoded.output;
    const pool = matrixVector(question, m, d, p.values('question.pool.u'));
    if (m > 0) softmaxInPlace(pool);
    const pooled = weightedSum(pool, question, m, d);

    const contextInput = concatenateColumns(n, [
      { values: contextVectors, width },
      { values: aligned, width: a },
      { values: contextNgrams, width: g },
      { values: input.features, width: contextFeatureCount },
    ]);
    let contextBias = p.values('context.in.b');
    if (this.architecture.questionConditioning) {
      const condition = weightsTimesVector(p.values('context.condition.w'), d, d, pooled);
      contextBias = contextBias.map((value, index) => value + (condition[index] as number));
    }
    const contextStart = reluInPlace(
      linear(contextInput, n, width + a + g + contextFeatureCount, p.values('context.in.w'), d, contextBias),
    );
    const contextEncoded = residualBlocks(
      p,
      'context',
      contextBlocks,
      contextStart,
      n,
      d,
      kernelWidth,
      dropout,
    );
    const context = contextEncoded.output;

    const startDirection = weightsTimesVector(p.values('start.w'), d, d, pooled);
    const endDirection = weightsTimesVector(p.values('end.w'), d, d, pooled);
    const start = matrixVector(context, n, d, startDirection);
    const end = matrixVector(context, n, d, endDirection);
    const contextMax = new Float32Array(d);
    const contextMaxRow = new Int32Array(d).fill(-1);
    for (let k = 0; k < d; k += 1) {
      let best = n > 0 ? Number.NEGATIVE_INFINITY : 0;
      for (let row = 0; row < n; row += 1)
        if ((context[row * d + k] as number) > best) {
          best = context[row * d + k] as number;
          contextMaxRow[k] = row;
        }
      contextMax[k] = best;
    }
    const noAnswerW = p.values('noanswer.w');
    let noAnswer = p.values('noanswer.b')[0] as number;
    for (let k = 0; k < d; k += 1)
      noAnswer +=
        (noAnswerW[k] as number) * (pooled[k] as number) +
        (noAnswerW[d + k] as number) * (contextMax[k] as number);

    return {
      logits: { start, end, length: p.values('span.length'), noAnswer },
      activations: {
        n,
        m,
        contextVectors,
        questionVectors,
        contextNgrams,
        questionNgrams,
        projectedContext,
        projectedQuestion,
        attention,
        contextInput,
        contextStart,
        contextBlocks: contextEncoded.blocks,
        context,
        questionInput,
        questionStart,
        questionBlocks: questionEncoded.blocks,
        question,
        pool,
        pooled,
        startDirection,
        endDirection,
        contextMax,
        contextMaxRow,
      },
    };
  }
}

/** The shapes of every parameter of a reader of this architecture over `wordWidth`-wide vectors. */
export function readerParameterShapes(
  architecture: ReaderArchitecture,
  wordWidth: number,
): Map<string, number[]> {
  const { dimension: d, alignDimension: a, kernelWidth } = architecture;
  const shapes = new Map<string, number[]>([
    ['align.w', [wordWidth, a]],
    ['align.b', [a]],
    ['context.in.w', [wordWidth + a + architecture.ngramDimension + contextFeatureCount, d]],
    ['context.in.b', [d]],
    ['question.in.w', [wordWidth + architecture.ngramDimension + questionFeatureCount, d]],
    ['question.in.b', [d]],
    ['question.pool.u', [d]],
    ['start.w', [d, d]],
    ['end.w', [d, d]],
    ['noanswer.w', [2 * d]],
    ['noanswer.b', [1]],
    ['span.length', [maxSpanTokens]],
  ]);
  if (architecture.ngramDimension > 0)
    shapes.set('ngram.embedding', [ngramBucketCount, architecture.ngramDimension]);
  if (architecture.questionConditioning) shapes.set('context.condition.w', [d, d]);
  for (const [prefix, count] of [
    ['context', architecture.contextBlocks],
    ['question', architecture.questionBlocks],
  ] as const)
    for (let block = 0; block < count; block += 1) {
      const name = `${prefix}.block${block}`;
      shapes.set(`${name}.norm.gamma`, [d]);
      shapes.set(`${name}.norm.beta`, [d]);
      shapes.set(`${name}.depthwise.kernel`, [kernelWidth, d]);
      shapes.set(`${name}.depthwise.bias`, [d]);
      shapes.set(`${name}.pointwise.w`, [d, d]);
      shapes.set(`${name}.pointwise.b`, [d]);
    }
  return shapes;
}
