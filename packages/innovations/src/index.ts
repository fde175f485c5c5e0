/**
 * @rootweaver/innovations — the multi-hop question-answering engine: `MultiHopRAG` and its planners,
 * the answer policy (grounding, composition, rule decomposition), the model-free extractor, the
 * learned answer selector and ADR-077's compaction. Pure given its ports: it reads no environment,
 * file, flag or network. What the offline selector trainer shares with inference is the
 * `@rootweaver/innovations/selection` subpath.
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
// The default AnswerExtractor (no model).
export {
  HeuristicExtractor,
  type HeuristicExtractorOptions,
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
// The learned answer selector (ADR-0007): an AnswerExtractor over a trained model file.
export {
  LearnedSelector,
  type LearnedSelectorOptions,
  parseSelectorModel,
  type SelectorModel,
  selectorFileName,
} from './selection/index.js';
