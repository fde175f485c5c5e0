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
  type DenseLayer,
  type IsotonicCalibration,
  parseSelectorModel,
  type ResolvePolicy,
  type SelectorModel,
  type SelectorTrainingReport,
  scoreRows,
  selectorFileName,
  selectorModelFormat,
  selectorModelFormatVersion,
  softmax,
} from './selector-model.js';
