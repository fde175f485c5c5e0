import { SpanKind, type Tracer } from '@opentelemetry/api';
import type {
  AnswerExtractor,
  ChatMessage,
  ChatModel,
  Extraction,
  ForcedStop,
  HopTrace,
  KnowledgeStore,
  LlmStage,
  MultiHopEvent,
  NodeTrace,
  Plan,
  PlannerName,
  QuestionRewriter,
  ResponseFormat,
  RetrievalFilter,
  RewriteParent,
  SearchHit,
  SynthesisMode,
  TokenCounter,
  TokenUsage,
} from '@rootweaver/core';
import {
  abortable,
  abortError,
  assertFilterKeysKnown,
  isRetrievalFilterEmpty,
  RootweaverError,
} from '@rootweaver/core';
import { isPolarQuestion } from '@rootweaver/language-en';
import type { MultiHopConfig } from '../config.js';
import type { AnswerPolicy } from '../policy/index.js';
import { ContextPool } from './context-pool.js';
import type { SubQuestionGrounding } from './ground-sub-question.js';
import { callRewriter, type Rewritten } from './rewriter-call.js';
import { RunTracing } from './run-tracing.js';
import { UsageTracker } from './usage-tracker.js';

export interface RunPorts {
  /** The LLM-free judgements the planners make (grounding, composition, rule decomposition…). */
  readonly policy: AnswerPolicy;
  readonly chatModel: ChatModel | undefined;
  readonly store: KnowledgeStore;
  readonly extractor: AnswerExtractor;
  /** Answers the yes/no sub-questions (`isPolarQuestion`). */
  readonly polarExtractor: AnswerExtractor;
  readonly tokenCounter: TokenCounter | undefined;
  /** Where the run's spans go (`@opentelemetry/api`; a no-op without an SDK). */
  readonly tracer: Tracer;
  /** The rewriter slot (CompactRAG's): asked first to ground dependent sub-questions; none means the rules. */
  readonly rewriter: QuestionRewriter | undefined;
}

export interface RunSettings {
  readonly question: string;
  readonly planner: PlannerName | 'single-pass';
  readonly config: MultiHopConfig;
  readonly compactionEnabled: boolean;
  readonly synthesisMode: SynthesisMode;
  /** What a synthesis call the chat model refused (`not-configured`) becomes; unset, the error is thrown. */
  readonly synthesisFallback: 'extractive' | undefined;
  readonly signal: AbortSignal | undefined;
  readonly onEvent: ((event: MultiHopEvent) => void) | undefined;
  readonly history: readonly ChatMessage[];
  readonly givenPlan: Plan | undefined;
  /** The whole-run deadline (ms): the config's, or the request's when smaller. */
  readonly deadlineMs: number;
  /** The longest question the engine accepts: a rewrite may not be longer. */
  readonly maxQuestionChars: number;
  /** What every retrieval of the run is restricted to (`AskOptions.filter`); undefined for everything. */
  readonly filter: RetrievalFilter | undefined;
}

export interface GenerateCall {
  readonly stage: LlmStage;
  readonly prompt: string;
  readonly responseFormat?: ResponseFormat;
  /** Stream text deltas as `answer-delta` events (the synthesis call only). */
  readonly stream?: boolean;
}

/** One rewriter call: its text, or why there is none (the rules then ground the sub-question). */
export interface Generated {
  readonly text: string;
  readonly latencyMs: number;
  readonly tokens: TokenUsage;
}

/** A rough token count (4 characters a token) used when no `TokenCounter` is configured. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** What a run announced before it ended: kept for the partial answer of a cancelled run. */
export interface Announced {
  readonly plan: Plan | undefined;
  readonly nodes: readonly NodeTrace[];
}

/**
 * The services one question's run gives its planner: ports with usage, budgets and cancellation
 * handled in one place, the pool, the hop trace and events. A planner reads and calls these; what it
 * found it returns (`Gathered`, `SynthesisOutcome`), and the engine builds the answer from that.
 */
export class RunContext {
  readonly usage: UsageTracker;
  /** The run's OpenTelemetry spans. */
  readonly tracing: RunTracing;
  private readonly trace: HopTrace[] = [];
  readonly pool: ContextPool;
  private announcedPlan: Plan | undefined;
  private readonly announcedNodes: NodeTrace[] = [];
  /**
   * The run's own signal: it fires when the caller's does or the run's deadline passes, and is what
   * every port call receives.
   */
  private readonly cancellation = new AbortController();
  private readonly forwardAbort: (() => void) | undefined;
  private readonly deadlineTimer: NodeJS.Timeout;
  private deadlinePassed = false;

  private runSettings: RunSettings;
  /** Sub-questions grounded with the rewriter so far, by question and parents (`groundSubQuestion`). */
  readonly groundings = new Map<string, SubQuestionGrounding>();

  constructor(
    readonly ports: RunPorts,
    settings: RunSettings,
  ) {
    this.runSettings = settings;
    this.pool = new ContextPool(settings.config.maxPoolChunks);
    this.tracing = new RunTracing(ports.tracer, {
      'rootweaver.planner': settings.planner,
      'rootweaver.compaction.enabled': settings.compactionEnabled,
      'rootweaver.synthesis.requested': settings.synthesisMode,
      'rootweaver.question.chars': settings.question.length,
    });
    this.usage = new UsageTracker({ rewriter: ports.rewriter !== undefined });
    // Ports may add an abort listener per call (the openai SDK does, and never removes it): they get
    // a signal that lives as long as this run, linked to the caller's by one listener that `close`
    // removes, so a signal shared by many questions gathers nothing.
    const callerSignal = settings.signal;
    const cancellation = this.cancellation;
    if (callerSignal !== undefined) {
      if (callerSignal.aborted) cancellation.abort(callerSignal.reason);
      else {
        this.forwardAbort = () => cancellation.abort(callerSignal.reason);
        callerSignal.addEventListener('abort', this.forwardAbort, { once: true });
      }
    }
    this.deadlineTimer = setTimeout(() => {
      if (cancellation.signal.aborted) return;
      this.deadlinePassed = true;
      cancellation.abort(
        new RootweaverError('aborted', `The question's deadline of ${settings.deadlineMs} ms passed.`),
      );
    }, settings.deadlineMs);
    this.deadlineTimer.unref?.();
  }

  /** Ends the run: stops its deadline clock, unlinks its signal from the caller's, ends its spans. */
  close(): void {
    clearTimeout(this.deadlineTimer);
    this.tracing.end();
    if (this.forwardAbort !== undefined)
      this.settings.signal?.removeEventListener('abort', this.forwardAbort);
  }

  get settings(): RunSettings {
    return this.runSettings;
  }

  /**
   * From now on the run answers as `synthesis: 'extractive'` does: after a synthesis call the chat
   * model refused, with `synthesisFallback: 'extractive'`.
   */
  answerExtractively(): void {
    this.runSettings = { ...this.runSettings, synthesisMode: 'extractive' };
  }

  /** True once the run's own deadline (not the caller) ended it. */
  get deadlineReached(): boolean {
    return this.deadlinePassed;
  }

  get question(): string {
    return this.settings.question;
  }

  get config(): MultiHopConfig {
    return this.settings.config;
  }

  get signal(): AbortSignal {
    return this.cancellation.signal;
  }

  /** Emits an event; a listener that throws does not break the run. */
  emit(event: MultiHopEvent): void {
    this.tracing.observe(event);
    try {
      this.settings.onEvent?.(event);
    } catch {
      // Listeners are observers: their failures must not change the answer.
    }
  }

  throwIfAborted(): void {
    if (this.signal.aborted) throw abortError(this.signal);
  }

  countTokens(text: string): number {
    return this.ports.tokenCounter?.count(text) ?? estimateTokens(text);
  }

  messagesFor(prompt: string): ChatMessage[] {
    return [...this.settings.history, { role: 'user', content: prompt }];
  }

  /**
   * Whether the per-question budgets allow one more LLM call with this prompt, keeping `reserveCalls`
   * calls (e.g. the synthesis) for later.
   */
  canCall(prompt: string, reserveCalls = 0): boolean {
    if (this.ports.chatModel === undefined || this.signal.aborted) return false;
    const { maxLlmCalls, maxTokens } = this.config.budgets;
    if (this.usage.llmCalls + 1 + reserveCalls > maxLlmCalls) return false;
    const messages = this.messagesFor(prompt);
    // A prompt that fits even at the counter's upper bound fits: no need to tokenize it here.
    const counter = this.ports.tokenCounter;
    if (counter?.upperBound !== undefined) {
      const bound = messages.reduce((sum, message) => sum + (counter.upperBound?.(message.content) ?? 0), 0);
      if (this.usage.tokens + bound <= maxTokens) return true;
    }
    const input = messages.reduce((sum, message) => sum + this.countTokens(message.content), 0);
    return this.usage.tokens + input <= maxTokens;
  }

  /** One LLM call: history prepended, usage recorded (reported, else counted), cancellable at once. */
  async generate(call: GenerateCall): Promise<Generated> {
    const chatModel = this.ports.chatModel;
    if (chatModel === undefined) {
      throw new RootweaverError('not-configured', 'This step needs an LLM: pass a chatModel to MultiHopRAG.');
    }
    this.throwIfAborted();
    const messages = this.messagesFor(call.prompt);
    const started = performance.now();
    // OpenTelemetry GenAI semantic conventions: span `chat {model}`, request and usage attributes.
    const generated = await this.tracing.span(
      `chat ${chatModel.modelId}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': chatModel.modelId,
          'gen_ai.request.temperature': this.config.temperature,
          'gen_ai.request.max_tokens': this.config.maxOutputTokens,
          'gen_ai.output.type':
            call.responseFormat === undefined || call.responseFormat.type === 'text' ? 'text' : 'json',
          'rootweaver.llm.stage': call.stage,
        },
      },
      () => this.callModel(chatModel, call, messages, started),
      (done) => ({
        'gen_ai.usage.input_tokens': done.tokens.inputTokens,
        'gen_ai.usage.output_tokens': done.tokens.outputTokens,
        'rootweaver.llm.usage_reported': done.reported,
      }),
    );
    this.usage.record(call.stage, { ...generated.tokens, latencyMs: generated.latencyMs });
    return { text: generated.text, latencyMs: generated.latencyMs, tokens: generated.tokens };
  }

  private async callModel(
    chatModel: ChatModel,
    call: GenerateCall,
    messages: readonly ChatMessage[],
    started: number,
  ): Promise<Generated & { readonly reported: boolean }> {
    const result = await abortable(
      chatModel.generate({
        messages,
        temperature: this.config.temperature,
        maxOutputTokens: this.config.maxOutputTokens,
        ...(call.responseFormat === undefined ? {} : { responseFormat: call.responseFormat }),
        signal: this.signal,
        ...(call.stream === true
          ? { onDelta: (delta: string) => this.emit({ type: 'answer-delta', delta }) }
          : {}),
      }),
      this.signal,
    );
    const latencyMs = result.latencyMs > 0 ? result.latencyMs : performance.now() - started;
    const reported = result.usage.inputTokens + result.usage.outputTokens > 0;
    const tokens: TokenUsage = reported
      ? result.usage
      : {
          inputTokens: messages.reduce((sum, message) => sum + this.countTokens(message.content), 0),
          outputTokens: this.countTokens(result.text),
        };
    return { text: result.text, latencyMs, tokens, reported };
  }

  /** The run's filter keys checked against the store's, once (the first retrieval waits for it). */
  private filterChecked: Promise<void> | undefined;

  private checkFilter(filter: RetrievalFilter): Promise<void> {
    const { store } = this.ports;
    this.filterChecked ??=
      store.metadataKeys === undefined
        ? Promise.resolve()
        : abortable(store.metadataKeys({ signal: this.signal }), this.signal).then(
            (keys) => assertFilterKeysKnown(filter, keys),
            (error: unknown) => {
              throw asStoreError(error);
            },
          );
    return this.filterChecked;
  }

  /**
   * Top-k retrieval for one sub-question (config's `topK` and `retrievalMode`, the run's filter),
   * cancellable at once.
   */
  async retrieve(query: string): Promise<SearchHit[]> {
    this.throwIfAborted();
    const filter = isRetrievalFilterEmpty(this.runSettings.filter) ? undefined : this.runSettings.filter;
    if (filter !== undefined) await this.checkFilter(filter);
    const result = await this.tracing
      .span(
        'rootweaver.retrieve',
        {
          question: query,
          attributes: {
            'rootweaver.retrieval.top_k': this.config.topK,
            'rootweaver.retrieval.mode': this.config.retrievalMode,
          },
        },
        () =>
          abortable(
            this.ports.store.search({
              query,
              topK: this.config.topK,
              mode: this.config.retrievalMode,
              ...(filter === undefined ? {} : { filter }),
              signal: this.signal,
            }),
            this.signal,
          ),
        (found) => ({ 'rootweaver.retrieval.hits': found.hits.length }),
      )
      .catch((error: unknown) => {
        throw asStoreError(error);
      });
    this.usage.retrievals += 1;
    return result.hits;
  }

  async extract(question: string, evidence: readonly SearchHit[]): Promise<Extraction> {
    this.throwIfAborted();
    const extractor = isPolarQuestion(question) ? this.ports.polarExtractor : this.ports.extractor;
    const extraction: Extraction =
      evidence.length === 0
        ? { answer: '', confidence: 0, evidenceIds: [] }
        : await this.tracing.span(
            'rootweaver.extract',
            {
              question,
              attributes: {
                'rootweaver.extractor': extractor.id,
                'rootweaver.extraction.candidates': evidence.length,
              },
            },
            () =>
              abortable(
                extractor.extract({
                  question,
                  evidence,
                  signal: this.signal,
                }),
                this.signal,
              ),
            (found) => ({
              'rootweaver.extraction.confidence': found.confidence,
              'rootweaver.extraction.evidence_count': found.evidenceIds.length,
            }),
          );
    // A node's work ends with its extraction.
    this.tracing.endNode(question, {
      'rootweaver.node.confidence': extraction.confidence,
      'rootweaver.node.evidence_count': extraction.evidenceIds.length,
      'rootweaver.node.answered': extraction.answer.trim().length > 0,
    });
    return extraction;
  }

  /**
   * One call of the rewriter slot, limited to `rewriter.timeoutMs` (not `kind: trained`) and cancellable with the run; it goes
   * to the rewriter's own account (`usage.rewrite`), never the LLM's or its budgets. A failure or a
   * timeout is returned, not thrown; only the run's own cancellation throws.
   */
  async rewrite(question: string, parents: readonly RewriteParent[]): Promise<Rewritten> {
    const rewriter = this.ports.rewriter;
    if (rewriter === undefined) {
      throw new RootweaverError('not-configured', 'This step needs a rewriter: pass one to MultiHopRAG.');
    }
    this.throwIfAborted();
    // A model call of its own (CompactRAG's rewriter slot): a client span with the GenAI attributes.
    return this.tracing.span(
      `chat ${rewriter.id}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': rewriter.id,
          'rootweaver.llm.stage': 'rewrite',
        },
      },
      () =>
        callRewriter({
          rewriter,
          question,
          parents,
          timeoutMs: this.config.rewriter.timeoutMs,
          // `timeout_ms` limits a model server's reply; the trained rewriter runs in process (its first
          // call loads it) and is not timed, so a run's groundings do not depend on the machine's load.
          timed: this.config.rewriter.kind !== 'trained',
          signal: this.signal,
          recordUsage: (usage) => this.usage.recordRewrite(usage),
        }),
      (rewritten) =>
        'failure' in rewritten
          ? { 'rootweaver.rewrite.failure': rewritten.failure }
          : {
              'gen_ai.usage.input_tokens': rewritten.tokens?.inputTokens ?? 0,
              'gen_ai.usage.output_tokens': rewritten.tokens?.outputTokens ?? 0,
            },
    );
  }

  /** The hop trace so far. */
  get hops(): readonly HopTrace[] {
    return this.trace;
  }

  /** Records a hop and returns it. */
  addHop(hop: HopTrace): HopTrace {
    this.trace.push(hop);
    return hop;
  }

  /** Rewrites the latest hop (e.g. to mark the cap that ended the loop after it). */
  amendLastHop(change: (hop: HopTrace) => HopTrace): void {
    const last = this.trace.pop();
    if (last !== undefined) this.trace.push(change(last));
  }

  /** Announces the plan the run follows, once it is fixed (event `plan`). */
  announcePlan(plan: Plan): void {
    this.announcedPlan = plan;
    this.emit({ type: 'plan', plan });
  }

  /** Announces a plan node's outcome once it is answered (event `node-answered`). */
  announceNode(node: NodeTrace, iteration: number): void {
    this.announcedNodes.push(node);
    this.emit({ type: 'node-answered', iteration, node });
  }

  /** What was announced so far: the engine's partial answer when the run is cancelled. */
  get announced(): Announced {
    return { plan: this.announcedPlan, nodes: [...this.announcedNodes] };
  }
}

/**
 * A store failure as a typed error: a `RootweaverError` stays as it is, anything else (a driver's
 * "database disk image is malformed") becomes `store-unavailable`, so callers answer 503, not 500.
 */
function asStoreError(error: unknown): unknown {
  if (error instanceof RootweaverError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new RootweaverError(
    'store-unavailable',
    `The knowledge store failed a search (${message.slice(0, 200)}). Check the index (rebuild it with rootweaver index build if it is corrupt) and the store's logs.`,
    { cause: error },
  );
}

/** The cap that ended a run early, as its hop trace records it: the latest hop that names one. */
export function lastForcedStop(hops: readonly HopTrace[]): ForcedStop | undefined {
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const forcedStop = hops[index]?.forcedStop;
    if (forcedStop !== undefined) return forcedStop;
  }
  return undefined;
}
