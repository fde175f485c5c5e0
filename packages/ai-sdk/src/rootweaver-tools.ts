import {
  type AskOptions,
  type AskToolOutput,
  askToolDescription,
  type QuestionAnsweringEngine,
  type QuestionToolInput,
  questionToolInputJsonSchema,
  type RetrieveToolOutput,
  retrieveToolDescription,
  toAskToolOutput,
  toRetrieveToolOutput,
} from '@rootweaver/core';
import { jsonSchema, type Tool, tool } from 'ai';

export interface RootweaverToolOptions {
  /** Replaces the default description the model reads to decide when to call the tool. */
  readonly description?: string;
  /** Options of every run the tool starts (planner, deadline …); the call's abort signal is added. */
  readonly askOptions?: Omit<AskOptions, 'signal'>;
}

const questionInput = jsonSchema<QuestionToolInput>(questionToolInputJsonSchema as never);

/**
 * An AI SDK tool that answers a question with the engine (`MultiHopRAG`, or `capability.asEngine()`):
 * `{ answer, grounded, refusal?, citations }`. The run is cancelled with the call's `abortSignal`.
 *
 * ```ts
 * await generateText({ model, tools: { ask: askTool(rag) }, prompt });
 * ```
 */
export function askTool(
  engine: QuestionAnsweringEngine,
  options: RootweaverToolOptions = {},
): Tool<QuestionToolInput, AskToolOutput> {
  return tool({
    description: options.description ?? askToolDescription,
    inputSchema: questionInput,
    execute: async ({ question }, { abortSignal }) =>
      toAskToolOutput(await engine.ask(question, withSignal(options.askOptions, abortSignal))),
  });
}

/**
 * An AI SDK tool that returns the evidence of a multi-hop run without answering (`engine.retrieve`):
 * `{ evidence: [{ marker, title, text, documentId, score, subQuestion }], subAnswers }`, for a model that
 * answers itself.
 */
export function retrieveTool(
  engine: QuestionAnsweringEngine,
  options: RootweaverToolOptions = {},
): Tool<QuestionToolInput, RetrieveToolOutput> {
  return tool({
    description: options.description ?? retrieveToolDescription,
    inputSchema: questionInput,
    execute: async ({ question }, { abortSignal }) =>
      toRetrieveToolOutput(await engine.retrieve(question, withSignal(options.askOptions, abortSignal))),
  });
}

function withSignal(
  options: Omit<AskOptions, 'signal'> | undefined,
  signal: AbortSignal | undefined,
): AskOptions {
  return { ...options, ...(signal === undefined ? {} : { signal }) };
}
