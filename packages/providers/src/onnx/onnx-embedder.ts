import { basename } from 'node:path';
import type { Embedder, EmbedOptions, EmbedResult } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import { buildFeeds, type LoadedModel, loadModelFolder } from './onnx-session.js';

export interface OnnxEmbedderOptions {
  /** Folder with `model.onnx` (inputs input_ids, attention_mask[, token_type_ids]; output last_hidden_state) and `tokenizer.json`. */
  readonly directory: string;
  /** Default: the folder name. */
  readonly modelId?: string;
  /** Texts per inference run. Default 32. */
  readonly batchSize?: number;
  /** Tokens per text including [CLS]/[SEP]. Default 256. */
  readonly maxLength?: number;
}

/**
 * A local sentence encoder: WordPiece tokenization, `last_hidden_state` mean-pooled under the
 * attention mask, then L2-normalised; texts are embedded in batches.
 */
export class OnnxEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  private readonly model: LoadedModel;
  private readonly batchSize: number;
  private readonly maxLength: number;
  private readonly outputName: string;

  private constructor(
    model: LoadedModel,
    options: OnnxEmbedderOptions,
    dimension: number,
    outputName: string,
  ) {
    this.model = model;
    this.modelId = options.modelId ?? `onnx:${basename(options.directory)}`;
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? 32));
    this.maxLength = Math.max(3, Math.floor(options.maxLength ?? 256));
    this.dimension = dimension;
    this.outputName = outputName;
  }

  /** Loads the model and learns its dimension with one tiny run. */
  static async load(options: OnnxEmbedderOptions): Promise<OnnxEmbedder> {
    const model = await loadModelFolder(options.directory, 'sentence encoder', {
      inputs: ['input_ids', 'attention_mask'],
      outputs: [],
    });
    const outputName = model.outputNames.includes('last_hidden_state')
      ? 'last_hidden_state'
      : (model.outputNames[0] ?? 'last_hidden_state');
    const probe = new OnnxEmbedder(model, options, 0, outputName);
    const vectors = await probe.run(['dimension probe']);
    const dimension = vectors[0]?.length ?? 0;
    if (dimension === 0) {
      await model.session.release();
      throw new RootweaverError(
        'model-load-failed',
        `The model in ${options.directory} produced no hidden states. Use a sentence-encoder export whose output is last_hidden_state [batch, tokens, hidden].`,
      );
    }
    return new OnnxEmbedder(model, options, dimension, outputName);
  }

  async embed(options: EmbedOptions): Promise<EmbedResult> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const vectors: Float32Array[] = [];
    let inputTokens = 0;
    for (let offset = 0; offset < options.values.length; offset += this.batchSize) {
      throwIfAborted(options.signal);
      const batch = options.values.slice(offset, offset + this.batchSize);
      const result = await this.run(batch);
      inputTokens += result.tokens;
      vectors.push(...result);
    }
    return {
      vectors,
      modelId: this.modelId,
      dimension: this.dimension,
      usage: { inputTokens },
      latencyMs: performance.now() - started,
    };
  }

  private async run(texts: readonly string[]): Promise<Float32Array[] & { tokens: number }> {
    const rows = texts.map((text) => this.model.tokenizer.encode(text, this.maxLength));
    const { feeds, length } = buildFeeds(this.model, rows);
    let output: Awaited<ReturnType<LoadedModel['session']['run']>>;
    try {
      output = await this.model.session.run(feeds);
    } catch (error) {
      throw new RootweaverError(
        'embedding-failed',
        `The ONNX model ${this.modelId} failed to run: ${(error as Error).message.split('\n')[0]}. Check that it is a sentence-encoder export.`,
        { cause: error },
      );
    }
    const hidden = output[this.outputName];
    const data = hidden?.data;
    const dims = hidden?.dims ?? [];
    if (
      !(data instanceof Float32Array) ||
      dims.length !== 3 ||
      dims[0] !== texts.length ||
      dims[1] !== length
    ) {
      throw new RootweaverError(
        'embedding-failed',
        `The ONNX model ${this.modelId} returned ${this.outputName} of shape [${dims.join(', ')}] where [${texts.length}, ${length}, hidden] float32 was expected.`,
      );
    }
    const size = Number(dims[2]);
    const vectors = rows.map((row, rowIndex) => {
      // Mean pooling over the tokens the attention mask keeps, then L2 normalisation.
      const vector = new Float32Array(size);
      let kept = 0;
      row.attentionMask.forEach((mask, position) => {
        if (mask === 0) return;
        kept += 1;
        const base = (rowIndex * length + position) * size;
        for (let column = 0; column < size; column += 1)
          vector[column] = (vector[column] ?? 0) + (data[base + column] ?? 0);
      });
      let norm = 0;
      for (let column = 0; column < size; column += 1) {
        const value = (vector[column] ?? 0) / Math.max(1, kept);
        vector[column] = value;
        norm += value * value;
      }
      norm = Math.sqrt(norm);
      if (norm > 0)
        for (let column = 0; column < size; column += 1) vector[column] = (vector[column] ?? 0) / norm;
      return vector;
    });
    return Object.assign(vectors, { tokens: rows.reduce((sum, row) => sum + row.inputIds.length, 0) });
  }

  async close(): Promise<void> {
    await this.model.session.release();
  }
}
