export { type ChatMatcher, type ChatReply, type ChatScriptEntry, FakeChatModel } from './fake-chat-model.js';
export { FakeEmbedder } from './fake-embedder.js';
export { FakeFlagSource } from './fake-flag-source.js';
export { fuseByReciprocalRank, InMemoryStore, type InMemoryStoreOptions } from './in-memory-store.js';
