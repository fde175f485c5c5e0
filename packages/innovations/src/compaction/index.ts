export {
  type BlockCompactionResult,
  type CompactContextOptions,
  type CompactionCounts,
  type CompactionResult,
  compactBlocks,
  compactContext,
} from './compact-context.js';
export {
  type CompactedBlock,
  type ContextBlock,
  renderCompactedContext,
  renderContext,
} from './context-blocks.js';
export {
  answeredFraction,
  defaultAnswerabilityThreshold,
  isSubQueryOpen,
  reasoningKeyTerms,
  selectOpenSubQueries,
} from './key-terms.js';
