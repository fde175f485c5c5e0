import type {
  AnswerExtractor,
  AskOptions,
  ChatModel,
  KnowledgeStore,
  MultiHopAnswer,
  NameKindModel,
  QuestionRewriter,
  RetrievalResult,
  RetrieveOptions,
  TokenCounter,
} from '@rootweaver/core';
import type { MultiHopConfig } from '@rootweaver/innovations';

/** The providers the engine runs on: a `ProviderSet` from `@rootweaver/providers`, or anything shaped like one. */
export interface CapabilityProviders {
  readonly store: KnowledgeStore;
  readonly chatModel?: ChatModel;
  readonly extractor?: AnswerExtractor;
  /** Weighs the heuristic's names by kind (`ProviderSet.nameKinds`); the heuristic reads shapes alone without it. */
  readonly nameKinds?: NameKindModel;
  readonly tokenCounter?: TokenCounter;
  /** The rewriter slot; built from the config's `rewriter:` section when not given. */
  readonly rewriter?: QuestionRewriter;
  close?(): Promise<void>;
}

/** What the capability needs of `MultiHopRAG` (innovations). */
export interface MultiHopEngine {
  ask(question: string, options?: AskOptions): Promise<MultiHopAnswer>;
  askSinglePass(question: string, options?: AskOptions): Promise<MultiHopAnswer>;
  /** The run's evidence without an answer (`MultiHopRAG.retrieve`); `MultiHopCapability.retrieve` needs it. */
  retrieve?(question: string, options?: RetrieveOptions): Promise<RetrievalResult>;
  /** `retrieve` for single-pass RAG (the capability flag off). */
  retrieveSinglePass?(question: string, options?: RetrieveOptions): Promise<RetrievalResult>;
  /** Compiles the engine's hot paths on invented text before the first request (`MultiHopRAG.warmUp`). */
  warmUp?(options?: { readonly signal?: AbortSignal }): Promise<{ readonly durationMs: number }>;
}

export type MultiHopEngineFactory = (input: {
  readonly config: MultiHopConfig;
  readonly providers: CapabilityProviders;
}) => MultiHopEngine;
