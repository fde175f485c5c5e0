import {
  type AskOptions,
  type MultiHopAnswer,
  type MultiHopEvent,
  type PlannerName,
  type QuestionAnsweringEngine,
  RootweaverError,
  throwIfAborted,
} from '@rootweaver/core';
import {
  answeringExtractorId,
  compactionRuns,
  type MultiHopConfig,
  type MultiHopConfigInput,
  overrideMultiHopConfig,
  resolveMultiHopConfig,
  streamRun,
} from '@rootweaver/innovations';
import type { Registry } from 'prom-client';
import {
  type LoadedMultiHopConfig,
  loadMultiHopConfig,
  parseMultiHopConfig,
} from '../config/load-multi-hop-config.js';
import { createFlagSource } from '../flags/create-flag-source.js';
import type { FlagContext, FlagSource } from '../flags/flag-source.js';
import { type FlagSnapshot, readFlagSnapshot } from '../flags/read-flag-snapshot.js';
import { loadPromClient } from '../load-on-use.js';
import { MultiHopMetrics, type RequestOutcome } from '../metrics/multi-hop-metrics.js';
import {
  flagMetadata,
  rewriterMetadata,
  roundTenth,
  toMetadata,
  usageMetadata,
} from './capability-metadata.js';
import type {
  CapabilityEvent,
  CapabilityRequest,
  CapabilityResult,
  CapabilityRetrieval,
  CapabilityUser,
} from './capability-types.js';
import { createDefaultProviders, createEngine } from './create-engine.js';
import { createQuestionRewriter } from './create-question-rewriter.js';
import type { CapabilityProviders, MultiHopEngine, MultiHopEngineFactory } from './multi-hop-engine.js';

export interface MultiHopCapabilityOptions {
  /**
   * `multi_hop.yaml` path; else ROOTWEAVER_MULTI_HOP_CONFIG; else the checkout's
   * `configs/retrieval/multi_hop.yaml`, else the copy this package ships.
   */
  readonly configPath?: string;
  /** Knobs that override the YAML's (e.g. command-line flags). */
  readonly configOverrides?: MultiHopConfigInput;
  /** A config given directly (skips the YAML); unset knobs take their defaults. */
  readonly config?: MultiHopConfigInput;
  /** Defaults to `createFlagSource({ env })`: Unleash when UNLEASH_URL + UNLEASH_API_TOKEN are set, else bootstrap. */
  readonly flagSource?: FlagSource;
  /** Defaults to providers built from `indexDirectory` (or the YAML `providers:` section). */
  readonly providers?: CapabilityProviders;
  /**
   * Index directory built by `rootweaver index`, used when `providers` is not given; default the YAML's
   * `providers.index_directory`, `.rootweaver/index` unless set.
   */
  readonly indexDirectory?: string;
  /** Prometheus registry for the capability's metrics; a private one by default (never the global). */
  readonly registry?: Registry;
  /** Defaults to `createEngine` (`MultiHopRAG` from innovations). */
  readonly engineFactory?: MultiHopEngineFactory;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How long `create` waits for the flag source's first values (Unleash fetch, backup or bootstrap). */
  readonly flagReadyTimeoutMs?: number;
  /** Where warnings go (e.g. a flag rolling out `adaptive` with no LLM). Default: one stderr line each. */
  readonly onWarning?: (message: string) => void;
}

/** A request's flags and options, read once. */
interface PreparedRequest {
  readonly query: string;
  readonly started: number;
  readonly flags: FlagSnapshot;
  readonly planner: PlannerName;
  readonly plannerLabel: PlannerName | 'single-pass';
  readonly compaction: boolean;
  readonly options: AskOptions;
}

/**
 * How platform teams use rootweaver: one object, created once, that answers questions with the flags and
 * config the operators set. Flags are read once per request, with the request's user and tenant.
 */
export class MultiHopCapability {
  readonly config: MultiHopConfig;
  readonly configSource: string;
  readonly flagSource: FlagSource;
  readonly registry: Registry;
  private readonly metrics: MultiHopMetrics;
  private readonly engine: MultiHopEngine;
  private readonly ownedResources: (() => Promise<void>)[];
  /** The providers' extractor id (`heuristic` when none: the engine's default). */
  readonly extractorId: string;
  private readonly store: CapabilityProviders['store'] | undefined;
  /** False when no LLM is configured: a flag that rolls out `adaptive` falls back to `compact`. */
  private readonly llmAvailable: boolean;
  private readonly onWarning: (message: string) => void;
  private warnedAdaptiveFallback = false;
  /** The rewriter slot's id (`llm:<model>`), or `rules`. */
  readonly rewriterId: string;

  private constructor(input: {
    loaded: LoadedMultiHopConfig;
    flagSource: FlagSource;
    registry: Registry;
    engine: MultiHopEngine;
    ownedResources: (() => Promise<void>)[];
    extractorId: string;
    store: CapabilityProviders['store'] | undefined;
    llmAvailable: boolean;
    onWarning: (message: string) => void;
    rewriterId: string;
  }) {
    this.extractorId = input.extractorId;
    this.store = input.store;
    this.llmAvailable = input.llmAvailable;
    this.onWarning = input.onWarning;
    this.rewriterId = input.rewriterId;
    this.config = input.loaded.config;
    this.configSource = input.loaded.source;
    this.flagSource = input.flagSource;
    this.registry = input.registry;
    this.metrics = new MultiHopMetrics(input.registry);
    this.engine = input.engine;
    this.ownedResources = input.ownedResources;
  }

  static async create(options: MultiHopCapabilityOptions = {}): Promise<MultiHopCapability> {
    const env = options.env ?? process.env;
    const loaded: LoadedMultiHopConfig =
      options.config === undefined
        ? loadMultiHopConfig({
            env,
            configPath: options.configPath,
            ...(options.configOverrides === undefined ? {} : { overrides: options.configOverrides }),
          })
        : {
            config: overrideMultiHopConfig(
              resolveMultiHopConfig(options.config),
              options.configOverrides ?? {},
            ),
            providers: parseMultiHopConfig('').providers,
            source: 'options',
          };
    const ownedResources: (() => Promise<void>)[] = [];
    try {
      let flagSource = options.flagSource;
      if (flagSource === undefined) {
        const created = createFlagSource({ env });
        ownedResources.push(() => created.close());
        await created.ready({ timeoutMs: options.flagReadyTimeoutMs ?? 5_000 });
        flagSource = created;
      }
      let providers = options.providers;
      if (providers === undefined) {
        const indexDirectory = options.indexDirectory ?? loaded.providers.indexDirectory;
        const created = await createDefaultProviders({ settings: loaded.providers, indexDirectory, env });
        ownedResources.push(() => created.close?.() ?? Promise.resolve());
        providers = created;
      }
      // A custom engine factory brings its own models; the default engine needs an LLM for `adaptive`.
      const llmAvailable = options.engineFactory !== undefined || providers.chatModel !== undefined;
      if (loaded.config.planner === 'adaptive' && !llmAvailable) {
        throw new RootweaverError(
          'not-configured',
          `planner: adaptive (${loaded.source}) needs an LLM for its decompose and decide calls, and none is configured. Set OPENAI_BASE_URL (and OPENAI_API_KEY) for an OpenAI-compatible server, or choose planner: compact or keyterm.`,
        );
      }
      const rewriter =
        providers.rewriter ??
        (await createQuestionRewriter({
          config: loaded.config.rewriter,
          env,
          mainBaseURL: loaded.providers.llmBaseUrl,
        }));
      const engineProviders: CapabilityProviders = {
        store: providers.store,
        ...(providers.chatModel === undefined ? {} : { chatModel: providers.chatModel }),
        ...(providers.extractor === undefined ? {} : { extractor: providers.extractor }),
        ...(providers.nameKinds === undefined ? {} : { nameKinds: providers.nameKinds }),
        ...(providers.tokenCounter === undefined ? {} : { tokenCounter: providers.tokenCounter }),
        ...(rewriter === undefined ? {} : { rewriter }),
      };
      const engine = (options.engineFactory ?? createEngine)({
        config: loaded.config,
        providers: engineProviders,
      });
      return new MultiHopCapability({
        loaded,
        flagSource,
        registry: options.registry ?? new (loadPromClient().Registry)(),
        engine,
        ownedResources,
        extractorId: answeringExtractorId(
          providers.extractor,
          loaded.config.extractorScope,
          providers.nameKinds,
        ),
        store: providers.store,
        llmAvailable,
        onWarning:
          options.onWarning ?? ((message) => process.stderr.write(`[rootweaver] warning: ${message}\n`)),
        rewriterId: rewriter?.id ?? 'rules',
      });
    } catch (error) {
      // Nothing half-built stays open (an Unleash client keeps polling, a store keeps its file handles).
      for (const close of ownedResources.reverse()) await close().catch(() => {});
      throw error;
    }
  }

  async execute(request: CapabilityRequest): Promise<CapabilityResult> {
    const prepared = this.prepare(request);
    const answer = await this.run(prepared, prepared.options);
    return this.result(prepared, answer);
  }

  /**
   * `execute` as it happens: the engine's events (`plan`, `node-started`, `retrieved`, `node-answered`,
   * `decided`, `compacted`, `answer-delta`), then `finished` with what `execute` returns (metadata included).
   * The request is validated and the flags are read once, when `stream` is called; the run starts with the
   * iteration. Leaving the loop early cancels the run, as `request.signal` does.
   */
  stream(request: CapabilityRequest): AsyncIterable<CapabilityEvent> {
    const prepared = this.prepare(request);
    return this.events(prepared);
  }

  private async *events(prepared: PreparedRequest): AsyncGenerator<CapabilityEvent, void, undefined> {
    let finished: MultiHopAnswer | undefined;
    for await (const event of streamRun((options) => this.run(prepared, options), prepared.options)) {
      // The engine's `finished` carries the bare answer; the capability's adds the metadata, after the run.
      if (event.type === 'finished') finished = event.answer;
      else yield event;
    }
    if (finished !== undefined) yield { type: 'finished', result: this.result(prepared, finished) };
  }

  /** Validates the request and reads the flags: once per request. */
  private prepare(request: CapabilityRequest): PreparedRequest {
    validateRequest(request);
    const started = performance.now();
    const context: FlagContext = {
      ...(request.user?.id === undefined ? {} : { userId: request.user.id }),
      ...(request.user?.tenant === undefined ? {} : { tenant: request.user.tenant }),
    };
    const flags = readFlagSnapshot(this.flagSource, context);
    const planner = this.runnablePlanner(flags.plannerVariant ?? this.config.planner);
    const plannerLabel = flags.enabled ? planner : 'single-pass';
    // The compaction flag can only switch compaction off; `compaction_enabled` of the YAML decides otherwise.
    const compaction = compactionRuns({
      planner: plannerLabel,
      config: this.config,
      request: flags.compaction ? undefined : false,
    });
    const options: AskOptions = {
      compaction,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
      ...(request.deadlineMs === undefined ? {} : { deadlineMs: request.deadlineMs }),
      ...(request.history === undefined ? {} : { history: request.history }),
      ...(request.filter === undefined ? {} : { filter: request.filter }),
    };
    return { query: request.query, started, flags, planner, plannerLabel, compaction, options };
  }

  /** One engine run with the prepared flags; records the request's metrics when it ends. */
  private async run(prepared: PreparedRequest, options: AskOptions): Promise<MultiHopAnswer> {
    const { plannerLabel, started } = prepared;
    let answer: MultiHopAnswer;
    try {
      throwIfAborted(options.signal);
      answer = prepared.flags.enabled
        ? await this.engine.ask(prepared.query, { ...options, planner: prepared.planner })
        : await this.engine.askSinglePass(prepared.query, options);
    } catch (error) {
      this.metrics.record({
        planner: plannerLabel,
        outcome: 'error',
        durationSeconds: (performance.now() - started) / 1000,
      });
      throw error;
    }
    const outcome: RequestOutcome = answer.refusal === undefined ? 'answered' : 'refused';
    this.metrics.record({
      planner: plannerLabel,
      outcome,
      durationSeconds: (performance.now() - started) / 1000,
      contextChars: answer.context.chars,
      llmCalls: answer.usage.llmCalls,
    });
    return answer;
  }

  private result(prepared: PreparedRequest, answer: MultiHopAnswer): CapabilityResult {
    const latencyMs = performance.now() - prepared.started;
    return {
      answer: answer.answer,
      grounded: answer.grounded,
      citations: answer.citations,
      metadata: {
        multi_hop: {
          ...toMetadata(answer, prepared.flags, this.config, prepared.compaction, latencyMs),
          extractor: this.extractorId,
          rewriter: rewriterMetadata(this.rewriterId, answer.usage),
        },
      },
      result: answer,
    };
  }

  /**
   * `execute` without the answer: the run's plan, grounding, retrieval and node answers, then its
   * evidence (the pool), with the same flags (single-pass retrieval when the capability flag is off) and
   * no synthesis call. Retrievals are not counted in the ask metrics.
   */
  async retrieve(request: CapabilityRequest): Promise<CapabilityRetrieval> {
    const prepared = this.prepare(request);
    const { engine } = this;
    const retrieve = prepared.flags.enabled ? engine.retrieve : engine.retrieveSinglePass;
    if (retrieve === undefined) {
      throw new RootweaverError(
        'not-configured',
        'The engine this capability was created with has no retrieve method: use the default engine factory (createEngine), or give your MultiHopEngine retrieve and retrieveSinglePass.',
      );
    }
    throwIfAborted(request.signal);
    const result = await retrieve.call(engine, prepared.query, {
      ...prepared.options,
      ...(prepared.flags.enabled ? { planner: prepared.planner } : {}),
    });
    const { flags } = prepared;
    return {
      evidence: result.evidence,
      metadata: {
        multi_hop: {
          ...usageMetadata(result.usage),
          enabled: flags.enabled,
          planner: flags.enabled ? result.planner : 'single-pass',
          hops: result.hops.length,
          evidence: result.evidence.length,
          forced_stop: result.forcedStop ?? null,
          refusal: result.refusal ?? null,
          latency_ms: roundTenth(performance.now() - prepared.started),
          extractor: this.extractorId,
          rewriter: rewriterMetadata(this.rewriterId, result.usage),
          flags: flagMetadata(flags, this.config),
        },
      },
      result,
    };
  }

  /**
   * The capability as a `QuestionAnsweringEngine` (what `@rootweaver/langchain`, `@rootweaver/ai-sdk` and
   * `@rootweaver/llamaindex` wrap): `ask`, `retrieve` and `stream` run through `execute`, `retrieve` and
   * `stream` with this user's flags, so the framework gets the operators' planner, kill switch and metrics.
   * Of the options, `signal`, `history` and `deadlineMs` are passed on; the flags choose the rest.
   */
  asEngine(options: { readonly user?: CapabilityUser } = {}): QuestionAnsweringEngine {
    const request = (query: string, askOptions: AskOptions | undefined): CapabilityRequest => ({
      query,
      ...(options.user === undefined ? {} : { user: options.user }),
      ...(askOptions?.signal === undefined ? {} : { signal: askOptions.signal }),
      ...(askOptions?.history === undefined ? {} : { history: askOptions.history }),
      ...(askOptions?.deadlineMs === undefined ? {} : { deadlineMs: askOptions.deadlineMs }),
    });
    const stream = async function* (
      this: MultiHopCapability,
      query: string,
      askOptions?: AskOptions,
    ): AsyncGenerator<MultiHopEvent, void, undefined> {
      for await (const event of this.stream(request(query, askOptions))) {
        yield event.type === 'finished' ? { type: 'finished', answer: event.result.result } : event;
      }
    };
    return {
      ask: async (query, askOptions) => (await this.execute(request(query, askOptions))).result,
      retrieve: async (query, askOptions) => (await this.retrieve(request(query, askOptions))).result,
      stream: (query, askOptions) => stream.call(this, query, askOptions),
    };
  }

  /**
   * Runs the engine's warm-up (its extractor and compaction on invented text, nothing retrieved, no
   * LLM) so the first request does not pay for it; 0 ms for an engine without one.
   */
  async warmUp(options: { readonly signal?: AbortSignal } = {}): Promise<{ readonly durationMs: number }> {
    return (await this.engine.warmUp?.(options)) ?? { durationMs: 0 };
  }

  /** Resolves when the store answers a cheap query, rejects with why not (for `/healthz`). */
  async checkHealth(): Promise<void> {
    await this.store?.stats();
  }

  /**
   * The planner a request runs: a flag variant `adaptive` with no LLM runs `compact` instead, with one
   * warning (the YAML's `adaptive` without an LLM is refused by `create`).
   */
  private runnablePlanner(planner: PlannerName): PlannerName {
    if (planner !== 'adaptive' || this.llmAvailable) return planner;
    if (!this.warnedAdaptiveFallback) {
      this.warnedAdaptiveFallback = true;
      this.onWarning(
        'the planner flag selects adaptive, which needs an LLM, and none is configured: those requests run the compact planner. Configure an LLM or change the flag variant.',
      );
    }
    return 'compact';
  }

  /** Prometheus text exposition of this capability's registry. */
  metricsText(): Promise<string> {
    return this.registry.metrics();
  }

  /** Closes what `create` built itself (flag source, providers); injected ones stay open. */
  async close(): Promise<void> {
    for (const close of this.ownedResources.splice(0).reverse()) {
      await close();
    }
  }
}

function validateRequest(request: CapabilityRequest): void {
  if (typeof request.query !== 'string' || request.query.trim() === '') {
    throw new RootweaverError('invalid-input', 'The request needs a non-empty `query` string.');
  }
  const user = request.user;
  if (user !== undefined) {
    for (const key of ['id', 'tenant'] as const) {
      const value = user[key];
      if (value !== undefined && typeof value !== 'string') {
        throw new RootweaverError('invalid-input', `\`user.${key}\` must be a string when given.`);
      }
    }
  }
}
