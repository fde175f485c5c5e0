export {
  clusteredUnitVectors,
  randomUnitVectors,
  seededRandom,
  syntheticQaPairs,
} from '../store/synthetic-qa.js';
export {
  hashedEmbedding,
  OpenAICompatibleTestServer,
  type OpenAICompatibleTestServerOptions,
  type RecordedRequest,
  type RequestMatcher,
  type TestChatReply,
  type TestEmbeddingReply,
  type TestServerFault,
} from './openai-compatible-test-server.js';
export {
  type TinyModelOptions,
  type TinyTokenizerKind,
  tinyClassToken,
  tinyTokenWord,
  tinyVocabulary,
  writeTinyEncoder,
  writeTinySpanModel,
  writeTinyTokenizer,
} from './tiny-onnx-models.js';
