/**
 * @rootweaver/langchain — rootweaver in LangChain.js: `RootweaverRetriever` (a `BaseRetriever` over a
 * multi-hop run's evidence), `RootweaverAskTool` / `RootweaverRetrieveTool` (`StructuredTool`s) and
 * `LangChainChatModel` (any LangChain chat model as rootweaver's `ChatModel`). Peer dependency:
 * `@langchain/core` 1.
 */
export { LangChainChatModel, type LangChainChatModelOptions } from './langchain-chat-model.js';
export {
  type RootweaverDocumentMetadata,
  RootweaverRetriever,
  type RootweaverRetrieverInput,
  toDocument,
} from './rootweaver-retriever.js';
export { RootweaverAskTool, RootweaverRetrieveTool, type RootweaverToolFields } from './rootweaver-tools.js';
