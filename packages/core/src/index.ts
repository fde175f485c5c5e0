/**
 * @rootweaver/core — the contracts every rootweaver package shares, with no dependencies: the ports
 * (`ChatModel`, `Embedder`, `KnowledgeStore`, `AnswerExtractor`, `QuestionRewriter`, `TokenCounter`), the one error type
 * and its codes, cancellation helpers, vector helpers and the vocabulary of a multi-hop answer.
 */
export { abortable, abortError, isAbort } from './abortable.js';
export { type ChatModelFailureContext, chatModelFailure } from './chat-model-failure.js';
export { countedUsage } from './counted-usage.js';
export {
  isRootweaverError,
  RootweaverError,
  type RootweaverErrorCode,
  type RootweaverErrorOptions,
  redactSecrets,
  throwIfAborted,
} from './errors.js';
export { isModuleMissing, missingOptionalDependency } from './optional-dependency.js';
export { seededRandom } from './seeded-random.js';
export type * from './spec/index.js';
export { nameKinds } from './spec/name-kind-model.js';
export * from './tools/index.js';
export * from './vectors/index.js';
export * from './vocabulary/index.js';
