export { type AnsweringNodeOptions, answeringNode } from './answering-node.js';
export { type ComposeAnswerOptions, type Composition, composeAnswer } from './compose-answer.js';
export {
  type ComposeFallbackAnswerOptions,
  composeFallbackAnswer,
  type FallbackAnswer,
  type FallbackEvidence,
  type FallbackRule,
} from './compose-fallback-answer.js';
export { type ConformAnswerOptions, type ConformedAnswer, conformAnswer } from './conform-answer.js';
