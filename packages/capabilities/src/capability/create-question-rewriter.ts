import type { QuestionRewriter } from '@rootweaver/core';
import { ModelQuestionRewriter, type MultiHopConfig } from '@rootweaver/innovations';
import { createRewriterChatModel } from '@rootweaver/providers';

/**
 * The rewriter slot as `multi_hop.yaml`'s `rewriter:` section sets it: none for `kind: rules` (the engine's
 * rules ground), else `ModelQuestionRewriter` over the rewriter's own OpenAI-compatible chat model. Used
 * by `MultiHopCapability.create` and every rootweaver command; API keys come from the environment only.
 */
export function createQuestionRewriter(input: {
  readonly config: MultiHopConfig['rewriter'];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The main LLM's base URL when the YAML's `providers:` section names it. */
  readonly mainBaseURL?: string | undefined;
}): QuestionRewriter | undefined {
  const { config } = input;
  if (config.kind === 'rules') return undefined;
  const chatModel = createRewriterChatModel({
    model: config.model,
    baseURL: config.baseUrl,
    mainBaseURL: input.mainBaseURL,
    timeoutMs: config.timeoutMs,
    env: input.env,
  });
  return new ModelQuestionRewriter({ chatModel, maxOutputTokens: config.maxOutputTokens });
}
