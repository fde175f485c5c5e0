import { existsSync } from 'node:fs';
import {
  loadWordVectors,
  pointerFeatureCount,
  readRewriterWeights,
  shippedRewriterPath,
  TreeEnsemble,
  WinkTagger,
} from '@rootweaver/models';
import { describe, expect, it } from 'vitest';
import { locateTrainingSets, readSplit } from '../data/training-sets.js';
import { type BoostingOptions, trainRankingTrees } from '../trees/gradient-boosting.js';
import {
  buildPointerExamples,
  pointableRecord,
  type RewriteRecord,
  rankingDataOf,
} from './rewriter-examples.js';

// The shipped rewriter is what `pnpm train:rewriter` grows from its seed: its first trees, regrown here by
// the committed trainer from the training set and the settings its header records, are the same bit for
// bit. Fails when the trainer, the features, the writer or the labels drift from the shipped file's.
const directory = (() => {
  try {
    return locateTrainingSets();
  } catch {
    return undefined;
  }
})();
if (directory === undefined)
  console.log('shipped-rewriter-reproduced: skipped — ../shared/datasets/compactrag-train is missing.');

/** Trees regrown: enough to cross many splits, few enough to keep the test under a minute. */
const regrown = 25;

describe.runIf(directory !== undefined && existsSync(shippedRewriterPath))('the shipped rewriter', () => {
  it(`is what the committed trainer grows: its first ${regrown} trees, bit for bit`, {
    timeout: 300_000,
  }, async () => {
    const weights = await readRewriterWeights();
    const training = weights.header.training as {
      rewriter: { maxSpanTokens: number };
      boosting: BoostingOptions;
      labels: { nearestWhenNoneExact: boolean; noReplacementShare: number };
      data: { limit: number | null };
    };
    const train = readSplit<RewriteRecord>(directory as string, 'rewrite', 'train');
    const examples = buildPointerExamples(
      train.records.slice(0, training.data.limit ?? undefined).filter(pointableRecord),
      {
        vectors: await loadWordVectors(),
        tagger: await WinkTagger.load(),
        maxSpanTokens: training.rewriter.maxSpanTokens,
        nearest: training.labels.nearestWhenNoneExact,
        noReplacementShare: training.labels.noReplacementShare,
        seed: training.boosting.seed,
      },
    );
    const grown = trainRankingTrees(rankingDataOf(examples), { ...training.boosting, trees: regrown });
    const shipped = TreeEnsemble.fromTensors(weights.tensors, 'trees', pointerFeatureCount).firstTrees(
      regrown,
    );
    const expected = shipped.toTensors('trees');
    for (const [name, tensor] of grown.toTensors('trees'))
      expect(
        Buffer.from(tensor.values.buffer).equals(
          Buffer.from(expected.get(name)?.values.buffer ?? new ArrayBuffer(0)),
        ),
        name,
      ).toBe(true);
  });
});
