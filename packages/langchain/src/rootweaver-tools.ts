import type { CallbackManagerForToolRun } from '@langchain/core/callbacks/manager';
import { StructuredTool, type ToolParams, type ToolRunnableConfig } from '@langchain/core/tools';
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

export interface RootweaverToolFields extends ToolParams {
  /** `MultiHopRAG`, or `capability.asEngine()`. */
  readonly engine: QuestionAnsweringEngine;
  /** Replaces the default name (`ask` / `retrieve`) and description the model reads. */
  readonly name?: string;
  readonly description?: string;
  /** Options of every run (planner, deadline …); the call's signal is added. */
  readonly askOptions?: Omit<AskOptions, 'signal'>;
}

/** The JSON Schema both tools take; LangChain validates the model's arguments with it. */
type QuestionSchema = typeof questionToolInputJsonSchema;

abstract class QuestionTool extends StructuredTool<
  QuestionSchema,
  QuestionToolInput,
  QuestionToolInput,
  string
> {
  schema = questionToolInputJsonSchema;
  name: string;
  description: string;
  private readonly engine: QuestionAnsweringEngine;
  private readonly askOptions: Omit<AskOptions, 'signal'>;

  constructor(
    fields: RootweaverToolFields,
    defaults: { readonly name: string; readonly description: string },
  ) {
    super(fields);
    this.engine = fields.engine;
    this.askOptions = fields.askOptions ?? {};
    this.name = fields.name ?? defaults.name;
    this.description = fields.description ?? defaults.description;
  }

  /** What the tool returns to the model, as JSON. */
  protected abstract run(
    engine: QuestionAnsweringEngine,
    question: string,
    options: AskOptions,
  ): Promise<unknown>;

  protected async _call(
    input: QuestionToolInput,
    _runManager?: CallbackManagerForToolRun,
    config?: ToolRunnableConfig,
  ): Promise<string> {
    const options = {
      ...this.askOptions,
      ...(config?.signal === undefined ? {} : { signal: config.signal }),
    };
    return JSON.stringify(await this.run(this.engine, input.question, options));
  }
}

/**
 * A LangChain `StructuredTool` that answers with the engine: the model gets `{ answer, grounded, refusal?,
 * citations }` as JSON. Give it to an agent (`model.bindTools([tool])`, `createAgent({ tools })`).
 */
export class RootweaverAskTool extends QuestionTool {
  static override lc_name(): string {
    return 'RootweaverAskTool';
  }

  constructor(fields: RootweaverToolFields) {
    super(fields, { name: 'ask', description: askToolDescription });
  }

  protected async run(
    engine: QuestionAnsweringEngine,
    question: string,
    options: AskOptions,
  ): Promise<unknown> {
    return toAskToolOutput(await engine.ask(question, options));
  }
}

/** A `StructuredTool` that returns a multi-hop run's evidence and sub-answers, no final answer, as JSON. */
export class RootweaverRetrieveTool extends QuestionTool {
  static override lc_name(): string {
    return 'RootweaverRetrieveTool';
  }

  constructor(fields: RootweaverToolFields) {
    super(fields, { name: 'retrieve', description: retrieveToolDescription });
  }

  protected async run(
    engine: QuestionAnsweringEngine,
    question: string,
    options: AskOptions,
  ): Promise<unknown> {
    return toRetrieveToolOutput(await engine.retrieve(question, options));
  }
}
