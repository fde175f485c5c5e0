import type { MultiHopAnswer, RefusalReason } from '../vocabulary/answer.js';
import type { RetrievalResult } from '../vocabulary/retrieval.js';

/**
 * The `ask` and `retrieve` tools every framework adapter gives an agent (the AI SDK's `tool()`,
 * LangChain's `StructuredTool`, LlamaIndex's tools, MCP): one input schema, one description and one
 * output shape, so an agent sees the same tool whichever framework it runs in.
 */

/** The input of both tools. */
export interface QuestionToolInput {
  readonly question: string;
}

/** The JSON Schema (draft 2020-12 subset every framework reads) of the tools' input. */
export const questionToolInputJsonSchema = {
  type: 'object',
  properties: {
    question: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      description:
        'The question, in full, as a person would ask it; it may need facts from several documents.',
    },
  },
  required: ['question'],
  additionalProperties: false,
} as const;

export const askToolDescription =
  'Answers a factual question from the indexed documents by multi-hop retrieval: it decomposes the question ' +
  'into sub-questions, answers each from the evidence and returns the answer with its numbered citations. ' +
  'Use it for questions that need facts chained across documents.';

export const retrieveToolDescription =
  'Finds the evidence for a factual question in the indexed documents by multi-hop retrieval (sub-questions ' +
  'answered in turn, each grounded with the answers before it) and returns the numbered evidence and the ' +
  'sub-answers, without a final answer. Use it to read the sources and answer yourself.';

/** What the `ask` tool returns to the model. */
export interface AskToolOutput {
  readonly answer: string;
  readonly grounded: boolean;
  /** Why there is no answer, when there is none (`no-evidence`, `aborted`, …). */
  readonly refusal?: string;
  readonly citations: readonly {
    readonly marker: number;
    readonly title: string;
    readonly text: string;
    readonly documentId: string;
  }[];
}

/** What the `retrieve` tool returns to the model. */
export interface RetrieveToolOutput {
  readonly evidence: readonly {
    readonly marker: number;
    readonly title: string;
    readonly text: string;
    readonly documentId: string;
    readonly score: number;
    readonly subQuestion: string;
  }[];
  /** The sub-questions as grounded, with the answers the extractor read from the evidence. */
  readonly subAnswers: readonly {
    readonly question: string;
    readonly answer: string;
    readonly confidence: number;
  }[];
  readonly refusal?: string;
}

/**
 * What a framework's response metadata says of an answer (`metadata.rootweaver` of the AI SDK's UI message
 * and LlamaIndex's `EngineResponse`): grounding, refusal, planner and LLM usage.
 */
export interface AnswerSummary {
  readonly grounded: boolean;
  readonly refusal: RefusalReason | null;
  readonly planner: MultiHopAnswer['planner'];
  readonly llmCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export function toAnswerSummary(answer: MultiHopAnswer): AnswerSummary {
  return {
    grounded: answer.grounded,
    refusal: answer.refusal ?? null,
    planner: answer.planner,
    llmCalls: answer.usage.llmCalls,
    inputTokens: answer.usage.inputTokens,
    outputTokens: answer.usage.outputTokens,
  };
}

export function toAskToolOutput(answer: MultiHopAnswer): AskToolOutput {
  return {
    answer: answer.answer,
    grounded: answer.grounded,
    ...(answer.refusal === undefined ? {} : { refusal: answer.refusal }),
    citations: answer.citations.map((citation) => ({
      marker: citation.marker,
      title: citation.title,
      text: citation.text,
      documentId: citation.documentId,
    })),
  };
}

export function toRetrieveToolOutput(result: RetrievalResult): RetrieveToolOutput {
  return {
    evidence: result.evidence.map((item) => ({
      marker: item.marker,
      title: item.title,
      text: item.text,
      documentId: item.documentId,
      score: item.score,
      subQuestion: item.subQuestion,
    })),
    subAnswers: result.nodes.map((node) => ({
      question: node.groundedQuestion,
      answer: node.answer,
      confidence: node.confidence,
    })),
    ...(result.refusal === undefined ? {} : { refusal: result.refusal }),
  };
}
