import {
  contextFeatureCount,
  type Dropout,
  questionFeatureCount,
  type ReaderInput,
  type ReaderNetwork,
  softmaxInPlace,
} from '@rootweaver/models';
import {
  type Gradients,
  linearBackward,
  reluBackwardInPlace,
  residualBlocksBackward,
  softmaxBackward,
} from '../graph/backward-operations.js';

/**
 * One example's loss — the cross-entropies of its start and of its end, each a softmax over the
 * answer-line tokens and "no answer" (index n) — with its gradients added into `gradients`.
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
  const { dimension: d, alignDimension: a, kernelWidth } = network.architecture;
  const p = network.parameters;
  const width = network.vectors.dimension;
  const { n, m } = activations;
  const startTargetIndex = startTarget < 0 ? n : startTarget;
  const endTargetIndex = endTarget < 0 ? n : endTarget;

  const startProbabilities = new Float32Array(n + 1);
  startProbabilities.set(logits.start);
  startProbabilities[n] = logits.noAnswer;
  softmaxInPlace(startProbabilities);
  const endProbabilities = new Float32Array(n + 1);
  endProbabilities.set(logits.end);
  endProbabilities[n] = logits.noAnswer;
  softmaxInPlace(endProbabilities);
  const loss =
    -Math.log(Math.max(1e-12, startProbabilities[startTargetIndex] as number)) -
    Math.log(Math.max(1e-12, endProbabilities[endTargetIndex] as number));

  const dStart = startProbabilities;
  dStart[startTargetIndex] = (dStart[startTargetIndex] as number) - 1;
  const dEnd = endProbabilities;
  dEnd[endTargetIndex] = (dEnd[endTargetIndex] as number) - 1;
  const dNoAnswer = (dStart[n] as number) + (dEnd[n] as number);

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
  for (const [name, dDirection] of [
    ['start.w', dStartDirection],
    ['end.w', dEndDirection],
  ] as const) {
    const w = p.values(name);
    const dW = gradients.of(name);
    for (let row = 0; row < d; row += 1) {
      const g = dDirection[row] as number;
      for (let column = 0; column < d; column += 1) {
        dW[row * d + column] = (dW[row * d + column] as number) + g * (pooled[column] as number);
        dPooled[column] = (dPooled[column] as number) + g * (w[row * d + column] as number);
      }
    }
  }
  const noAnswerW = p.values('noanswer.w');
  const dNoAnswerW = gradients.of('noanswer.w');
  const noAnswerB = gradients.of('noanswer.b');
  noAnswerB[0] = (noAnswerB[0] as number) + dNoAnswer;
  for (let k = 0; k < d; k += 1) {
    dNoAnswerW[k] = (dNoAnswerW[k] as number) + dNoAnswer * (pooled[k] as number);
    dNoAnswerW[d + k] = (dNoAnswerW[d + k] as number) + dNoAnswer * (activations.contextMax[k] as number);
    dPooled[k] = (dPooled[k] as number) + dNoAnswer * (noAnswerW[k] as number);
    const row = activations.contextMaxRow[k] as number;
    if (row >= 0)
      dContext[row * d + k] = (dContext[row * d + k] as number) + dNoAnswer * (noAnswerW[d + k] as number);
  }

  // Question pooling: q = Σ_j a_j Q_j, a = softmax(Q u).
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
  linearBackward(
    activations.questionInput,
    m,
    width + questionFeatureCount,
    p.values('question.in.w'),
    d,
    dQuestionStart,
    gradients.of('question.in.w'),
    gradients.of('question.in.b'),
    false,
  );

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
  const inputWidth = width + a + contextFeatureCount;
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
          const g = dContextInput[dAlignedBase + k] as number;
          dProjectedQuestion[column * a + k] = (dProjectedQuestion[column * a + k] as number) + weight * g;
          dot += g * (projectedQuestion[column * a + k] as number);
        }
        dAttention[column] = dot;
      }
      const dScores = softmaxBackward(attention, dAttention, row * m, m);
      for (let column = 0; column < m; column += 1) {
        const g = dScores[column] as number;
        if (g === 0) continue;
        for (let k = 0; k < a; k += 1) {
          dProjectedContext[row * a + k] =
            (dProjectedContext[row * a + k] as number) + g * (projectedQuestion[column * a + k] as number);
          dProjectedQuestion[column * a + k] =
            (dProjectedQuestion[column * a + k] as number) + g * (projectedContext[row * a + k] as number);
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
  return loss;
}
