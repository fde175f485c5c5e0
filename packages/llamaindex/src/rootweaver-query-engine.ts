import { BaseQueryEngine, type QueryType } from '@llamaindex/core/query-engine';
import { EngineResponse, type NodeWithScore } from '@llamaindex/core/schema';
import { extractText } from '@llamaindex/core/utils';
import {
  type AskOptions,
  type MultiHopAnswer,
  type QuestionAnsweringEngine,
  toAnswerSummary,
} from '@rootweaver/core';
import { citationNode, toNodeWithScore } from './rootweaver-retriever.js';

export interface RootweaverQueryEngineOptions {
  /** `MultiHopRAG`, or `capability.asEngine()`. */
  readonly engine: QuestionAnsweringEngine;
  /** Options of every run (planner, deadline, signal …). */
  readonly askOptions?: AskOptions;
}

/**
 * A LlamaIndex.TS query engine that answers with rootweaver's whole run (plan, hops, composition or the
 * synthesis call): `query({ query })` gives an `EngineResponse` whose `sourceNodes` are the citations, and
 * `metadata.rootweaver` the answer's grounding, refusal, planner and usage; `query({ query, stream: true })`
 * yields the answer's deltas as they are made (a composed answer, which no LLM streams, in one piece).
 * Wrap it in LlamaIndex's `QueryEngineTool` to give it to an agent, or use `askTool`.
 */
export class RootweaverQueryEngine extends BaseQueryEngine {
  private readonly engine: QuestionAnsweringEngine;
  private readonly askOptions: AskOptions;

  constructor(options: RootweaverQueryEngineOptions) {
    super();
    this.engine = options.engine;
    this.askOptions = options.askOptions ?? {};
  }

  override async retrieve(params: QueryType): Promise<NodeWithScore[]> {
    const result = await this.engine.retrieve(extractText(params), this.askOptions);
    return result.evidence.map(toNodeWithScore);
  }

  async _query(query: QueryType, stream?: boolean): Promise<EngineResponse | AsyncIterable<EngineResponse>> {
    const question = extractText(query);
    if (stream !== true) return toResponse(await this.engine.ask(question, this.askOptions), false);
    return this.streamed(question);
  }

  protected _getPrompts(): Record<string, never> {
    return {};
  }

  protected _updatePrompts(): void {}

  protected _getPromptModules(): Record<string, never> {
    return {};
  }

  private async *streamed(question: string): AsyncGenerator<EngineResponse> {
    let streamedText = false;
    for await (const event of this.engine.stream(question, this.askOptions)) {
      if (event.type === 'answer-delta' && event.delta !== '') {
        streamedText = true;
        yield EngineResponse.fromResponse(event.delta, true, []);
      }
      if (event.type === 'finished') {
        const last = toResponse(event.answer, true);
        if (streamedText) last.message.content = '';
        yield last;
      }
    }
  }
}

function toResponse(answer: MultiHopAnswer, stream: boolean): EngineResponse {
  const response = EngineResponse.fromResponse(answer.answer, stream, answer.citations.map(citationNode));
  response.metadata = { rootweaver: toAnswerSummary(answer) };
  return response;
}
