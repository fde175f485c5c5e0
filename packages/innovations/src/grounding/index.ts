export { answerEntity } from './answer-entity.js';
export {
  type CheckRewriteOptions,
  checkRewrite,
  cleanRewrite,
  type RewriteVerdict,
} from './check-rewrite.js';
export {
  type GroundingResult,
  type GroundQuestionOptions,
  groundQuestion,
  type ParentAnswer,
} from './ground-question.js';
export {
  ModelQuestionRewriter,
  type ModelQuestionRewriterOptions,
  rewriteMessages,
  rewritePromptVersion,
} from './model-question-rewriter.js';
