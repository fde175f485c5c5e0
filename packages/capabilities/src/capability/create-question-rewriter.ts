import type { QuestionRewriter } from '@rootweaver/core';
import { ModelQuestionRewriter, type MultiHopConfig } from '@rootweaver/innovations';
import { createRewriterChatModel, loadTrainedRewriter, type ProviderSet } from '@rootweaver/providers';

/**
 * The rewriter slot as `multi_hop.yaml`'s `rewriter:` section sets it: none for `kind: rules` (the engine's
 * rules ground), the pointer rewriter `@rootweaver/models` ships for `kind: trained`, else
 * `ModelQuestionRewriter` over the rewriter's own OpenAI-compatible chat model. Used by
 * `MultiHopCapability.create` and every rootweaver command; API keys come from the environment only.
 */
export async function createQuestionRewriter(input: {
  readonly config: MultiHopConfig['rewriter'];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The main LLM's base URL when the YAML's `providers:` section names it. */
  readonly mainBaseURL?: string | undefined;
  /** Word vectors already loaded (for the trained reader), shared with the trained rewriter. */
  readonly wordVectors?: ProviderSet['wordVectors'];
}): Promise<QuestionRewriter | undefined> {
  const { config } = input;
  if (config.kind === 'rules') return undefined;
  if (config.kind === 'trained')
    return loadTrainedRewriter({
      wordVectors: input.wordVectors,
      minimumConfidence: config.minConfidence,
    });
  const chatModel = createRewriterChatModel({
    model: config.model,
    baseURL: config.baseUrl,
    mainBaseURL: input.mainBaseURL,
    timeoutMs: config.timeoutMs,
    env: input.env,
  });
  return new ModelQuestionRewriter({ chatModel, maxOutputTokens: config.maxOutputTokens });
}
