import type { BaseToolWithCall } from '@llamaindex/core/llms';
import {
  type AskOptions,
  askToolDescription,
  type QuestionAnsweringEngine,
  type QuestionToolInput,
  questionToolInputJsonSchema,
  retrieveToolDescription,
  toAskToolOutput,
  toRetrieveToolOutput,
} from '@rootweaver/core';

export interface RootweaverToolOptions {
  /** Replaces the default name (`ask` / `retrieve`) and description the model reads. */
  readonly name?: string;
  readonly description?: string;
  /** Options of every run (planner, deadline, signal …). */
  readonly askOptions?: AskOptions;
}

/** Tool metadata with the shared JSON Schema of the question. */
function metadata(name: string, description: string) {
  return { name, description, parameters: { ...questionToolInputJsonSchema, required: ['question'] } };
}

/**
 * A LlamaIndex.TS tool (`BaseToolWithCall`, what `agent({ tools })` and the LLMs' tool calling take) that
 * answers with the engine: `{ answer, grounded, refusal?, citations }`.
 */
export function askTool(
  engine: QuestionAnsweringEngine,
  options: RootweaverToolOptions = {},
): BaseToolWithCall<QuestionToolInput> {
  return {
    metadata: metadata(options.name ?? 'ask', options.description ?? askToolDescription) as never,
    call: async (input: QuestionToolInput) =>
      toAskToolOutput(await engine.ask(input.question, options.askOptions)) as never,
  };
}

/** A LlamaIndex.TS tool that returns a multi-hop run's evidence and sub-answers, no final answer. */
export function retrieveTool(
  engine: QuestionAnsweringEngine,
  options: RootweaverToolOptions = {},
): BaseToolWithCall<QuestionToolInput> {
  return {
    metadata: metadata(options.name ?? 'retrieve', options.description ?? retrieveToolDescription) as never,
    call: async (input: QuestionToolInput) =>
      toRetrieveToolOutput(await engine.retrieve(input.question, options.askOptions)) as never,
  };
}
