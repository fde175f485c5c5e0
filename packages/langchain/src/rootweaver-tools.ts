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
  protected readonly engine: QuestionAnsweringEngine;
  protected readonly askOptions: Omit<AskOptions, 'signal'>;

  constructor(fields: RootweaverToolFields) {
    super(fields);
    this.engine = fields.engine;
    this.askOptions = fields.askOptions ?? {};
  }

  protected options(config: ToolRunnableConfig | undefined): AskOptions {
    return { ...this.askOptions, ...(config?.signal === undefined ? {} : { signal: config.signal }) };
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
  name: string;
  description: string;

  constructor(fields: RootweaverToolFields) {
    super(fields);
    this.name = fields.name ?? 'ask';
    this.description = fields.description ?? askToolDescription;
  }

  protected async _call(
    input: QuestionToolInput,
    _runManager?: CallbackManagerForToolRun,
    config?: ToolRunnableConfig,
  ): Promise<string> {
    return JSON.stringify(toAskToolOutput(await this.engine.ask(input.question, this.options(config))));
  }
}

/** A `StructuredTool` that returns a multi-hop run's evidence and sub-answers, no final answer, as JSON. */
export class RootweaverRetrieveTool extends QuestionTool {
  static override lc_name(): string {
    return 'RootweaverRetrieveTool';
  }
  name: string;
  description: string;

  constructor(fields: RootweaverToolFields) {
    super(fields);
    this.name = fields.name ?? 'retrieve';
    this.description = fields.description ?? retrieveToolDescription;
  }

  protected async _call(
    input: QuestionToolInput,
    _runManager?: CallbackManagerForToolRun,
    config?: ToolRunnableConfig,
  ): Promise<string> {
    return JSON.stringify(
      toRetrieveToolOutput(await this.engine.retrieve(input.question, this.options(config))),
    );
  }
}
