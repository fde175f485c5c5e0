import type { AskOptions, MultiHopAnswer, NodeTrace, PlannerName } from '@rootweaver/core';
import type { MultiHopEngine } from '../capability/multi-hop-engine.js';

export interface FakeEngineCall {
  readonly method: 'ask' | 'askSinglePass';
  readonly question: string;
  readonly options: AskOptions;
}

export interface FakeMultiHopEngineOptions {
  /** Characters of the uncompacted synthesis context the fake reports. */
  readonly uncompactedChars?: number;
  /** The budget a compacted context is cut to. */
  readonly compactedChars?: number;
  /** Make every call fail with this error. */
  readonly failWith?: Error;
  /** Answer with this refusal. */
  readonly refusal?: MultiHopAnswer['refusal'];
}

/**
 * A `MultiHopEngine` that records every call and answers with a well-formed `MultiHopAnswer` reflecting what it
 * was asked: the planner, single-pass or not, compaction on or off. For testing the capability's wiring.
 */
export class FakeMultiHopEngine implements MultiHopEngine {
  readonly calls: FakeEngineCall[] = [];
  private readonly options: FakeMultiHopEngineOptions;

  constructor(options: FakeMultiHopEngineOptions = {}) {
    this.options = options;
  }

  ask(question: string, options: AskOptions = {}): Promise<MultiHopAnswer> {
    this.calls.push({ method: 'ask', question, options });
    return this.answer(question, options, options.planner ?? 'compact', 2);
  }

  askSinglePass(question: string, options: AskOptions = {}): Promise<MultiHopAnswer> {
    this.calls.push({ method: 'askSinglePass', question, options });
    return this.answer(question, options, 'single-pass', 1);
  }

  private async answer(
    question: string,
    options: AskOptions,
    planner: PlannerName | 'single-pass',
    llmCalls: number,
  ): Promise<MultiHopAnswer> {
    await Promise.resolve();
    if (this.options.failWith !== undefined) throw this.options.failWith;
    const uncompacted = this.options.uncompactedChars ?? 5000;
    const chars =
      options.compaction === true ? Math.min(uncompacted, this.options.compactedChars ?? 2000) : uncompacted;
    const text = `answer to ${question} by ${planner}`;
    const node: NodeTrace = {
      id: 1,
      question,
      groundedQuestion: question,
      groundingMethod: 'none',
      refs: [],
      answer: text,
      confidence: 0.9,
      resolved: true,
      evidenceIds: ['fake-item'],
    };
    // The events a one-node run reports, in the engine's order (`finished` last).
    const emit = options.onEvent ?? (() => {});
    if (planner !== 'single-pass') {
      emit({ type: 'plan', plan: { nodes: [{ id: 1, question, refs: [] }], source: 'rules', repairs: [] } });
      emit({ type: 'node-started', iteration: 1, nodeId: 1, question, groundedQuestion: question });
    }
    emit({ type: 'retrieved', iteration: 1, subQuestion: question, itemIds: ['fake-item'], itemsAdded: 1 });
    if (planner !== 'single-pass') emit({ type: 'node-answered', iteration: 1, node });
    for (const word of text.split(/(?<= )/)) emit({ type: 'answer-delta', delta: word });
    const answer: MultiHopAnswer = {
      question,
      answer: text,
      grounded: this.options.refusal === undefined,
      ...(this.options.refusal === undefined ? {} : { refusal: this.options.refusal }),
      planner,
      citations: [],
      removedCitationMarkers: 0,
      hops: Array.from({ length: llmCalls + 1 }, (_, index) => ({
        iteration: index,
        kind: index === 0 ? 'decompose' : 'retrieve',
        subQuestions: [question],
        itemsAdded: 1,
      })),
      pool: [],
      usage: {
        llmCalls,
        inputTokens: 100 * llmCalls,
        outputTokens: 10 * llmCalls,
        byStage: {},
        retrievals: 1,
        nonLlmLatencyMs: 1,
        totalLatencyMs: 2,
      },
      context: { chars, uncompactedChars: uncompacted, compacted: options.compaction === true },
      synthesis: { mode: 'llm', reason: 'fake' },
      promptTemplateVersion: 'fake',
    };
    emit({ type: 'finished', answer });
    return answer;
  }
}
