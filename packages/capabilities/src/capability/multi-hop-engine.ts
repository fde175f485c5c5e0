import type {
  AnswerExtractor,
  AskOptions,
  ChatModel,
  KnowledgeStore,
  MultiHopAnswer,
  QuestionRewriter,
  TokenCounter,
} from '@rootweaver/core';
import type { MultiHopConfig } from '@rootweaver/innovations';

/** The providers the engine runs on: a `ProviderSet` from `@rootweaver/providers`, or anything shaped like one. */
export interface CapabilityProviders {
  readonly store: KnowledgeStore;
  readonly chatModel?: ChatModel;
  readonly extractor?: AnswerExtractor;
  readonly tokenCounter?: TokenCounter;
  /** The rewriter slot; built from the config's `rewriter:` section when not given. */
  readonly rewriter?: QuestionRewriter;
  close?(): Promise<void>;
}

/** What the capability needs of `MultiHopRAG` (innovations). */
export interface MultiHopEngine {
  ask(question: string, options?: AskOptions): Promise<MultiHopAnswer>;
  askSinglePass(question: string, options?: AskOptions): Promise<MultiHopAnswer>;
  /** Compiles the engine's hot paths on invented text before the first request (`MultiHopRAG.warmUp`). */
  warmUp?(options?: { readonly signal?: AbortSignal }): Promise<{ readonly durationMs: number }>;
}

export type MultiHopEngineFactory = (input: {
  readonly config: MultiHopConfig;
  readonly providers: CapabilityProviders;
}) => MultiHopEngine;
