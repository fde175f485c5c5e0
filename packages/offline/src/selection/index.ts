export { fitIsotonic } from './fit-isotonic.js';
export {
  describeEntity,
  dropWords,
  type QuestionVariant,
  questionVariants,
  reorderWords,
} from './perturb-question.js';
export {
  type ParsedRelation,
  paraphraseRelation,
  parseRelation,
  type RelationFamily,
  relationFamilies,
  renderRelation,
} from './relation-paraphrases.js';
export { chooseResolvePolicy, defaultResolveCoverage } from './resolve-policy.js';
export {
  answerSpanOf,
  buildSelectorTrainingSet,
  isExamplePair,
  type SelectorTrainingSet,
  type SelectorTrainingSetOptions,
  type TrainingQuery,
} from './selector-training-set.js';
export {
  resolveSummary,
  type SelectorTrainingOutcome,
  type TrainIndexSelectorOptions,
  type TrainIndexSelectorResult,
  trainIndexSelector,
  trainSelectorAfterBuild,
  writeSelectorFile,
} from './train-index-selector.js';
export {
  defaultEnsembleSize,
  defaultSettingsGrid,
  memberSeedStride,
  type RankerSettings,
  type TrainSelectorOptions,
  trainSelector,
} from './train-selector.js';
