import type { Tracer } from '@opentelemetry/api';
import type {
  AnswerExtractor,
  AskOptions,
  ChatModel,
  KnowledgeStore,
  MultiHopAnswer,
  MultiHopEvent,
  MultiHopSearchResult,
  NameKindModel,
  PlannerName,
  QuestionRewriter,
  RefusalReason,
  RetrievalResult,
  RetrieveOptions,
  TokenCounter,
} from '@rootweaver/core';
import { isAbort, isRootweaverError, RootweaverError, validateRetrievalFilter } from '@rootweaver/core';
import {
  compactionRuns,
  type MultiHopConfig,
  type MultiHopConfigInput,
  resolveMultiHopConfig,
} from '../config.js';
import { AnswerTypeRouter, routesTypedQuestions } from '../extraction/answer-type-router.js';
import { HeuristicExtractor } from '../extraction/index.js';
import { type AnswerPolicy, defaultAnswerPolicy } from '../policy/index.js';
import { type Finished, gatherContext } from './gather-context.js';
import { AdaptivePlanner } from './planners/adaptive-planner.js';
import { CompactPlanner } from './planners/compact-planner.js';
import { KeytermPlanner } from './planners/keyterm-planner.js';
import type { Gathered, Planner, SynthesisOutcome } from './planners/planner.js';
import { SinglePassPlanner } from './planners/single-pass-planner.js';
import { toRetrievalResult } from './retrieval-result.js';
import { RunContext } from './run-context.js';
import { deadlineOutcome } from './run-deadline.js';
import { streamRun } from './run-stream.js';
import { defaultTracer } from './run-tracing.js';
import { warmUpEngine } from './warm-up.js';

export interface MultiHopRAGOptions {
  /** The LLM. Without one, `compact` and `keyterm` run rule-based and LLM-free; `adaptive` refuses. */
  readonly chatModel?: ChatModel | undefined;
  readonly store: KnowledgeStore;
  /**
   * Answers sub-questions without an LLM; defaults to `HeuristicExtractor`. With the config's
   * `extractorScope: 'untyped'` (`multi_hop.yaml`'s default; the engine's is `all`) it answers only the
   * sub-questions of no known answer type and a `HeuristicExtractor` the rest (`AnswerTypeRouter`).
   */
  readonly extractor?: AnswerExtractor | undefined;
  /**
   * Answers the yes/no sub-questions (`isPolarQuestion`: "Is A older than B?"), which a span extractor
   * cannot; defaults to the heuristic: `extractor` when it is a `HeuristicExtractor` or left to its
   * default, else a new one (its verdicts compare the evidence's attributes).
   */
  readonly polarExtractor?: AnswerExtractor | undefined;
  /**
   * What kind of thing a name names (`NameKindClassifier` of `@rootweaver/models`): given to the
   * `HeuristicExtractor` the engine makes (when `extractor` is not one), which weighs a capitalised
   * candidate by how well its kind agrees with the kind asked.
   */
  readonly nameKinds?: NameKindModel | undefined;
  /** Counts tokens when the model reports no usage, and for budgets; else about 4 characters a token. */
  readonly tokenCounter?: TokenCounter | undefined;
  /** Knobs to set (the rest default), or a config already resolved (by the capability): used as it is. */
  readonly config?: MultiHopConfigInput | undefined;
  /**
   * Swap any of the LLM-free judgements (grounding, composition, the fallback answer, conforming,
   * the answering node, rule decomposition); the rest stay `defaultAnswerPolicy`'s.
   */
  readonly answerPolicy?: Partial<AnswerPolicy> | undefined;
  /**
   * CompactRAG's rewriter slot: asked to ground each dependent sub-question (compact and keyterm planners),
   * the answer policy's rules backing it up (e.g. `new ModelQuestionRewriter({ chatModel: small })`). Its
   * calls are counted in `usage.rewrite`, apart from the LLM's. Required when `config.rewriter.kind` is
   * `llm`; without it the rules ground.
   */
  readonly rewriter?: QuestionRewriter | undefined;
  /** Longest accepted question, in characters. Default 2,000. */
  readonly maxQuestionChars?: number;
  /**
   * Where the run's OpenTelemetry spans go (run, hops, nodes, retrieval, extraction, LLM calls with the
   * GenAI semantic conventions, compaction). Default `trace.getTracer('rootweaver')`: the globally
   * registered SDK's, a no-op when none is.
   */
  readonly tracer?: Tracer | undefined;
}

export const defaultMaxQuestionChars = 2000;

/**
 * The multi-hop question-answering engine: one loop, three planners (`compact`, `adaptive`,
 * `keyterm`) plus single-pass RAG. Pure given its ports: it reads no environment, file or network.
 *
 * Shared by every planner: a context pool deduplicated by item id with a size cap; citations that
 * always resolve to pool items; a hop trace; usage by stage; caps and budgets that end in a normal
 * answer with `forcedStop`; cancellation by `AbortSignal` (a refusal `aborted` with the partial
 * trace, never a throw); typed events; and ADR-077's compaction — the full context drives every
 * decision, only the synthesis context is compacted, once, after the loop.
 */
export class MultiHopRAG {
  readonly config: MultiHopConfig;
  private readonly chatModel: ChatModel | undefined;
  private readonly store: KnowledgeStore;
  private readonly extractor: AnswerExtractor;
  private readonly polarExtractor: AnswerExtractor;
  private readonly tokenCounter: TokenCounter | undefined;
  private readonly maxQuestionChars: number;
  private readonly answerPolicy: AnswerPolicy;
  private readonly tracer: Tracer;
  private readonly rewriter: QuestionRewriter | undefined;

  constructor(options: MultiHopRAGOptions) {
    this.chatModel = options.chatModel;
    this.store = options.store;
    this.config = resolveMultiHopConfig(options.config);
    const given = options.extractor;
    // One heuristic for the sub-questions the given extractor leaves to it (typed, yes/no), if any.
    const heuristic =
      given instanceof HeuristicExtractor
        ? given
        : new HeuristicExtractor(options.nameKinds === undefined ? {} : { nameKinds: options.nameKinds });
    this.extractor =
      given === undefined
        ? heuristic
        : routesTypedQuestions(given, this.config.extractorScope)
          ? new AnswerTypeRouter({ typed: heuristic, untyped: given })
          : given;
    this.polarExtractor = options.polarExtractor ?? heuristic;
    this.tokenCounter = options.tokenCounter;
    this.maxQuestionChars = options.maxQuestionChars ?? defaultMaxQuestionChars;
    this.answerPolicy = { ...defaultAnswerPolicy, ...options.answerPolicy };
    this.tracer = options.tracer ?? defaultTracer();
    this.rewriter = options.rewriter;
    const { kind } = this.config.rewriter;
    if (this.rewriter === undefined && kind !== 'rules') {
      const example =
        kind === 'llm'
          ? 'new ModelQuestionRewriter({ chatModel })'
          : 'await TrainedRewriter.load({ vectors: await loadWordVectors() }) of @rootweaver/models';
      throw new RootweaverError(
        'not-configured',
        `config.rewriter.kind is '${kind}' but no rewriter was given: pass \`rewriter\` (e.g. ${example}), ` +
          "or build the engine with createEngine of @rootweaver/capabilities, which makes one from the config; or set rewriter.kind to 'rules'.",
      );
    }
  }

  /** Answers a question with the configured (or requested) planner. */
  async ask(question: string, options: AskOptions = {}): Promise<MultiHopAnswer> {
    const planner = options.planner ?? this.config.planner;
    return this.answer(question, planner, options);
  }

  /**
   * `ask` as it happens: an async iterable of the run's typed events (`plan`, `node-started`,
   * `retrieved`, `node-answered`, `decided`, `compacted`, `answer-delta`, …), ending with `finished`,
   * which carries the same answer `ask` returns. The run starts when the iteration does; leaving the
   * loop early cancels it, as `options.signal` does. Errors `ask` would throw are thrown by the loop.
   *
   * ```ts
   * for await (const event of rag.stream(question)) {
   *   if (event.type === 'answer-delta') process.stdout.write(event.delta);
   *   if (event.type === 'finished') console.log(event.answer.citations);
   * }
   * ```
   */
  stream(question: string, options: AskOptions = {}): AsyncIterable<MultiHopEvent> {
    return streamRun((runOptions) => this.ask(question, runOptions), options);
  }

  /**
   * Runs the LLM-free parts (the extractor, compaction) once on invented text, so the first question
   * does not pay for compiling them: call it at start-up and report the time apart. Retrieves nothing,
   * calls no LLM; the answers of later questions do not change.
   */
  async warmUp(options: { readonly signal?: AbortSignal } = {}): Promise<{ readonly durationMs: number }> {
    return { durationMs: await warmUpEngine(this.extractor, options.signal) };
  }

  /** Plain RAG: one retrieval with the whole question and one synthesis call (or the extractor's answer). */
  async askSinglePass(question: string, options: AskOptions = {}): Promise<MultiHopAnswer> {
    return this.answer(question, 'single-pass', options);
  }

  /**
   * The reasoning chain without the final answer: sub-questions, hops, pool, the full context and
   * `finalContext` (compacted when compaction is on). No synthesis call is made.
   */
  async multiHopSearch(question: string, options: AskOptions = {}): Promise<MultiHopSearchResult> {
    return this.search(question, options.planner ?? this.config.planner, options);
  }

  /**
   * Evidence without an answer: the run's plan, grounding, retrieval and node answers (the extractor's,
   * as `ask` makes them), then the pool as `evidence` — each item with its score, rank, metadata,
   * sub-question, `[N]` marker and plan node — with the run's usage. No synthesis call is made, so
   * with the rule-based planners no LLM is called at all. The options are `ask`'s.
   *
   * ```ts
   * const { evidence, nodes, usage } = await rag.retrieve(question);
   * for (const item of evidence) console.log(item.marker, item.score, item.subQuestion, item.text);
   * ```
   */
  async retrieve(question: string, options: RetrieveOptions = {}): Promise<RetrievalResult> {
    return toRetrievalResult(await this.multiHopSearch(question, options));
  }

  /** `retrieve` for plain RAG: one retrieval with the whole question (the capability's single-pass path). */
  async retrieveSinglePass(question: string, options: RetrieveOptions = {}): Promise<RetrievalResult> {
    return toRetrievalResult(await this.search(question, 'single-pass', options));
  }

  /** The planner's gather and the one compaction, no synthesis; the caller shapes the result. */
  private async search(
    question: string,
    plannerName: PlannerName | 'single-pass',
    options: AskOptions,
  ): Promise<MultiHopSearchResult> {
    const { run, planner } = this.startRun(question, plannerName, options);
    try {
      const finished = await gatherContext(run, planner);
      return this.searchResult(plannerName, finished);
    } catch (error) {
      run.tracing.fail(error);
      throw error;
    } finally {
      run.close();
    }
  }

  private searchResult(plannerName: PlannerName | 'single-pass', finished: Finished): MultiHopSearchResult {
    const { run } = finished;
    return {
      question: run.question,
      planner: plannerName,
      subQuestions: finished.gathered?.subQuestions ?? run.hops.flatMap((hop) => hop.subQuestions),
      hops: [...run.hops],
      pool: [...run.pool.items],
      ...(finished.plan === undefined ? {} : { plan: finished.plan }),
      ...(finished.nodes === undefined ? {} : { nodes: [...finished.nodes] }),
      fullContext: finished.fullContext,
      finalContext: finished.finalContext,
      openSubQueries: finished.gathered?.openSubQueries ?? [],
      context: finished.context,
      usage: run.usage.report(),
      ...(finished.forcedStop === undefined ? {} : { forcedStop: finished.forcedStop }),
      ...(finished.refusal === undefined ? {} : { refusal: finished.refusal }),
      promptTemplateVersion: finished.planner.promptTemplateVersion,
    };
  }

  private async answer(
    question: string,
    plannerName: PlannerName | 'single-pass',
    options: AskOptions,
  ): Promise<MultiHopAnswer> {
    const { run, planner } = this.startRun(question, plannerName, options);
    try {
      return await this.answerRun(plannerName, await gatherContext(run, planner));
    } catch (error) {
      run.tracing.fail(error);
      throw error;
    } finally {
      run.close();
    }
  }

  private async answerRun(
    plannerName: PlannerName | 'single-pass',
    finished: Finished,
  ): Promise<MultiHopAnswer> {
    const { run, planner } = finished;
    let outcome: SynthesisOutcome | undefined;
    let refusal = finished.refusal;
    if (refusal === undefined && finished.gathered === undefined && run.deadlineReached) {
      outcome = deadlineOutcome(run, finished.nodes ?? []);
      refusal = outcome.refusal;
    } else {
      if (refusal === undefined && run.pool.size === 0) refusal = 'no-evidence';
      if (refusal === undefined && finished.gathered !== undefined) {
        try {
          outcome = await this.synthesize(run, planner, finished.gathered, finished.finalContext);
          refusal = outcome.refusal;
        } catch (error) {
          if (!isAbort(error, run.signal)) throw error;
          outcome = run.deadlineReached ? deadlineOutcome(run, finished.gathered.nodes ?? []) : undefined;
          refusal = run.deadlineReached ? outcome?.refusal : 'aborted';
        }
      }
    }
    const answerText = refusal === undefined ? (outcome?.answer ?? '') : '';
    // The synthesis's own stop (the budget) replaces the loop's.
    const forcedStop = outcome?.forcedStop ?? finished.forcedStop;
    const result: MultiHopAnswer = {
      question: run.question,
      answer: answerText,
      grounded: isGrounded(refusal, answerText, run.pool.size, outcome),
      ...(refusal === undefined ? {} : { refusal }),
      ...(forcedStop === undefined ? {} : { forcedStop }),
      planner: plannerName,
      citations: refusal === undefined ? (outcome?.citations ?? []) : [],
      removedCitationMarkers: outcome?.removedCitationMarkers ?? 0,
      hops: [...run.hops],
      ...(finished.plan === undefined ? {} : { plan: finished.plan }),
      pool: [...run.pool.items],
      usage: run.usage.report(),
      context: finished.context,
      synthesis: outcome?.synthesis ?? { mode: 'none', reason: refusal ?? 'none' },
      promptTemplateVersion: planner.promptTemplateVersion,
    };
    run.tracing.recordAnswer(result);
    run.emit({ type: 'finished', answer: result });
    return result;
  }

  /**
   * The planner's synthesis; a call the chat model refused (`not-configured`) becomes, with
   * `synthesisFallback: 'extractive'`, the extractive answer from what was gathered (nothing is gathered again).
   */
  private async synthesize(
    run: RunContext,
    planner: Planner,
    gathered: Gathered,
    finalContext: string,
  ): Promise<SynthesisOutcome> {
    try {
      return await planner.synthesize(run, gathered, finalContext);
    } catch (error) {
      const refused =
        run.settings.synthesisFallback === 'extractive' &&
        run.settings.synthesisMode !== 'extractive' &&
        isRootweaverError(error, 'not-configured') &&
        !run.signal.aborted;
      if (!refused) throw error;
      run.answerExtractively();
      return planner.synthesize(run, gathered, finalContext);
    }
  }

  /** Validates the question and sets up its run; the caller closes the run when it is done. */
  private startRun(
    question: string,
    plannerName: PlannerName | 'single-pass',
    options: AskOptions,
  ): { run: RunContext; planner: Planner } {
    const trimmed = this.validateQuestion(question);
    const deadlineMs = this.deadlineFor(options.deadlineMs);
    const filter = validateRetrievalFilter(options.filter);
    const planner = this.plannerFor(plannerName);
    const run = new RunContext(
      {
        chatModel: this.chatModel,
        store: this.store,
        extractor: this.extractor,
        polarExtractor: this.polarExtractor,
        tokenCounter: this.tokenCounter,
        policy: this.answerPolicy,
        tracer: this.tracer,
        rewriter: this.rewriter,
      },
      {
        question: trimmed,
        planner: plannerName,
        config: this.config,
        compactionEnabled: compactionRuns({
          planner: plannerName,
          config: this.config,
          request: options.compaction,
        }),
        synthesisMode: options.synthesis ?? this.config.synthesis,
        synthesisFallback: options.synthesisFallback,
        signal: options.signal,
        onEvent: options.onEvent,
        history: options.history ?? [],
        givenPlan: options.plan,
        deadlineMs,
        maxQuestionChars: this.maxQuestionChars,
        filter,
      },
    );
    return { run, planner };
  }

  /** The run's deadline: the config's, or the request's when it asks for less. */
  private deadlineFor(requested: number | undefined): number {
    if (requested === undefined) return this.config.deadlineMs;
    if (typeof requested !== 'number' || !Number.isFinite(requested) || requested <= 0) {
      throw new RootweaverError(
        'invalid-input',
        `deadlineMs must be a positive number of milliseconds (at most ${this.config.deadlineMs}, the configured deadline_ms); got ${String(requested)}.`,
      );
    }
    return Math.min(requested, this.config.deadlineMs);
  }

  private validateQuestion(question: string): string {
    if (typeof question !== 'string' || question.trim().length === 0) {
      throw new RootweaverError('invalid-input', 'The question is empty: pass a non-empty question to ask.');
    }
    const trimmed = question.trim();
    if (trimmed.length > this.maxQuestionChars) {
      throw new RootweaverError(
        'invalid-input',
        `The question is ${trimmed.length} characters long; the limit is ${this.maxQuestionChars}. ` +
          'Shorten it, or raise maxQuestionChars when constructing MultiHopRAG.',
        { details: { length: trimmed.length, limit: this.maxQuestionChars } },
      );
    }
    return trimmed;
  }

  private plannerFor(name: PlannerName | 'single-pass'): Planner {
    switch (name) {
      case 'compact':
        return new CompactPlanner();
      case 'adaptive':
        if (this.chatModel === undefined) {
          throw new RootweaverError(
            'not-configured',
            'The adaptive planner needs an LLM for its decompose and decide calls: configure one ' +
              '(OPENAI_BASE_URL and OPENAI_API_KEY for an OpenAI-compatible server), or use the compact ' +
              'or keyterm planner, which run without an LLM.',
          );
        }
        return new AdaptivePlanner();
      case 'keyterm':
        return new KeytermPlanner();
      case 'single-pass':
        return new SinglePassPlanner();
      default:
        throw new RootweaverError(
          'invalid-input',
          `Unknown planner ${JSON.stringify(name)}: use compact, adaptive or keyterm.`,
        );
    }
  }
}

/**
 * An answer is grounded when one was given from a non-empty pool and, for a generated (LLM) answer,
 * at least one of its citation markers resolves to a pool item. Composed and extracted answers carry
 * their evidence as citations by construction.
 */
function isGrounded(
  refusal: RefusalReason | undefined,
  answer: string,
  poolSize: number,
  outcome: SynthesisOutcome | undefined,
): boolean {
  if (refusal !== undefined || answer.length === 0 || poolSize === 0 || outcome === undefined) return false;
  return outcome.synthesis.mode !== 'llm' || outcome.citations.length > 0;
}
