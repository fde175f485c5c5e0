export {
  type GroundingResult,
  type GroundQuestionOptions,
  groundQuestion,
  type ParentAnswer,
} from './ground-question.js';
