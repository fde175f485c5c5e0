/** One message of a chat conversation, as every OpenAI-compatible server understands it. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

/** Ask the model for plain text, any JSON object, or JSON that follows a schema. */
export type ResponseFormat =
  | { readonly type: 'text' }
  | { readonly type: 'json_object' }
  | {
      readonly type: 'json_schema';
      readonly name: string;
      readonly schema: Readonly<Record<string, unknown>>;
    };

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface GenerateOptions {
  readonly messages: readonly ChatMessage[];
  readonly responseFormat?: ResponseFormat;
  /** Defaults to 0: multi-hop QA wants reproducible plans and answers. */
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
  readonly signal?: AbortSignal;
  /** When set, the adapter streams and calls this with each text delta as it arrives. */
  readonly onDelta?: (delta: string) => void;
}

export interface GenerateResult {
  readonly text: string;
  readonly usage: TokenUsage;
  /** `reported` when the server returned usage, `counted` when the adapter counted tokens itself. */
  readonly usageSource: 'reported' | 'counted';
  readonly latencyMs: number;
  readonly modelId: string;
  readonly finishReason?: string;
}

/** A chat LLM. Real adapter: `OpenAIChatModel` in `@rootweaver/providers`. */
export interface ChatModel {
  readonly modelId: string;
  generate(options: GenerateOptions): Promise<GenerateResult>;
}
