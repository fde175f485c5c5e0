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
export { createRewriterChatModel, type RewriterChatModelSettings } from './llm/rewriter-chat-model.js';
export { loadTrainedRewriter } from './models/load-trained-rewriter.js';
export { checkModelFolder, type ModelFolderCheck } from './onnx/check-model-folder.js';
export {
  type ModelFolderConfig,
  modelFolderConfigFile,
  type Pooling,
  readModelFolderConfig,
} from './onnx/model-folder-config.js';
export {
  type EncodedText,
  ModelTokenizer,
  type PairEncoding,
  type TokenizerDescription,
  type TokenSpan,
} from './onnx/model-tokenizer.js';
export { OnnxEmbedder, type OnnxEmbedderOptions, type OnnxEmbedderSettings } from './onnx/onnx-embedder.js';
export {
  OnnxSpanExtractor,
  type OnnxSpanExtractorOptions,
  type OnnxSpanExtractorSettings,
} from './onnx/onnx-span-extractor.js';
export {
  assertIndexDirectory,
  createProviderSet,
  type EmbedderChoice,
  embedderChoices,
  indexManifestFileName,
  type ProviderSet,
  type ProviderSettings,
  providerEnvironment,
} from './provider-set.js';
export {
  defaultExpansionSearch,
  type HnswOptions,
  type ResolvedHnswSettings,
} from './store/embedded/hnsw-options.js';
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
  defaultHnswSettings,
  type HnswSettings,
  hnswSettingLimits,
  legacyHnswSettings,
  vectorEncoding,
} from './store/vector-index.js';
export {
  cachedTokenCounter,
  createTokenCounter,
  defaultTokenCountCacheEntries,
  llama3TokenizerInstalled,
  type TokenCounterOptions,
  type TokenizerFamily,
  tokenizerDescription,
  tokenizerFamilies,
  tokenizerFamilyForModel,
} from './tokens/token-counter.js';
