/**
 * @rootweaver/llamaindex — rootweaver in LlamaIndex.TS: `RootweaverRetriever` (a `BaseRetriever` over a
 * multi-hop run's evidence), `RootweaverQueryEngine` (a `BaseQueryEngine` answering with the whole run, for
 * LlamaIndex's `QueryEngineTool`) and the `askTool` / `retrieveTool` tools. Peer dependency:
 * `@llamaindex/core` 0.6.
 */
export { RootweaverQueryEngine, type RootweaverQueryEngineOptions } from './rootweaver-query-engine.js';
export {
  citationNode,
  RootweaverRetriever,
  type RootweaverRetrieverOptions,
  toNodeWithScore,
} from './rootweaver-retriever.js';
export { askTool, type RootweaverToolOptions, retrieveTool } from './rootweaver-tools.js';
