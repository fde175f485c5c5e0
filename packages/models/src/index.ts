export {
  commonComponentSample,
  defaultSifSmoothing,
  WordVectorEmbedder,
  type WordVectorEmbedderOptions,
  zipfProbability,
} from './embedding/word-vector-embedder.js';
export {
  type PartOfSpeech,
  type PartOfSpeechTagger,
  partOfSpeechTags,
  type TaggedSpan,
  tagsOfTokens,
  WinkTagger,
} from './language/part-of-speech.js';
export {
  NameKindClassifier,
  type NameKindClassifierOptions,
  nameKindNetworkName,
  readNameKindWeights,
  shippedNameKindPath,
} from './name-kind/name-kind-classifier.js';
export {
  nameKindFeatureCount,
  nameKindFeaturesOf,
  nameShapeFeatureNames,
} from './name-kind/name-kind-features.js';
export { nameKindFingerprint } from './name-kind/name-kind-fingerprint.js';
export { applyCalibration, type LogisticCalibration, logit } from './network/calibration.js';
export {
  decodeWeights,
  encodeWeights,
  readWeightsFile,
  type Tensor,
  type WeightsFile,
  type WeightsHeader,
} from './network/weights-file.js';
export {
  type ReaderSettings,
  readerNetworkName,
  shippedReaderPath,
  TrainedReader,
  type TrainedReaderOptions,
} from './reader/trained-reader.js';
export {
  featurisePointer,
  type PointerCandidate,
  type PointerFeatureName,
  type PointerInput,
  type PointerOptions,
  pointerCandidates,
  pointerFeatureCount,
  pointerFeatureNames,
} from './rewriter/pointer-features.js';
export { pointerFingerprint } from './rewriter/pointer-fingerprint.js';
export { type PointedPhrase, pointPhrase } from './rewriter/rank-phrases.js';
export { replaceSpan } from './rewriter/rewriter-input.js';
export {
  checkMinimumConfidence,
  defaultMinimumConfidence,
  type RewritePrediction,
  type RewriterSettings,
  type RewriteStep,
  readRewriterWeights,
  rewriterNetworkName,
  shippedRewriterPath,
  TrainedRewriter,
  type TrainedRewriterOptions,
} from './rewriter/trained-rewriter.js';
export { type AnswerKind, type AnswerType, answerKinds, answerTypeOf } from './span-ranker/answer-type.js';
export { featureFingerprint } from './span-ranker/feature-fingerprint.js';
export { type RankedAnswer, rankSpans } from './span-ranker/rank-spans.js';
export {
  type FeaturiseOptions,
  featuriseSpans,
  type RankerPair,
  type RankingInput,
  type SpanCandidate,
  spanFeatureCount,
  spanFeatureNames,
} from './span-ranker/span-features.js';
export { TreeEnsemble } from './trees/tree-ensemble.js';
export { loadWordVectors, shippedWordVectorsPath } from './word-vectors/load-word-vectors.js';
export { WordVectorTable, type WordVectorTableInfo } from './word-vectors/word-vector-table.js';
