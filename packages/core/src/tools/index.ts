export {
  type AskToolOutput,
  askToolDescription,
  type QuestionToolInput,
  questionToolInputJsonSchema,
  type RetrieveToolOutput,
  retrieveToolDescription,
  toAskToolOutput,
  toRetrieveToolOutput,
} from './tool-contract.js';
