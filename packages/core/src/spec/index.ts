export type { AnswerExtractor, AnswerType, Extraction, ExtractOptions } from './answer-extractor.js';
export type {
  ChatMessage,
  ChatModel,
  GenerateOptions,
  GenerateResult,
  ResponseFormat,
  TokenUsage,
} from './chat-model.js';
export type { Embedder, EmbedOptions, EmbedPurpose, EmbedResult } from './embedder.js';
export type {
  DeleteOptions,
  KnowledgeItem,
  KnowledgeItemKind,
  KnowledgeStore,
  ListItemsOptions,
  MetadataCondition,
  MetadataValue,
  SearchHit,
  SearchMode,
  SearchOptions,
  SearchResult,
  StoreFilter,
  StoreStats,
  UpsertOptions,
} from './knowledge-store.js';
export type { NameKind, NameKindModel } from './name-kind-model.js';
export type {
  QuestionRewriter,
  RewriteOptions,
  RewriteParent,
  RewriteResult,
} from './question-rewriter.js';
export type { TokenCounter } from './token-counter.js';
