import type { Embedder, EmbedOptions, EmbedResult } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type OpenAI from 'openai';
import {
  connectOpenAI,
  mapOpenAIError,
  type OpenAIConnection,
  type OpenAIConnectionOptions,
} from './openai-connection.js';

/** The embedding model used when neither `model` nor `ROOTWEAVER_EMBEDDING_MODEL` is set. */
export const defaultEmbeddingModelName = 'text-embedding-3-small';

export interface OpenAIEmbedderOptions extends OpenAIConnectionOptions {
  /** Default: `ROOTWEAVER_EMBEDDING_MODEL`, else `text-embedding-3-small`. */
  readonly model?: string;
  /** Texts per request. Default 64. */
  readonly batchSize?: number;
  /** The expected vector dimension; a server that returns another one is an error. */
  readonly dimension?: number;
}

/**
 * `Embedder` over an OpenAI-compatible `/v1/embeddings` endpoint: batching, retries with backoff
 * (the SDK's, on 429/5xx/timeouts), and a dimension check across batches and against `dimension`.
 */
export class OpenAIEmbedder implements Embedder {
  readonly modelId: string;
  private readonly connection: OpenAIConnection;
  private readonly batchSize: number;
  private learnedDimension: number | undefined;

  constructor(options: OpenAIEmbedderOptions = {}) {
    const env = options.env ?? process.env;
    this.modelId = options.model ?? (env.ROOTWEAVER_EMBEDDING_MODEL?.trim() || defaultEmbeddingModelName);
    this.connection = connectOpenAI(options);
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? 64));
    this.learnedDimension = options.dimension;
  }

  get dimension(): number | undefined {
    return this.learnedDimension;
  }

  async embed(options: EmbedOptions): Promise<EmbedResult> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const vectors: Float32Array[] = [];
    let inputTokens = 0;
    let usageReported = false;
    for (let offset = 0; offset < options.values.length; offset += this.batchSize) {
      throwIfAborted(options.signal);
      const batch = options.values.slice(offset, offset + this.batchSize);
      const response = await this.request(batch, options.signal);
      if (response.data.length !== batch.length) {
        throw new RootweaverError(
          'embedding-failed',
          `The embeddings server at ${this.connection.baseURL} returned ${response.data.length} vectors for ${batch.length} texts. Check that the server is OpenAI-compatible.`,
        );
      }
      const ordered = [...response.data].sort((left, right) => left.index - right.index);
      for (const item of ordered) {
        const vector = Float32Array.from(item.embedding);
        this.checkDimension(vector.length);
        vectors.push(vector);
      }
      if (response.usage !== undefined) {
        usageReported = true;
        inputTokens += response.usage.prompt_tokens;
      }
    }
    return {
      vectors,
      modelId: this.modelId,
      dimension: this.learnedDimension ?? 0,
      latencyMs: performance.now() - started,
      ...(usageReported ? { usage: { inputTokens } } : {}),
    };
  }

  private checkDimension(length: number): void {
    if (this.learnedDimension === undefined) {
      this.learnedDimension = length;
      return;
    }
    if (length !== this.learnedDimension) {
      throw new RootweaverError(
        'dimension-mismatch',
        `The embedding model ${this.modelId} returned vectors of dimension ${length}, but ${this.learnedDimension} was expected. Use the same embedding model the index was built with, or rebuild the index with \`rootweaver index build\`.`,
        { details: { expected: this.learnedDimension, actual: length } },
      );
    }
  }

  private async request(
    batch: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<OpenAI.CreateEmbeddingResponse> {
    try {
      return await this.connection.client.embeddings.create(
        { model: this.modelId, input: [...batch], encoding_format: 'float' },
        {
          timeout: this.connection.timeoutMs,
          maxRetries: this.connection.maxRetries,
          ...(signal === undefined ? {} : { signal }),
        },
      );
    } catch (error) {
      const mapped = mapOpenAIError(
        error,
        {
          what: 'embeddings server',
          baseURL: this.connection.baseURL,
          model: this.modelId,
          retries: this.connection.maxRetries,
          timeoutMs: this.connection.timeoutMs,
        },
        signal,
      );
      if (mapped.code === 'llm-bad-response' || mapped.code === 'llm-rejected') {
        throw new RootweaverError('embedding-failed', mapped.message, {
          cause: error,
          details: mapped.details,
        });
      }
      throw mapped;
    }
  }
}
