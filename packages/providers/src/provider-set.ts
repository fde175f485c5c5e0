import type { AnswerExtractor, ChatModel, Embedder, KnowledgeStore, TokenCounter } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { OpenAIChatModel } from './llm/openai-chat-model.js';
import { OpenAIEmbedder } from './llm/openai-embedder.js';
import { EmbeddedStore } from './store/embedded-store.js';
import {
  createTokenCounter,
  llama3TokenizerInstalled,
  type TokenizerFamily,
  tokenizerFamilies,
  tokenizerFamilyForModel,
} from './tokens/token-counter.js';

export interface ProviderSettings {
  /** The embedded store's directory (created when missing). */
  readonly indexDirectory: string;
  /** Environment to read; default `process.env`. Variables: see `describeProviderEnvironment`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Overrides `OPENAI_BASE_URL` / `OPENAI_API_KEY` / `ROOTWEAVER_LLM_MODEL`. */
  readonly llm?: { readonly baseURL?: string; readonly apiKey?: string; readonly model?: string };
  /** A local ONNX sentence encoder folder (`model.onnx` + `tokenizer.json`); default `ROOTWEAVER_EMBEDDER_MODEL_DIR`. */
  readonly embedderModelDirectory?: string;
  /** A local ONNX extractive-QA model folder; default `ROOTWEAVER_EXTRACTOR_MODEL_DIR`. */
  readonly extractorModelDirectory?: string;
  /** Open the store read-only (queries only). */
  readonly readonly?: boolean;
}

/** Everything the capability and the CLI need, built from settings and the environment. */
export interface ProviderSet {
  readonly store: KnowledgeStore;
  /** Present only when an LLM is configured (OPENAI_BASE_URL, OPENAI_API_KEY or settings.llm). */
  readonly chatModel?: ChatModel;
  /** Present when a dense embedder is configured (ONNX folder, or ROOTWEAVER_EMBEDDING_MODEL with an LLM server). */
  readonly embedder?: Embedder;
  /** Present when an ONNX extractive-QA model is configured; otherwise use the heuristic extractor. */
  readonly extractor?: AnswerExtractor;
  readonly tokenCounter: TokenCounter;
  /** One line per provider, for `--verbose` output and logs (never contains keys). */
  describe(): string;
  close(): Promise<void>;
}

/** The environment variables `createProviderSet` reads, with what each does. */
export const providerEnvironment: Readonly<Record<string, string>> = {
  OPENAI_BASE_URL: 'OpenAI-compatible server base URL including /v1 (vLLM, Ollama, llama.cpp, OpenAI).',
  OPENAI_API_KEY: 'API key for that server (any value for local servers that need none).',
  ROOTWEAVER_LLM_MODEL: 'Chat model name (default gpt-4o-mini).',
  ROOTWEAVER_EMBEDDING_MODEL: 'Embedding model on the same server; enables dense + hybrid retrieval.',
  ROOTWEAVER_EMBEDDER_MODEL_DIR: 'Local ONNX sentence-encoder folder (model.onnx + tokenizer.json).',
  ROOTWEAVER_EXTRACTOR_MODEL_DIR: 'Local ONNX extractive-QA folder (model.onnx + tokenizer.json).',
  ROOTWEAVER_TOKENIZER: `Token counting family: ${tokenizerFamilies.join(' | ')}.`,
  ROOTWEAVER_REWRITER_MODEL: 'Rewriter model (rewriter.kind llm) when multi_hop.yaml names none.',
  ROOTWEAVER_REWRITER_BASE_URL:
    "Rewriter's OpenAI-compatible server when multi_hop.yaml names none (else OPENAI_BASE_URL).",
  ROOTWEAVER_REWRITER_API_KEY:
    "Rewriter server's API key (OPENAI_API_KEY is sent only to the main LLM's server).",
};

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Builds the providers: the embedded store always; an LLM only when one is configured; a dense
 * embedder and an ONNX extractor only when their models are configured. With no configuration at
 * all everything still works: lexical retrieval, no LLM, no model.
 */
export async function createProviderSet(settings: ProviderSettings): Promise<ProviderSet> {
  const env = settings.env ?? process.env;
  const baseURL = nonEmpty(settings.llm?.baseURL) ?? nonEmpty(env.OPENAI_BASE_URL);
  const apiKey = nonEmpty(settings.llm?.apiKey) ?? nonEmpty(env.OPENAI_API_KEY);
  const model = nonEmpty(settings.llm?.model) ?? nonEmpty(env.ROOTWEAVER_LLM_MODEL);
  const llmConfigured = baseURL !== undefined || apiKey !== undefined;
  const connection = {
    ...(baseURL === undefined ? {} : { baseURL }),
    ...(apiKey === undefined ? {} : { apiKey }),
    env,
  };

  const chatModel = llmConfigured
    ? new OpenAIChatModel({ ...connection, ...(model === undefined ? {} : { model }) })
    : undefined;

  const lines: string[] = [];
  let embedder: Embedder | undefined;
  const embedderDirectory =
    nonEmpty(settings.embedderModelDirectory) ?? nonEmpty(env.ROOTWEAVER_EMBEDDER_MODEL_DIR);
  const embeddingModel = nonEmpty(env.ROOTWEAVER_EMBEDDING_MODEL);
  if (embedderDirectory !== undefined) {
    const { OnnxEmbedder } = await import('./onnx/onnx-embedder.js');
    embedder = await OnnxEmbedder.load({ directory: embedderDirectory });
    lines.push(
      `embedder: ONNX ${embedder.modelId} (dimension ${embedder.dimension ?? '?'}) from ${embedderDirectory}`,
    );
  } else if (embeddingModel !== undefined && llmConfigured) {
    embedder = new OpenAIEmbedder({ ...connection, model: embeddingModel });
    lines.push(`embedder: ${embeddingModel} at ${baseURL ?? 'the OpenAI API'}`);
  } else {
    lines.push('embedder: none (lexical BM25 retrieval)');
  }

  let extractor: AnswerExtractor | undefined;
  const extractorDirectory =
    nonEmpty(settings.extractorModelDirectory) ?? nonEmpty(env.ROOTWEAVER_EXTRACTOR_MODEL_DIR);
  if (extractorDirectory !== undefined) {
    const { OnnxSpanExtractor } = await import('./onnx/onnx-span-extractor.js');
    extractor = await OnnxSpanExtractor.load({ directory: extractorDirectory });
    lines.push(`extractor: ONNX span model from ${extractorDirectory}`);
  } else {
    lines.push('extractor: none configured (use the heuristic extractor)');
  }

  const familySetting = nonEmpty(env.ROOTWEAVER_TOKENIZER);
  if (familySetting !== undefined && !tokenizerFamilies.includes(familySetting as TokenizerFamily)) {
    throw new RootweaverError(
      'invalid-config',
      `ROOTWEAVER_TOKENIZER is '${familySetting}'; use one of: ${tokenizerFamilies.join(', ')}.`,
    );
  }
  const family: TokenizerFamily =
    (familySetting as TokenizerFamily | undefined) ??
    (chatModel === undefined ? 'o200k' : tokenizerFamilyForModel(chatModel.modelId));
  // With an LLM every question counts its prompts: load the vocabulary now, not inside the first question.
  const tokenCounter = createTokenCounter(family, { preload: chatModel !== undefined });

  const store = await EmbeddedStore.open({
    directory: settings.indexDirectory,
    ...(embedder === undefined ? {} : { embedder }),
    ...(settings.readonly === true ? { readonly: true } : {}),
  });

  const description = [
    `store: embedded (SQLite FTS5 + usearch) at ${settings.indexDirectory}`,
    chatModel === undefined
      ? 'llm: none (set OPENAI_BASE_URL or OPENAI_API_KEY to enable)'
      : `llm: ${chatModel.modelId} at ${chatModel.baseURL}`,
    ...lines,
    family === 'llama3' && !llama3TokenizerInstalled()
      ? 'tokens: llama3, approximated with cl100k (npm install llama3-tokenizer-js for exact counts)'
      : `tokens: ${family}`,
  ].join('\n');

  return {
    store,
    ...(chatModel === undefined ? {} : { chatModel }),
    ...(embedder === undefined ? {} : { embedder }),
    ...(extractor === undefined ? {} : { extractor }),
    tokenCounter,
    describe: () => description,
    close: async () => {
      await store.close();
      const closable = [embedder, extractor] as unknown[];
      for (const provider of closable) {
        const close = (provider as { close?: () => Promise<void> } | undefined)?.close;
        if (typeof close === 'function') await close.call(provider);
      }
    },
  };
}
