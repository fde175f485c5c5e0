export type {
  AskOptions,
  Citation,
  ContextReport,
  ForcedStop,
  GroundingMethod,
  HopKind,
  HopTrace,
  LlmStage,
  MultiHopAnswer,
  MultiHopEvent,
  NodeTrace,
  PoolItem,
  RefusalReason,
  RewriteTrace,
  RewriteUsage,
  StageUsage,
  SynthesisReport,
  UsageReport,
} from './answer.js';
export type { Plan, PlanNode, PlanSource } from './plan.js';
export { type PlannerName, plannerNames, type SynthesisMode } from './planner.js';
export type {
  QuestionAnsweringEngine,
  RetrievalResult,
  RetrievedEvidence,
  RetrieveOptions,
} from './retrieval.js';
export {
  assertFilterKeysKnown,
  isRetrievalFilterEmpty,
  isUnderSource,
  meetsCondition,
  normaliseSourcePrefix,
  type RetrievalFilter,
  sourceMetadataKey,
  validateRetrievalFilter,
} from './retrieval-filter.js';
export type { MultiHopSearchResult } from './search-result.js';
export { isSentencePair, sourceSentenceMetadataKey } from './sentence-pair.js';
