import {
  contextFeatureCount,
  type Dropout,
  type NgramBuckets,
  questionFeatureCount,
  type ReaderInput,
  type ReaderNetwork,
  spanDistribution,
} from '@rootweaver/models';
import {
  type Gradients,
  linearBackward,
  reluBackwardInPlace,
  residualBlocksBackward,
  softmaxBackward,
} from '../graph/backward-operations.js';

/**
 * One example's loss — the cross-entropy of its gold span (or of "no answer") under the reader's joint
 * span distribution — with its gradients added into `gradients`. Back
 * through `ReaderNetwork.forward` in reverse: the scores, the context encoder (and the question
 * conditioning its first layer), the aligned attention, then the question encoder with everything
 * that reached the pooled question vector.
 */
export function readerLossAndGradients(
  network: ReaderNetwork,
  input: ReaderInput,
  startTarget: number,
  endTarget: number,
  gradients: Gradients,
  dropout?: Dropout,
): number {
  const { logits, activations } = network.forward(input, dropout);
  const { dimension: d, alignDimension: a, kernelWidth, ngramDimension: g } = network.architecture;
  const p = network.parameters;
  const width = network.vectors.dimension;
  const { n, m } = activations;
  // The joint span distribution (`spanDistribution`): d score = p − [the gold one].
  const distribution = spanDistribution(input, logits);
  let gold = -1;
  if (startTarget >= 0)
    for (let index = 0; index < distribution.starts.length; index += 1)
      if (distribution.starts[index] === startTarget && distribution.ends[index] === endTarget) gold = index;
  // A gold span that is no candidate (longer than maxSpanTokens, across lines) teaches nothing.
  if (startTarget >= 0 && gold < 0) return 0;
  const loss = -Math.log(
    Math.max(
      1e-12,
      gold < 0 ? distribution.noAnswerProbability : (distribution.probabilities[gold] as number),
    ),
  );
  const dStart = new Float32Array(n);
  const dEnd = new Float32Array(n);
  const dLength = gradients.of('span.length');
  distribution.probabilities.forEach((probability, index) => {
    const gradient = probability - (index === gold ? 1 : 0);
    const first = distribution.starts[index] as number;
    const last = distribution.ends[index] as number;
    dStart[first] = (dStart[first] as number) + gradient;
    dEnd[last] = (dEnd[last] as number) + gradient;
    dLength[last - first] = (dLength[last - first] as number) + gradient;
  });
  const dNoAnswer = distribution.noAnswerProbability - (gold < 0 ? 1 : 0);

  // Scores: start_i = h_i · (Ws q), end_i = h_i · (We q), noAnswer = wn · [q, max h] + bn.
  const { context, pooled, startDirection, endDirection } = activations;
  const dContext = new Float32Array(n * d);
  const dStartDirection = new Float32Array(d);
  const dEndDirection = new Float32Array(d);
  for (let row = 0; row < n; row += 1) {
    const gs = dStart[row] as number;
    const ge = dEnd[row] as number;
    if (gs === 0 && ge === 0) continue;
    const base = row * d;
    for (let k = 0; k < d; k += 1) {
      const h = context[base + k] as number;
      dContext[base + k] = gs * (startDirection[k] as number) + ge * (endDirection[k] as number);
      dStartDirection[k] = (dStartDirection[k] as number) + gs * h;
      dEndDirection[k] = (dEndDirection[k] as number) + ge * h;
    }
  }
  const dPooled = new Float32Array(d);
  addMatrixVectorGradients(p.values('start.w'), gradients.of('start.w'), d, dStartDirection, pooled, dPooled);
  addMatrixVectorGradients(p.values('end.w'), gradients.of('end.w'), d, dEndDirection, pooled, dPooled);
  const noAnswerW = p.values('noanswer.w');
  const dNoAnswerW = gradients.of('noanswer.w');
  const dNoAnswerB = gradients.of('noanswer.b');
  dNoAnswerB[0] = (dNoAnswerB[0] as number) + dNoAnswer;
  for (let k = 0; k < d; k += 1) {
    dNoAnswerW[k] = (dNoAnswerW[k] as number) + dNoAnswer * (pooled[k] as number);
    dNoAnswerW[d + k] = (dNoAnswerW[d + k] as number) + dNoAnswer * (activations.contextMax[k] as number);
    dPooled[k] = (dPooled[k] as number) + dNoAnswer * (noAnswerW[k] as number);
    const row = activations.contextMaxRow[k] as number;
    if (row >= 0)
      dContext[row * d + k] = (dContext[row * d + k] as number) + dNoAnswer * (noAnswerW[d + k] as number);
  }

  // The context encoder, its first layer (bias b + Wc q when the question conditions it).
  const dContextStart = residualBlocksBackward(
    p,
    gradients,
    'context',
    activations.contextBlocks,
    dContext,
    n,
    d,
    kernelWidth,
  );
  reluBackwardInPlace(activations.contextStart, dContextStart);
  const inputWidth = width + a + g + contextFeatureCount;
  const dContextInput = linearBackward(
    activations.contextInput,
    n,
    inputWidth,
    p.values('context.in.w'),
    d,
    dContextStart,
    gradients.of('context.in.w'),
    gradients.of('context.in.b'),
    true,
  ) as Float32Array;
  if (network.architecture.questionConditioning) {
    const dCondition = new Float32Array(d);
    for (let row = 0; row < n; row += 1)
      for (let k = 0; k < d; k += 1)
        dCondition[k] = (dCondition[k] as number) + (dContextStart[row * d + k] as number);
    addMatrixVectorGradients(
      p.values('context.condition.w'),
      gradients.of('context.condition.w'),
      d,
      dCondition,
      pooled,
      dPooled,
    );
  }
  if (g > 0)
    scatterNgramGradients(
      input.ngrams,
      dContextInput,
      inputWidth,
      width + a,
      g,
      gradients.of('ngram.embedding'),
    );

  // Aligned vectors: aligned_i = Σ_j att_ij Pq_j, att_i = softmax_j(Pc_i · Pq_j).
  if (m > 0) {
    const { attention, projectedContext, projectedQuestion } = activations;
    const dProjectedContext = new Float32Array(n * a);
    const dProjectedQuestion = new Float32Array(m * a);
    const dAttention = new Float32Array(m);
    for (let row = 0; row < n; row += 1) {
      const dAlignedBase = row * inputWidth + width;
      for (let column = 0; column < m; column += 1) {
        const weight = attention[row * m + column] as number;
        let dot = 0;
        for (let k = 0; k < a; k += 1) {
          const gradient = dContextInput[dAlignedBase + k] as number;
          dProjectedQuestion[column * a + k] =
            (dProjectedQuestion[column * a + k] as number) + weight * gradient;
          dot += gradient * (projectedQuestion[column * a + k] as number);
        }
        dAttention[column] = dot;
      }
      const dScores = softmaxBackward(attention, dAttention, row * m, m);
      for (let column = 0; column < m; column += 1) {
        const gradient = dScores[column] as number;
        if (gradient === 0) continue;
        for (let k = 0; k < a; k += 1) {
          dProjectedContext[row * a + k] =
            (dProjectedContext[row * a + k] as number) +
            gradient * (projectedQuestion[column * a + k] as number);
          dProjectedQuestion[column * a + k] =
            (dProjectedQuestion[column * a + k] as number) +
            gradient * (projectedContext[row * a + k] as number);
        }
      }
    }
    reluBackwardInPlace(projectedContext, dProjectedContext);
    reluBackwardInPlace(projectedQuestion, dProjectedQuestion);
    const alignW = p.values('align.w');
    linearBackward(
      activations.contextVectors,
      n,
      width,
      alignW,
      a,
      dProjectedContext,
      gradients.of('align.w'),
      gradients.of('align.b'),
      false,
    );
    linearBackward(
      activations.questionVectors,
      m,
      width,
      alignW,
      a,
      dProjectedQuestion,
      gradients.of('align.w'),
      gradients.of('align.b'),
      false,
    );
  }

  // The question encoder, with everything that reached q: q = Σ_j a_j Q_j, a = softmax(Q u).
  const { question, pool } = activations;
  const dQuestion = new Float32Array(m * d);
  const dPool = new Float32Array(m);
  for (let row = 0; row < m; row += 1) {
    let dot = 0;
    for (let k = 0; k < d; k += 1) {
      dQuestion[row * d + k] = (pool[row] as number) * (dPooled[k] as number);
      dot += (question[row * d + k] as number) * (dPooled[k] as number);
    }
    dPool[row] = dot;
  }
  if (m > 0) {
    const dScores = softmaxBackward(pool, dPool, 0, m);
    const u = p.values('question.pool.u');
    const dU = gradients.of('question.pool.u');
    for (let row = 0; row < m; row += 1)
      for (let k = 0; k < d; k += 1) {
        dQuestion[row * d + k] =
          (dQuestion[row * d + k] as number) + (dScores[row] as number) * (u[k] as number);
        dU[k] = (dU[k] as number) + (dScores[row] as number) * (question[row * d + k] as number);
      }
  }
  const dQuestionStart = residualBlocksBackward(
    p,
    gradients,
    'question',
    activations.questionBlocks,
    dQuestion,
    m,
    d,
    kernelWidth,
  );
  reluBackwardInPlace(activations.questionStart, dQuestionStart);
  const questionWidth = width + g + questionFeatureCount;
  const dQuestionInput = linearBackward(
    activations.questionInput,
    m,
    questionWidth,
    p.values('question.in.w'),
    d,
    dQuestionStart,
    gradients.of('question.in.w'),
    gradients.of('question.in.b'),
    g > 0,
  );
  if (g > 0 && dQuestionInput !== undefined)
    scatterNgramGradients(
      input.questionNgrams,
      dQuestionInput,
      questionWidth,
      width,
      g,
      gradients.of('ngram.embedding'),
    );
  return loss;
}

/** Back through `y = W x` (W [d × d]): dW += dy ⊗ x, dx += Wᵀ dy. */
function addMatrixVectorGradients(
  w: Float32Array,
  dW: Float32Array,
  d: number,
  dY: Float32Array,
  x: Float32Array,
  dX: Float32Array,
): void {
  for (let row = 0; row < d; row += 1) {
    const gradient = dY[row] as number;
    if (gradient === 0) continue;
    for (let column = 0; column < d; column += 1) {
      dW[row * d + column] = (dW[row * d + column] as number) + gradient * (x[column] as number);
      dX[column] = (dX[column] as number) + gradient * (w[row * d + column] as number);
    }
  }
}

/** Back through the mean of each token's trigram embeddings: columns [from, from + g) of dInput. */
function scatterNgramGradients(
  ngrams: NgramBuckets,
  dInput: Float32Array,
  inputWidth: number,
  from: number,
  g: number,
  dEmbedding: Float32Array,
): void {
  const count = ngrams.offsets.length - 1;
  for (let token = 0; token < count; token += 1) {
    const first = ngrams.offsets[token] as number;
    const last = ngrams.offsets[token + 1] as number;
    if (last === first) continue;
    const share = 1 / (last - first);
    for (let position = first; position < last; position += 1) {
      const base = (ngrams.buckets[position] as number) * g;
      for (let k = 0; k < g; k += 1)
        dEmbedding[base + k] =
          (dEmbedding[base + k] as number) + share * (dInput[token * inputWidth + from + k] as number);
    }
  }
}
