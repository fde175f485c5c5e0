import type {
  AskOptions,
  ChatModel,
  HopTrace,
  MultiHopAnswer,
  SynthesisMode,
  TokenCounter,
} from '@rootweaver/core';
import { isRootweaverError, throwIfAborted } from '@rootweaver/core';
import type { QuestionRecord } from '../dataset/question-record.js';
import { exactMatch, f1Score, normalizeAnswer } from '../metrics/answer-metrics.js';
import { type CountedCall, CountingChatModel, countPromptTokens } from '../replay/counting-chat-model.js';
import { RecordedPlanChatModel } from '../replay/recorded-plan-chat-model.js';
import type { NodeOutcome, QuestionResult, StageTokens } from './question-result.js';

/** Anything that answers like `MultiHopRAG` (the CLI passes the real engine; tests may pass their own). */
export interface AnswerEngine {
  ask(question: string, options: AskOptions): Promise<MultiHopAnswer>;
}

/** Builds an engine for one question around the chat model the harness chose (none for rule plans). */
export type EngineFactory = (options: { readonly chatModel?: ChatModel }) => AnswerEngine;

export type PlanSourceOption = 'recorded' | 'llm' | 'rules';
export type CompactionOption = 'on' | 'off' | 'both';

export interface EvaluateQuestionsOptions {
  readonly records: readonly QuestionRecord[];
  readonly createEngine: EngineFactory;
  readonly plans: PlanSourceOption;
  readonly synthesis: SynthesisMode;
  readonly compaction: CompactionOption;
  /** Counts every prompt and output (the Llama-3 tokenizer, to compare with the reference). */
  readonly tokenCounter: TokenCounter;
  /** A real LLM, when configured: decomposition for `--plans llm`, synthesis otherwise. */
  readonly llm?: ChatModel;
  readonly signal?: AbortSignal;
  /** Called after each question (progress on stderr). */
  readonly onResult?: (result: QuestionResult, index: number, total: number) => void;
}

interface SingleRun {
  readonly answer: MultiHopAnswer;
  readonly calls: readonly CountedCall[];
  readonly neededSynthesis: boolean;
  /** Prompt tokens of the synthesis call(s) refused for want of an LLM. */
  readonly refusedPromptTokens: number;
}

const zero: StageTokens = { input: 0, output: 0 };

function add(left: StageTokens, call: CountedCall): StageTokens {
  return { input: left.input + call.inputTokens, output: left.output + call.outputTokens };
}

async function runOnce(
  record: QuestionRecord,
  options: EvaluateQuestionsOptions,
  compaction: boolean,
): Promise<SingleRun> {
  const ask = async (synthesis: SynthesisMode) => {
    let replay: RecordedPlanChatModel | undefined;
    let inner: ChatModel | undefined;
    if (options.plans === 'recorded') {
      replay = new RecordedPlanChatModel({
        record,
        ...(options.llm === undefined ? {} : { afterDecomposition: options.llm }),
      });
      inner = replay;
    } else if (options.plans === 'llm') {
      inner = options.llm;
    }
    const counting =
      inner === undefined ? undefined : new CountingChatModel({ inner, counter: options.tokenCounter });
    const engine = options.createEngine(counting === undefined ? {} : { chatModel: counting });
    try {
      const answer = await engine.ask(record.question, {
        planner: 'compact',
        synthesis,
        // A synthesis call no LLM can make is answered extractively from what the run gathered: the
        // question is not run again.
        synthesisFallback: 'extractive',
        compaction,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      return {
        answer,
        calls: counting?.calls ?? [],
        synthesisRequested: replay?.synthesisRequested ?? false,
        refused: replay?.refused ?? [],
      };
    } catch (error) {
      if (replay?.synthesisRequested === true && !isRootweaverError(error, 'aborted')) {
        return {
          answer: undefined,
          calls: counting?.calls ?? [],
          synthesisRequested: true,
          refused: replay.refused,
        };
      }
      throw error;
    }
  };
  const first = await ask(options.synthesis);
  if (!first.synthesisRequested && first.answer !== undefined) {
    return { answer: first.answer, calls: first.calls, neededSynthesis: false, refusedPromptTokens: 0 };
  }
  const refusedPromptTokens = first.refused.reduce(
    (sum, messages) => sum + countPromptTokens(messages, options.tokenCounter),
    0,
  );
  // The engine wanted a synthesis call and no real LLM is configured: never fake it. The engine
  // answered with its extractive semantics from what it had gathered (no LLM call); say so.
  if (first.answer !== undefined) {
    return { answer: first.answer, calls: first.calls, neededSynthesis: true, refusedPromptTokens };
  }
  // An engine that threw instead (one that does not take `synthesisFallback`): run it extractive.
  const fallback = await ask('extractive');
  if (fallback.answer === undefined) {
    throw new Error('The engine asked for an LLM call even with synthesis "extractive".');
  }
  return { answer: fallback.answer, calls: fallback.calls, neededSynthesis: true, refusedPromptTokens };
}

function nodesOf(answer: MultiHopAnswer): NodeOutcome[] {
  const nodes: NodeOutcome[] = [];
  for (const hop of answer.hops) {
    for (const node of hop.nodes ?? []) {
      nodes.push({
        id: node.id,
        question: node.question,
        groundedQuestion: node.groundedQuestion,
        answer: node.answer,
        confidence: node.confidence,
        resolved: node.resolved,
        ...(node.rewrite === undefined
          ? {}
          : {
              rewrite:
                node.rewrite.outcome === 'rewritten'
                  ? 'rewritten'
                  : `fallback: ${node.rewrite.reason ?? 'failed'}`,
            }),
      });
    }
  }
  return nodes;
}

/** The part of a run that compaction must never change: every hop except synthesis, and the pool. */
export function trajectoryOf(answer: MultiHopAnswer): string {
  const hops = answer.hops
    .filter((hop: HopTrace) => hop.kind !== 'synthesize' && hop.kind !== 'compose')
    .map((hop) => ({
      iteration: hop.iteration,
      kind: hop.kind,
      subQuestions: hop.subQuestions,
      decision: hop.decision,
      itemsAdded: hop.itemsAdded,
      forcedStop: hop.forcedStop,
      // A rewrite's latency is the machine's, not the trajectory's.
      nodes: hop.nodes?.map((node) =>
        node.rewrite === undefined ? node : { ...node, rewrite: { ...node.rewrite, latencyMs: 0 } },
      ),
    }));
  return JSON.stringify({ hops, pool: answer.pool.map((item) => item.id) });
}

function stageTokens(run: SingleRun, plans: PlanSourceOption): QuestionResult['tokens'] {
  let decompose = zero;
  let decide = zero;
  let synthesize = zero;
  const synthesisByLlm = run.answer.synthesis.mode === 'llm';
  run.calls.forEach((call, index) => {
    const last = index === run.calls.length - 1;
    if (index === 0 && plans !== 'rules') decompose = add(decompose, call);
    else if (last && synthesisByLlm) synthesize = add(synthesize, call);
    else decide = add(decide, call);
  });
  const total = [decompose, decide, synthesize].reduce((sum, stage) => sum + stage.input + stage.output, 0);
  return { decompose, decide, synthesize, total };
}

function errorResult(record: QuestionRecord, error: unknown): QuestionResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    id: record.id,
    dataset: record.dataset,
    kind: record.kind,
    question: record.question,
    gold: record.answer,
    prediction: '',
    exactMatch: 0,
    f1: 0,
    llmCalls: 0,
    tokens: { decompose: zero, decide: zero, synthesize: zero, total: 0 },
    synthesisMode: 'none',
    synthesisReason: 'error',
    neededSynthesis: false,
    unansweredSynthesisPromptTokens: 0,
    planRepairs: [],
    nodes: [],
    answerConfidence: 0,
    nonLlmLatencyMs: 0,
    contextChars: {},
    goldInPool: false,
    citedDocuments: [],
    error: message,
    ...(record.reference === undefined ? {} : { reference: record.reference }),
    baselines: record.baselines,
  };
}

/** Whether the normalised gold answer occurs, as whole words, in some pool item's text. */
export function goldInPool(answer: Pick<MultiHopAnswer, 'pool'>, gold: string): boolean {
  const wanted = normalizeAnswer(gold);
  if (wanted.length === 0) return false;
  return answer.pool.some((item) =>
    ` ${normalizeAnswer(`${item.text} ${item.answer ?? ''} ${item.passage}`)} `.includes(` ${wanted} `),
  );
}

/** Runs one question through the engine (twice with compaction `both`) and scores it. */
export async function evaluateQuestion(
  record: QuestionRecord,
  options: EvaluateQuestionsOptions,
): Promise<QuestionResult> {
  try {
    const primaryCompaction = options.compaction === 'on';
    const primary = await runOnce(record, options, primaryCompaction);
    let other: SingleRun | undefined;
    if (options.compaction === 'both') other = await runOnce(record, options, true);
    const { answer } = primary;
    const nodes = nodesOf(answer);
    const contextChars: { on?: number; off?: number } = {};
    if (options.compaction === 'on') contextChars.on = answer.context.chars;
    else contextChars.off = answer.context.chars;
    if (other !== undefined) contextChars.on = other.answer.context.chars;
    return {
      id: record.id,
      dataset: record.dataset,
      kind: record.kind,
      question: record.question,
      gold: record.answer,
      prediction: answer.answer,
      exactMatch: exactMatch(answer.answer, record.answer),
      f1: f1Score(answer.answer, record.answer),
      llmCalls: primary.calls.length,
      ...(answer.usage.rewrite === undefined
        ? {}
        : {
            rewrite: {
              calls: answer.usage.rewrite.calls,
              fallbacks: answer.usage.rewrite.fallbacks,
              inputTokens: answer.usage.rewrite.inputTokens,
              outputTokens: answer.usage.rewrite.outputTokens,
              latencyMs: answer.usage.rewrite.latencyMs,
            },
          }),
      tokens: stageTokens(primary, options.plans),
      synthesisMode: answer.synthesis.mode,
      synthesisReason: answer.synthesis.reason,
      neededSynthesis: primary.neededSynthesis,
      unansweredSynthesisPromptTokens: primary.refusedPromptTokens,
      ...(answer.refusal === undefined ? {} : { refusal: answer.refusal }),
      ...(answer.plan === undefined ? {} : { planSource: answer.plan.source }),
      planRepairs: answer.plan?.repairs ?? [],
      nodes,
      // The engine's own answer confidence (composed and extractive answers); else the weakest node's.
      answerConfidence:
        answer.synthesis.confidence ??
        (nodes.length === 0 ? 0 : Math.min(...nodes.map((node) => node.confidence))),
      nonLlmLatencyMs: answer.usage.nonLlmLatencyMs,
      contextChars,
      ...(other === undefined
        ? {}
        : { trajectoryIdentical: trajectoryOf(other.answer) === trajectoryOf(answer) }),
      goldInPool: goldInPool(answer, record.answer),
      citedDocuments: answer.citations.map((citation) => citation.documentId),
      ...(record.reference === undefined ? {} : { reference: record.reference }),
      baselines: record.baselines,
    };
  } catch (error) {
    if (isRootweaverError(error, 'aborted')) throw error;
    return errorResult(record, error);
  }
}

/** Evaluates the records one after another (the engine parallelises inside a question). */
export async function evaluateQuestions(options: EvaluateQuestionsOptions): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  for (const [index, record] of options.records.entries()) {
    throwIfAborted(options.signal);
    const result = await evaluateQuestion(record, options);
    results.push(result);
    options.onResult?.(result, index, options.records.length);
  }
  return results;
}
