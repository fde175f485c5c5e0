import { RootweaverError } from '@rootweaver/core';
import { OpenAIChatModel } from './openai-chat-model.js';

export interface RewriterChatModelSettings {
  /** The rewriter model; default `ROOTWEAVER_REWRITER_MODEL`. */
  readonly model?: string | undefined;
  /** Its own server; default `ROOTWEAVER_REWRITER_BASE_URL`, else the main LLM's. */
  readonly baseURL?: string | undefined;
  /** The main LLM's base URL when it is not `OPENAI_BASE_URL` (e.g. `providers.llm_base_url` of the YAML). */
  readonly mainBaseURL?: string | undefined;
  /** Per-call limit; the SDK gives up (no retries) past it. */
  readonly timeoutMs: number;
  /** Environment to read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function sameServer(left: string, right: string | undefined): boolean {
  return right !== undefined && left.replace(/\/+$/, '') === right.replace(/\/+$/, '');
}

/**
 * The chat model of the rewriter slot: an OpenAI-compatible server of its own (a small model), or the
 * main LLM's server with another model. No retries and a short timeout — a failed rewrite costs only a
 * fallback to the rules. Its API key comes from `ROOTWEAVER_REWRITER_API_KEY`; `OPENAI_API_KEY` is sent
 * only to the main LLM's own server, never to another one.
 */
export function createRewriterChatModel(settings: RewriterChatModelSettings): OpenAIChatModel {
  const env = settings.env ?? process.env;
  const model = nonEmpty(settings.model) ?? nonEmpty(env.ROOTWEAVER_REWRITER_MODEL);
  if (model === undefined) {
    throw new RootweaverError(
      'invalid-config',
      "rewriter.kind is 'llm' but no rewriter model is named: set rewriter.model in multi_hop.yaml, " +
        'ROOTWEAVER_REWRITER_MODEL, or pass --rewriter llm:MODEL@URL.',
    );
  }
  const mainBaseURL = nonEmpty(settings.mainBaseURL) ?? nonEmpty(env.OPENAI_BASE_URL);
  const ownBaseURL = nonEmpty(settings.baseURL) ?? nonEmpty(env.ROOTWEAVER_REWRITER_BASE_URL);
  const baseURL = ownBaseURL ?? mainBaseURL;
  const shared = ownBaseURL === undefined || sameServer(ownBaseURL, mainBaseURL);
  const apiKey =
    nonEmpty(env.ROOTWEAVER_REWRITER_API_KEY) ?? (shared ? nonEmpty(env.OPENAI_API_KEY) : undefined);
  if (baseURL === undefined && apiKey === undefined) {
    throw new RootweaverError(
      'not-configured',
      "rewriter.kind is 'llm' but no server is configured for it: set rewriter.base_url in multi_hop.yaml or " +
        'ROOTWEAVER_REWRITER_BASE_URL (a local OpenAI-compatible server), or pass --rewriter llm:MODEL@URL.',
    );
  }
  return new OpenAIChatModel({
    model,
    ...(baseURL === undefined ? {} : { baseURL }),
    // Never OPENAI_API_KEY for another server: the key given here, or the placeholder for keyless servers.
    apiKey: apiKey ?? 'no-key-needed',
    timeoutMs: settings.timeoutMs,
    maxRetries: 0,
    env: {},
  });
}
