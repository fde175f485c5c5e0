export { type ChatMatcher, type ChatReply, type ChatScriptEntry, FakeChatModel } from './fake-chat-model.js';
export { FakeEmbedder } from './fake-embedder.js';
export {
  FakeQuestionRewriter,
  type FakeQuestionRewriterOptions,
  type FakeRewrite,
} from './fake-question-rewriter.js';
export { fuseByReciprocalRank, InMemoryStore, type InMemoryStoreOptions } from './in-memory-store.js';
export { InstrumentedStore, type InstrumentedStoreOptions, qaItem } from './instrumented-store.js';
export { type ScriptedExtraction, ScriptedExtractor } from './scripted-extractor.js';
