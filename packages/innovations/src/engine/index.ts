export { defaultMaxQuestionChars, MultiHopRAG, type MultiHopRAGOptions } from './multi-hop-rag.js';
export { compactPromptVersion, multiHopPromptVersion, singlePassPromptVersion } from './prompts.js';
export { streamRun } from './run-stream.js';
