import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AnswerExtractor,
  ChatModel,
  Embedder,
  KnowledgeStore,
  NameKindModel,
  TokenCounter,
} from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import type { WordVectorTable } from '@rootweaver/models';
import { OpenAIChatModel } from './llm/openai-chat-model.js';
import { OpenAIEmbedder } from './llm/openai-embedder.js';
import { EmbeddedStore } from './store/embedded-store.js';
import {
  createTokenCounter,
  type TokenizerFamily,
  tokenizerDescription,
  tokenizerFamilies,
  tokenizerFamilyForModel,
} from './tokens/token-counter.js';

export interface ProviderSettings {
  /**
   * The index directory (`rootweaver index build` or `import` made it). It must exist and hold the
   * index's `manifest.json` unless `create` is set: a mistyped path is an error, never an empty index.
   */
  readonly indexDirectory: string;
  /** Create the store when the directory holds none (what `index build` and `import` do). Default false. */
  readonly create?: boolean;
  /** Environment to read; default `process.env`. Variables: see `describeProviderEnvironment`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Overrides `OPENAI_BASE_URL` / `OPENAI_API_KEY` / `ROOTWEAVER_LLM_MODEL`. */
  readonly llm?: { readonly baseURL?: string; readonly apiKey?: string; readonly model?: string };
  /**
   * `wordvectors`: embed with `WordVectorEmbedder` (SIF over the shipped GloVe table of
   * `@rootweaver/models`, no model to run); `none`: no embedder, whatever the environment says.
   * Default `ROOTWEAVER_EMBEDDER`; unset, an ONNX folder or an embedding model on the LLM server
   * decides (below). An index keeps the embedder it was built with: query it with the same one.
   */
  readonly embedder?: EmbedderChoice;
  /** A local ONNX sentence encoder folder (`model.onnx` + `tokenizer.json`); default `ROOTWEAVER_EMBEDDER_MODEL_DIR`. */
  readonly embedderModelDirectory?: string;
  /** A local ONNX extractive-QA model folder; default `ROOTWEAVER_EXTRACTOR_MODEL_DIR`. */
  readonly extractorModelDirectory?: string;
  /** Open the store read-only (queries only). */
  readonly readonly?: boolean;
  /**
   * The extractor when no ONNX one is configured: `trained` loads the span ranker shipped in
   * `@rootweaver/models` (ADR-0019); `heuristic` (the default of `multi_hop.yaml`) loads no model and leaves
   * the engine its heuristic extractor, as index builds, which answer nothing, do.
   */
  readonly extractor?: 'trained' | 'heuristic';
}

/** The embedders chosen by name (`ProviderSettings.embedder`, `ROOTWEAVER_EMBEDDER`). */
export const embedderChoices = ['wordvectors', 'none'] as const;
export type EmbedderChoice = (typeof embedderChoices)[number];

/** Everything the capability and the CLI need, built from settings and the environment. */
export interface ProviderSet {
  readonly store: KnowledgeStore;
  /** Present only when an LLM is configured (OPENAI_BASE_URL, OPENAI_API_KEY or settings.llm). */
  readonly chatModel?: ChatModel;
  /** Present when a dense embedder is configured (ONNX folder, or ROOTWEAVER_EMBEDDING_MODEL with an LLM server). */
  readonly embedder?: Embedder;
  /** The trained span ranker (`extractor: 'trained'`), or an ONNX extractive-QA model when one is configured; absent with `extractor: 'heuristic'`. */
  readonly extractor?: AnswerExtractor;
  /**
   * The trained name-kind model (`extractor: 'trained'`): the engine hands it to the heuristic that
   * answers the typed sub-questions beside the reader. Absent with `extractor: 'heuristic'` (rules only)
   * and with an ONNX extractor.
   */
  readonly nameKinds?: NameKindModel;
  /** The pretrained word vectors the trained models read, loaded once and shared. */
  readonly wordVectors?: WordVectorTable;
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
  ROOTWEAVER_EMBEDDER: `Embedder by name: ${embedderChoices.join(' | ')} (wordvectors: SIF over the shipped word vectors).`,
  ROOTWEAVER_EMBEDDER_MODEL_DIR: 'Local ONNX sentence-encoder folder (model.onnx + tokenizer.json).',
  ROOTWEAVER_EXTRACTOR_MODEL_DIR: 'Local ONNX extractive-QA folder (model.onnx + tokenizer.json).',
  ROOTWEAVER_TOKENIZER: `Token counting family: ${tokenizerFamilies.join(' | ')}.`,
  ROOTWEAVER_REWRITER_MODEL: 'Rewriter model (rewriter.kind llm) when multi_hop.yaml names none.',
  ROOTWEAVER_REWRITER_BASE_URL:
    "Rewriter's OpenAI-compatible server when multi_hop.yaml names none (else OPENAI_BASE_URL).",
  ROOTWEAVER_REWRITER_API_KEY:
    "Rewriter server's API key (OPENAI_API_KEY is sent only to the main LLM's server).",
};

/**
 * The file a finished build or import writes into its index (`manifestFileName` of @rootweaver/offline,
 * which providers does not load; `tools/cli`'s index-integrity test checks the names stay equal).
 */
export const indexManifestFileName = 'manifest.json';

/**
 * Refuses a directory that is not an index: missing, not a folder, or without a manifest. The message
 * names the path and the commands that make an index there.
 */
export function assertIndexDirectory(directory: string): void {
  const build = `build one with \`rootweaver index build --corpus DOCS --out ${directory}\` (or \`rootweaver index import --kb FILE --out ${directory}\`), or pass \`create: true\` to start an empty store`;
  if (!existsSync(directory)) {
    throw new RootweaverError(
      'not-found',
      `No index at ${directory}: the directory does not exist. Check the path, or ${build}.`,
      {
        details: { directory },
      },
    );
  }
  if (!statSync(directory).isDirectory()) {
    throw new RootweaverError(
      'not-found',
      `${directory} is a file, not an index directory. Check the path, or ${build}.`,
      {
        details: { directory },
      },
    );
  }
  if (!existsSync(join(directory, indexManifestFileName))) {
    throw new RootweaverError(
      'not-found',
      `${directory} holds no rootweaver index (no ${indexManifestFileName}; a build that never finished leaves none either). Check the path, or ${build}.`,
      { details: { directory } },
    );
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Builds the providers: the embedded store always (an existing index's, unless `create`); an LLM only when one is configured; a dense
 * embedder and an ONNX extractor only when their models are configured. With no configuration at
 * all everything still works: lexical retrieval, no LLM, no model.
 */
export async function createProviderSet(settings: ProviderSettings): Promise<ProviderSet> {
  // Before any model loads: a wrong path is the first thing to hear about.
  if (settings.create !== true) assertIndexDirectory(settings.indexDirectory);
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
  const embedderChoice = settings.embedder ?? nonEmpty(env.ROOTWEAVER_EMBEDDER);
  if (embedderChoice !== undefined && !embedderChoices.includes(embedderChoice as EmbedderChoice)) {
    throw new RootweaverError(
      'invalid-config',
      `ROOTWEAVER_EMBEDDER is '${embedderChoice}'; use one of: ${embedderChoices.join(', ')} (or unset it for an ONNX folder or the LLM server's embedding model).`,
    );
  }
  let wordVectors: WordVectorTable | undefined;
  if (embedderChoice === 'none') {
    lines.push('embedder: none (lexical BM25 retrieval)');
  } else if (embedderChoice === 'wordvectors') {
    const { loadWordVectors, WordVectorEmbedder } = await import('@rootweaver/models');
    wordVectors = await loadWordVectors();
    embedder = new WordVectorEmbedder({ vectors: wordVectors });
    lines.push(`embedder: ${embedder.modelId} (SIF over ${wordVectors.count} word vectors)`);
  } else if (embedderDirectory !== undefined) {
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
  let nameKindModel: NameKindModel | undefined;
  const extractorDirectory =
    nonEmpty(settings.extractorModelDirectory) ?? nonEmpty(env.ROOTWEAVER_EXTRACTOR_MODEL_DIR);
  if (extractorDirectory !== undefined) {
    const { OnnxSpanExtractor } = await import('./onnx/onnx-span-extractor.js');
    extractor = await OnnxSpanExtractor.load({ directory: extractorDirectory });
    lines.push(`extractor: ONNX span model from ${extractorDirectory}`);
  } else if (settings.extractor === 'trained') {
    const { loadWordVectors, NameKindClassifier, TrainedReader } = await import('@rootweaver/models');
    wordVectors ??= await loadWordVectors();
    const reader = await TrainedReader.load({ vectors: wordVectors });
    extractor = reader;
    nameKindModel = await NameKindClassifier.load({ vectors: wordVectors });
    lines.push(
      `extractor: ${reader.id} (trained span ranker, ${wordVectors.count} word vectors); names weighed by ${nameKindModel.id}`,
    );
  } else {
    lines.push('extractor: heuristic');
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
    `tokens: ${tokenizerDescription(family)}`,
  ].join('\n');

  return {
    store,
    ...(chatModel === undefined ? {} : { chatModel }),
    ...(embedder === undefined ? {} : { embedder }),
    ...(extractor === undefined ? {} : { extractor }),
    ...(nameKindModel === undefined ? {} : { nameKinds: nameKindModel }),
    ...(wordVectors === undefined ? {} : { wordVectors }),
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
