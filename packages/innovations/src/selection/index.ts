// What the offline trainer shares with inference (`@rootweaver/innovations/selection`): the
// candidates and their signals, the answer type and the text helpers the selector sees at run time.
export { inferAnswerType } from '../extraction/answer-type.js';
export {
  type AnalysedCandidate,
  analyseCandidates,
  type CandidateAnalysis,
  type CandidateSignals,
  heuristicConfidence,
} from '../extraction/heuristic-extractor.js';
export { escapeRegExp, normaliseAnswer } from '../extraction/text.js';
export { TextAnalysisCache } from '../extraction/text-analysis.js';
export { type ReliabilityBin, type ReliabilityTable, reliabilityTable } from './calibration-bins.js';
export { LearnedSelector, type LearnedSelectorOptions } from './learned-selector.js';
export {
  candidateFeatureRows,
  selectorCandidateLimit,
  selectorFeatureNames,
  selectorFeatureVersion,
} from './selector-features.js';
export {
  calibrate,
  candidateProbabilities,
  type DenseLayer,
  type FeatureScaling,
  type IsotonicCalibration,
  parseSelectorModel,
  type ResolvePolicy,
  type SelectorMember,
  type SelectorModel,
  type SelectorTrainingReport,
  scoreRows,
  selectorFileName,
  selectorModelFormat,
  selectorModelFormatVersion,
  softmax,
} from './selector-model.js';
