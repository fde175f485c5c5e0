/**
 * @rootweaver/ai-sdk — rootweaver in the Vercel AI SDK: `askTool` and `retrieveTool` for `generateText` /
 * `streamText` agents, `AiSdkChatModel` (any AI SDK language model as rootweaver's `ChatModel`),
 * `toUIMessageStream` (a run as the UI message stream `useChat` renders) and `uiMessageStreamRoute` (the same
 * over HTTP, for `rootweaver serve --ui-message-stream`). Peer dependency: `ai` 6.
 */
export { AiSdkChatModel, type AiSdkChatModelOptions } from './ai-sdk-chat-model.js';
export { askTool, type RootweaverToolOptions, retrieveTool } from './rootweaver-tools.js';
export {
  type RootweaverMessageMetadata,
  type RunEvent,
  type ToUIMessageStreamOptions,
  toUIMessageStream,
} from './to-ui-message-stream.js';
export {
  type ChatRouteRequest,
  type UIMessageStreamRouteOptions,
  uiMessageStreamRoute,
} from './ui-message-stream-route.js';
