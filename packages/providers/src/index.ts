export {
  defaultChatModelName,
  OpenAIChatModel,
  type OpenAIChatModelOptions,
} from './llm/openai-chat-model.js';
export {
  connectOpenAI,
  defaultOpenAIBaseUrl,
  mapOpenAIError,
  type OpenAIConnection,
  type OpenAIConnectionOptions,
} from './llm/openai-connection.js';
export {
  defaultEmbeddingModelName,
  OpenAIEmbedder,
  type OpenAIEmbedderOptions,
} from './llm/openai-embedder.js';
export { OnnxEmbedder, type OnnxEmbedderOptions } from './onnx/onnx-embedder.js';
export { OnnxSpanExtractor, type OnnxSpanExtractorOptions } from './onnx/onnx-span-extractor.js';
export { type EncodedText, type WordPieceToken, WordPieceTokenizer } from './onnx/wordpiece-tokenizer.js';
export {
  createProviderSet,
  type ProviderSet,
  type ProviderSettings,
  providerEnvironment,
} from './provider-set.js';
export {
  EmbeddedStore,
  type EmbeddedStoreOptions,
  embeddedStoreSchemaVersion,
} from './store/embedded-store.js';
export {
  ftsExpression,
  indexTerms,
  queryTerms,
  searchTerms,
  stemTerm,
  toFtsQuery,
} from './store/lexical-query.js';
export { pointIdFor, QdrantStore, type QdrantStoreOptions } from './store/qdrant-store.js';
export {
  documentSparseVector,
  querySparseVector,
  type SparseVector,
  termIndex,
} from './store/sparse-vector.js';
export {
  createTokenCounter,
  type TokenizerFamily,
  tokenizerFamilies,
  tokenizerFamilyForModel,
} from './tokens/token-counter.js';
