export { type ContextBlock, factLine, poolBlocks, renderBlock, renderContext } from './build-context.js';
export { citationsFor, citationsForIds, type ResolvedCitations, resolveCitations } from './citations.js';
export { ContextPool, type PoolAddition } from './context-pool.js';
export { defaultMaxQuestionChars, MultiHopRAG, type MultiHopRAGOptions } from './multi-hop-rag.js';
export { fallbackPlan } from './planners/compact-planner.js';
export { normaliseQuestion, parseQuestionList } from './planners/parse-question-list.js';
export * from './prompts.js';
export { type EngineHeuristics, estimateTokens } from './run-context.js';
