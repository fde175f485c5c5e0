export {
  type CompactContextOptions,
  type CompactionResult,
  compactContext,
  hopBlockHeader,
} from './compact-context.js';
export {
  answeredFraction,
  defaultAnswerabilityThreshold,
  isKeyTerm,
  isSubQueryOpen,
  reasoningKeyTermSet,
  reasoningKeyTerms,
  selectOpenSubQueries,
} from './key-terms.js';
export { stopWords } from './stop-words.js';
