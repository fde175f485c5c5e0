import type { QuestionRewriter } from '@rootweaver/core';
import type { WordVectorTable } from '@rootweaver/models';

/**
 * The sub-question rewriter `@rootweaver/models` ships (ADR-0017), over the word vectors the caller has
 * already loaded for the trained reader, else loaded here. `rewriter.kind: trained` in `multi_hop.yaml`.
 */
export async function loadTrainedRewriter(
  options: { readonly wordVectors?: WordVectorTable | undefined } = {},
): Promise<QuestionRewriter> {
  const { loadWordVectors, TrainedRewriter } = await import('@rootweaver/models');
  const vectors = options.wordVectors ?? (await loadWordVectors());
  return TrainedRewriter.load({ vectors });
}
