import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { Embedder, EmbedOptions, EmbedPurpose, EmbedResult } from '@rootweaver/core';
import { isRootweaverError, RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { Pooling } from './model-folder-config.js';
import { buildFeeds, type LoadedModel, loadModelFolder } from './onnx-session.js';

export interface OnnxEmbedderOptions {
  /**
   * Folder with `model.onnx` (inputs input_ids, attention_mask[, token_type_ids]; output
   * last_hidden_state, token_embeddings or sentence_embedding), `tokenizer.json` and optionally
   * `rootweaver.json` (pooling, prefixes, maxLength).
   */
  readonly directory: string;
  /** Default: `onnx:` and the folder name, then `(cls)` or `(prefixes HASH)` when those are set. */
  readonly modelId?: string;
  /** Texts per inference run. Default 32. */
  readonly batchSize?: number;
  /** Tokens per text, special tokens and prefix included. Default: rootweaver.json, else 256; never above the tokenizer's model_max_length. */
  readonly maxLength?: number;
  /** Default: rootweaver.json, else `mean`. */
  readonly pooling?: Pooling;
  /** Default: rootweaver.json, else none. */
  readonly queryPrefix?: string;
  /** Default: rootweaver.json, else none. */
  readonly passagePrefix?: string;
}

/** What the encoder was set up with, for `models check` and logs. */
export interface OnnxEmbedderSettings {
  /** The output read, and how it is pooled (`model` when the export pools itself: sentence_embedding). */
  readonly output: string;
  readonly pooling: Pooling | 'model';
  readonly maxLength: number;
  readonly queryPrefix: string;
  readonly passagePrefix: string;
}

const tokenOutputs = ['last_hidden_state', 'token_embeddings'];

function chooseOutput(
  model: LoadedModel,
  pooling: Pooling | undefined,
): { output: string; pooling: Pooling | 'model' } {
  const tokenOutput = tokenOutputs.find((name) => model.outputNames.includes(name));
  // An export that pools in the graph (sentence-transformers' sentence_embedding) is used as it is,
  // unless a pooling was asked for explicitly.
  if (pooling === undefined && model.outputNames.includes('sentence_embedding'))
    return { output: 'sentence_embedding', pooling: 'model' };
  return { output: tokenOutput ?? model.outputNames[0] ?? 'last_hidden_state', pooling: pooling ?? 'mean' };
}

/**
 * Marks the model id with the settings that change vectors (CLS pooling, prefixes), so a store
 * built one way refuses to be queried another way; the plain mean-pooled encoder keeps `onnx:NAME`.
 */
function settingsTag(settings: OnnxEmbedderSettings): string {
  const parts = settings.pooling === 'cls' ? ['cls'] : [];
  if (settings.queryPrefix !== '' || settings.passagePrefix !== '') {
    const hash = createHash('sha256')
      .update(JSON.stringify([settings.queryPrefix, settings.passagePrefix]))
      .digest('hex')
      .slice(0, 8);
    parts.push(`prefixes ${hash}`);
  }
  return parts.length === 0 ? '' : `(${parts.join(', ')})`;
}

/**
 * A local sentence encoder over any Hugging Face tokenizer: an optional query or passage prefix,
 * `last_hidden_state` mean- or CLS-pooled under the attention mask (or the export's own
 * `sentence_embedding`), then L2-normalised; texts are embedded in batches.
 */
export class OnnxEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  readonly settings: OnnxEmbedderSettings;
  private readonly model: LoadedModel;
  private readonly batchSize: number;

  private constructor(model: LoadedModel, options: OnnxEmbedderOptions, dimension: number) {
    this.model = model;
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? 32));
    const limit = model.tokenizer.description.modelMaxLength ?? Number.POSITIVE_INFINITY;
    const wanted = Math.floor(options.maxLength ?? model.config.maxLength ?? 256);
    const { output, pooling } = chooseOutput(model, options.pooling ?? model.config.pooling);
    this.settings = {
      output,
      pooling,
      maxLength: Math.max(model.tokenizer.singleSpecialCount + 1, Math.min(wanted, limit)),
      queryPrefix: options.queryPrefix ?? model.config.queryPrefix ?? '',
      passagePrefix: options.passagePrefix ?? model.config.passagePrefix ?? '',
    };
    this.modelId = options.modelId ?? `onnx:${basename(options.directory)}${settingsTag(this.settings)}`;
    this.dimension = dimension;
  }

  /** Loads the model and learns its dimension with one tiny run. */
  static async load(options: OnnxEmbedderOptions): Promise<OnnxEmbedder> {
    const model = await loadModelFolder(options.directory, 'sentence encoder', {
      inputs: ['input_ids', 'attention_mask'],
      outputs: [],
    });
    return OnnxEmbedder.fromModel(model, options);
  }

  /** Wraps an already loaded folder (closes it when it is not a working encoder). */
  static async fromModel(model: LoadedModel, options: OnnxEmbedderOptions): Promise<OnnxEmbedder> {
    try {
      const probe = new OnnxEmbedder(model, options, 0);
      const vectors = await probe.run(['dimension probe'], 'passage');
      const dimension = vectors[0]?.length ?? 0;
      if (dimension === 0) {
        throw new RootweaverError(
          'model-load-failed',
          `The model in ${options.directory} produced no hidden states. Use a sentence-encoder export whose output is last_hidden_state [batch, tokens, hidden].`,
        );
      }
      return new OnnxEmbedder(model, options, dimension);
    } catch (error) {
      await model.session.release();
      throw isRootweaverError(error, 'embedding-failed')
        ? new RootweaverError('model-load-failed', error.message, { cause: error })
        : error;
    }
  }

  async embed(options: EmbedOptions): Promise<EmbedResult> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const vectors: Float32Array[] = [];
    let inputTokens = 0;
    for (let offset = 0; offset < options.values.length; offset += this.batchSize) {
      throwIfAborted(options.signal);
      const batch = options.values.slice(offset, offset + this.batchSize);
      const result = await this.run(batch, options.purpose ?? 'passage');
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

  private async run(
    texts: readonly string[],
    purpose: EmbedPurpose,
  ): Promise<Float32Array[] & { tokens: number }> {
    const { tokenizer } = this.model;
    const prefix = purpose === 'query' ? this.settings.queryPrefix : this.settings.passagePrefix;
    const rows = texts.map((text) =>
      tokenizer.encodeSingle(tokenizer.ids(prefix + text), this.settings.maxLength),
    );
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
    const name = this.settings.output;
    const states = output[name];
    const data = states?.data;
    const dims = (states?.dims ?? []).map(Number);
    const pooled = this.settings.pooling === 'model';
    const expected = pooled ? `[${texts.length}, hidden]` : `[${texts.length}, ${length}, hidden]`;
    const shapeOk = pooled
      ? dims.length === 2 && dims[0] === texts.length
      : dims.length === 3 && dims[0] === texts.length && dims[1] === length;
    if (!(data instanceof Float32Array) || !shapeOk) {
      throw new RootweaverError(
        'embedding-failed',
        `The ONNX model ${this.modelId} returned ${name} of shape [${dims.join(', ')}] where ${expected} float32 was expected.`,
      );
    }
    const size = dims[dims.length - 1] ?? 0;
    const vectors = rows.map((row, rowIndex) => {
      const vector = new Float32Array(size);
      const add = (base: number): void => {
        for (let column = 0; column < size; column += 1)
          vector[column] = (vector[column] ?? 0) + (data[base + column] ?? 0);
      };
      if (pooled) add(rowIndex * size);
      else if (this.settings.pooling === 'cls') add(rowIndex * length * size);
      else {
        // Mean over the tokens the attention mask keeps.
        let kept = 0;
        row.attentionMask.forEach((mask, position) => {
          if (mask === 0) return;
          kept += 1;
          add((rowIndex * length + position) * size);
        });
        for (let column = 0; column < size; column += 1)
          vector[column] = (vector[column] ?? 0) / Math.max(1, kept);
      }
      let norm = 0;
      for (const value of vector) norm += value * value;
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
