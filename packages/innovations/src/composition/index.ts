export { type ComposeAnswerOptions, type Composition, composeAnswer } from './compose-answer.js';
export {
  type ComposeFallbackAnswerOptions,
  composeFallbackAnswer,
  type FallbackAnswer,
  type FallbackEvidence,
  type FallbackRule,
} from './compose-fallback-answer.js';
export { type ConformAnswerOptions, type ConformedAnswer, conformAnswer } from './conform-answer.js';
export {
  type ChoiceForm,
  type CommonForm,
  type ComparisonEvent,
  type ComparisonForm,
  type ComparisonMeasure,
  classifyQuestion,
  parseChoiceOptions,
  parseConjunctionOptions,
  type QuestionForm,
  type YesNoAttribute,
  type YesNoForm,
} from './question-form.js';
