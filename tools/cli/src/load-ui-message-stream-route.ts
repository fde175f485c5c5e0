import type { AnswerRoute } from '@rootweaver/capabilities';
import { RootweaverError } from '@rootweaver/core';

/**
 * `@rootweaver/ai-sdk`'s `POST /v1/chat` route (the AI SDK UI message stream), loaded only when `serve
 * --ui-message-stream` asks for it: it and its peer `ai` are optional peers of the CLI, so a CLI install
 * without them stays lean. Missing, the error names the install command.
 */
export async function loadUIMessageStreamRoute(
  load: () => Promise<{ uiMessageStreamRoute: () => AnswerRoute }> = () => import('@rootweaver/ai-sdk'),
): Promise<AnswerRoute> {
  try {
    return (await load()).uiMessageStreamRoute();
  } catch (error) {
    const missing =
      error instanceof Error &&
      'code' in error &&
      (error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND') &&
      /'(?:@rootweaver\/ai-sdk|ai)'/.test(error.message);
    if (!missing) throw error;
    throw new RootweaverError(
      'not-configured',
      "serve --ui-message-stream needs @rootweaver/ai-sdk and its peer ai (optional peers of @rootweaver/cli). Install them next to rootweaver: npm install @rootweaver/ai-sdk 'ai@^6.0.333'.",
      { cause: error },
    );
  }
}
