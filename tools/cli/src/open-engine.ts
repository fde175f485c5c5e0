import {
  type CapabilityProviders,
  createEngine,
  createQuestionRewriter,
  type LoadedMultiHopConfig,
  loadMultiHopConfig,
} from '@rootweaver/capabilities';
import type { ChatModel, QuestionRewriter, TokenCounter } from '@rootweaver/core';
import {
  HeuristicExtractor,
  type MultiHopConfig,
  type MultiHopRAG,
  routesTypedQuestions,
} from '@rootweaver/innovations';
import type { CliIo } from './command.js';
import type { EngineSettings } from './engine-options.js';
import { type IndexSource, type OpenedProviders, openIndex } from './index-source.js';
import { cacheDirectoryFor } from './repo-root.js';

export interface OpenEngineOptions {
  readonly io: CliIo;
  readonly source: IndexSource;
  /** `--config` and the flags that override it (`engineSettingsFrom`). */
  readonly settings: EngineSettings;
  readonly rebuild?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (message: string) => void;
}

export interface EngineReplacements {
  readonly chatModel?: ChatModel | undefined;
  readonly tokenCounter?: TokenCounter | undefined;
}

export interface OpenedEngine {
  readonly engine: MultiHopRAG;
  /** The config the engine runs with: `multi_hop.yaml`, then the command-line overrides. */
  readonly config: MultiHopConfig;
  /** The `multi_hop.yaml` read, or `defaults`. */
  readonly configSource: string;
  readonly providers: OpenedProviders;
  readonly description: string;
  /**
   * Which extractor answers: the configured one (the trained reader) or the heuristic, and with
   * `extractor_scope: untyped` which sub-questions each takes.
   */
  readonly extractorDescription: string;
  /** The rewriter slot the config asks for (`rewriter.kind: trained` or `llm`); undefined when the rules ground. */
  readonly rewriter: QuestionRewriter | undefined;
  /**
   * Another engine on the same index and config with the LLM replaced (eval's replayed or counted LLM;
   * `chatModel: undefined` for none) and, optionally, the token counter.
   */
  engineWith(replaced: EngineReplacements): MultiHopRAG;
  close(): Promise<void>;
}

/**
 * How every command gets its engine: the config from `loadMultiHopConfig` (`--config`, else
 * ROOTWEAVER_MULTI_HOP_CONFIG, else the default `multi_hop.yaml`; command-line flags over it), the index the
 * command named, and `createEngine` — the factory `MultiHopCapability` (and so `serve`) uses too.
 */
export async function openEngine(options: OpenEngineOptions): Promise<OpenedEngine> {
  const { io } = options;
  // The config first: a bad multi_hop.yaml is reported before any index is built.
  const loaded: LoadedMultiHopConfig = loadMultiHopConfig({
    configPath: options.settings.configPath,
    env: io.env,
    overrides: options.settings.overrides,
  });
  // Before the index too: a rewriter the config names but cannot build (no model, no server) is reported
  // first. The trained one is loaded after the index, over the word vectors the trained reader loaded.
  let rewriter =
    loaded.config.rewriter.kind === 'trained'
      ? undefined
      : await createQuestionRewriter({ config: loaded.config.rewriter, env: io.env });
  const opened = await openIndex({
    source: options.source,
    cacheDirectory: cacheDirectoryFor(io),
    env: io.env,
    rebuild: options.rebuild ?? false,
    extractor: loaded.providers.extractor,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  const { store, chatModel, tokenCounter } = opened.providers;
  if (loaded.config.rewriter.kind === 'trained')
    rewriter = await createQuestionRewriter({
      config: loaded.config.rewriter,
      env: io.env,
      wordVectors: opened.providers.wordVectors,
    });
  // One extractor for every engine made here (eval makes one per question): its analyses of the
  // passages it has seen are kept across questions.
  const extractor = opened.providers.extractor ?? new HeuristicExtractor();
  const engineWith = (replaced: EngineReplacements): MultiHopRAG => {
    const providers: CapabilityProviders = {
      store,
      tokenCounter: replaced.tokenCounter ?? tokenCounter,
      extractor,
      ...(opened.providers.nameKinds === undefined ? {} : { nameKinds: opened.providers.nameKinds }),
      ...(replaced.chatModel === undefined ? {} : { chatModel: replaced.chatModel }),
      ...(rewriter === undefined ? {} : { rewriter }),
    };
    return createEngine({ config: loaded.config, providers });
  };
  return {
    engine: engineWith({ chatModel }),
    config: loaded.config,
    configSource: loaded.source,
    providers: opened.providers,
    description: opened.description,
    extractorDescription: routesTypedQuestions(opened.providers.extractor, loaded.config.extractorScope)
      ? `${opened.extractorDescription} on untyped sub-questions, heuristic on the rest${opened.providers.nameKinds === undefined ? '' : ` (names weighed by ${opened.providers.nameKinds.id})`}`
      : opened.extractorDescription,
    rewriter,
    engineWith,
    close: () => opened.providers.close(),
  };
}
