export {
  type AnswerSummary,
  type AskToolOutput,
  askToolDescription,
  type QuestionToolInput,
  questionToolInputJsonSchema,
  type RetrieveToolOutput,
  retrieveToolDescription,
  toAnswerSummary,
  toAskToolOutput,
  toRetrieveToolOutput,
} from './tool-contract.js';
