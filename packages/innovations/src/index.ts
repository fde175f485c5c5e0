/**
 * @rootweaver/innovations — the multi-hop question-answering engine: `MultiHopRAG` and its planners,
 * the answer policy (grounding, composition, rule decomposition), the model-free extractor and
 * ADR-077's compaction. Pure given its ports: it reads no environment, file, flag or network.
 */

// The contracts the engine is built on, for callers that import the engine only.
export type * from '@rootweaver/core';
export { isRootweaverError, RootweaverError } from '@rootweaver/core';
// ADR-077: pre-synthesis compaction and the key-term answerability rule.
export {
  type CompactContextOptions,
  type CompactionCounts,
  type CompactionResult,
  compactContext,
  defaultAnswerabilityThreshold,
  isSubQueryOpen,
  reasoningKeyTerms,
  selectOpenSubQueries,
} from './compaction/index.js';
// The parts of the answer policy, for writing one's own.
export type {
  AnsweringNodeOptions,
  ComposeAnswerOptions,
  ComposeFallbackAnswerOptions,
  Composition,
  ConformAnswerOptions,
  ConformedAnswer,
  FallbackAnswer,
  FallbackEvidence,
  FallbackRule,
} from './composition/index.js';
export * from './config.js';
// The engine.
export {
  compactPromptVersion,
  defaultMaxQuestionChars,
  MultiHopRAG,
  type MultiHopRAGOptions,
  multiHopPromptVersion,
  singlePassPromptVersion,
  streamRun,
} from './engine/index.js';
// The default AnswerExtractor (no model), and the reliability table eval reports its confidence with.
export {
  AnswerTypeRouter,
  type AnswerTypeRouterOptions,
  answeringExtractorId,
  type ExtractorScope,
  HeuristicExtractor,
  type HeuristicExtractorOptions,
  inferAnswerType,
  type ReliabilityBin,
  type ReliabilityTable,
  reliabilityTable,
  routesTypedQuestions,
  TextAnalysisCache,
  type TextAnalysisCacheOptions,
} from './extraction/index.js';
export type { GroundingResult, GroundQuestionOptions, ParentAnswer } from './grounding/index.js';
// CompactRAG's rewriter slot: a small chat model grounds dependent sub-questions, the rules back it up.
export {
  type CheckRewriteOptions,
  checkRewrite,
  ModelQuestionRewriter,
  type ModelQuestionRewriterOptions,
  type RewriteVerdict,
  rewritePromptVersion,
} from './grounding/index.js';
// Plans: read an LLM's (or a recording's) decomposition to pass as `AskOptions.plan`.
export { type ParsePlanOptions, type PlanResult, parsePlan, validatePlan } from './plan/index.js';
// The LLM-free judgements the planners make, swappable one by one (`answerPolicy`).
export { type AnswerPolicy, defaultAnswerPolicy } from './policy/index.js';
