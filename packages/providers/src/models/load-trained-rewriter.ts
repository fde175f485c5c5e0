import type { QuestionRewriter, RewriteOptions, RewriteResult } from '@rootweaver/core';
import type { WordVectorTable } from '@rootweaver/models';

/**
 * A rewriter whose model is loaded by its first rewrite: the word-vector table and the tagger cost
 * ~0.6 s, which a question with no dependent sub-question (and `--version`, `--help`) never pays.
 */
class DeferredRewriter implements QuestionRewriter {
  readonly id: string;
  readonly #load: () => Promise<QuestionRewriter>;
  #loaded: Promise<QuestionRewriter> | undefined;

  constructor(id: string, load: () => Promise<QuestionRewriter>) {
    this.id = id;
    this.#load = load;
  }

  async rewrite(options: RewriteOptions): Promise<RewriteResult> {
    this.#loaded ??= this.#load();
    return (await this.#loaded).rewrite(options);
  }
}

/**
 * The sub-question rewriter `@rootweaver/models` ships (ADR-0017): `rewriter.kind: trained` in
 * `multi_hop.yaml`. Its weights file is read and checked here, once (its model, its trees, the features
 * they read), so a missing, broken or outdated file is reported when the engine is built; the word
 * vectors (those the caller already loaded for the trained reader, else its own) and the tagger are
 * loaded by the first rewrite.
 */
export async function loadTrainedRewriter(
  options: {
    readonly wordVectors?: WordVectorTable | undefined;
    readonly path?: string;
    /** The calibrated confidence under which it declines (`rewriter.min_confidence`; default the model's). */
    readonly minimumConfidence?: number | undefined;
  } = {},
): Promise<QuestionRewriter> {
  const models = await import('@rootweaver/models');
  const weights = await models.readRewriterWeights(options.path);
  const minimumConfidence = options.minimumConfidence ?? models.defaultMinimumConfidence;
  // The floor is checked now, with the file, not at the first rewrite.
  models.checkMinimumConfidence(minimumConfidence, 'rewriter.min_confidence');
  return new DeferredRewriter(`trained-rewriter:${weights.header.version}`, async () =>
    models.TrainedRewriter.fromWeights(weights, {
      vectors: options.wordVectors ?? (await models.loadWordVectors()),
      minimumConfidence,
    }),
  );
}
