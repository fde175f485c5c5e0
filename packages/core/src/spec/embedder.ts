/** What texts are embedded as: encoders such as e5 and bge prefix queries and passages differently. */
export type EmbedPurpose = 'query' | 'passage';

export interface EmbedOptions {
  readonly values: readonly string[];
  /** Default `passage`; retrieval embeds its query text as `query`. */
  readonly purpose?: EmbedPurpose;
  readonly signal?: AbortSignal;
}

export interface EmbedResult {
  /** One vector per input value, in input order. */
  readonly vectors: Float32Array[];
  readonly modelId: string;
  readonly dimension: number;
  readonly usage?: { readonly inputTokens: number };
  readonly latencyMs: number;
}

/** Turns texts into dense vectors. Real adapters: `OpenAIEmbedder`, `OnnxEmbedder`. */
export interface Embedder {
  readonly modelId: string;
  /** Known up front for local models; learned from the first response for remote ones. */
  readonly dimension: number | undefined;
  embed(options: EmbedOptions): Promise<EmbedResult>;
}
