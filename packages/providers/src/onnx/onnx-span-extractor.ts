import type { AnswerExtractor, Extraction, ExtractOptions } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { PairEncoding, TokenSpan } from './model-tokenizer.js';
import { buildFeeds, type LoadedModel, loadModelFolder } from './onnx-session.js';

export interface OnnxSpanExtractorOptions {
  /**
   * Folder with `model.onnx` (inputs input_ids, attention_mask[, token_type_ids]; outputs
   * start_logits, end_logits), `tokenizer.json` and optionally `rootweaver.json` (maxLength,
   * stride, noAnswer).
   */
  readonly directory: string;
  readonly id?: string;
  /** Longest answer in tokens. Default 30. */
  readonly maxAnswerTokens?: number;
  /** Tokens per window, question and special tokens included. Default: rootweaver.json, else 384; never above the tokenizer's model_max_length. */
  readonly maxLength?: number;
  /** Context tokens shared by consecutive windows over a long text. Default: rootweaver.json, else 128. */
  readonly stride?: number;
  /** Longest question in tokens. Default 64. */
  readonly maxQuestionTokens?: number;
  /** How many evidence items (best first) to read. Default 5. */
  readonly maxEvidence?: number;
  /** Windows per inference run. Default 16. */
  readonly batchSize?: number;
  /**
   * Read the first token's logits (`[CLS]`, `<s>`) as SQuAD 2's "no answer" and refuse when it is
   * likelier than every span. Default: rootweaver.json, else true.
   */
  readonly noAnswer?: boolean;
}

/** What the extractor was set up with, for `models check` and logs. */
export interface OnnxSpanExtractorSettings {
  readonly maxLength: number;
  readonly stride: number;
  readonly noAnswer: boolean;
  readonly tokenTypeIds: boolean;
}

interface Window {
  readonly evidenceIndex: number;
  readonly text: string;
  readonly encoded: PairEncoding;
  readonly contextTokens: readonly TokenSpan[];
}

interface Candidate {
  readonly confidence: number;
  readonly window: Window;
  readonly start: number;
  readonly end: number;
}

function softmax(values: readonly number[]): number[] {
  const max = Math.max(...values);
  const exponents = values.map((value) => Math.exp(value - max));
  const sum = exponents.reduce((total, value) => total + value, 0);
  return exponents.map((value) => value / sum);
}

function topIndices(values: readonly number[], count: number): number[] {
  return values
    .map((value, index) => ({ value, index }))
    .sort((left, right) => right.value - left.value)
    .slice(0, count)
    .map((entry) => entry.index);
}

/**
 * Extractive QA with a SQuAD-style ONNX model (BERT, RoBERTa, XLM-R, DeBERTa … exports): the
 * question and a context window joined by the tokenizer's own pair template, `token_type_ids` fed
 * only when the model takes them, start and end logits per token, the best span no longer than
 * `maxAnswerTokens`, overlapping windows over long contexts. Confidence is the softmax probability
 * of the chosen start times that of its end over the window's context tokens (and the first token,
 * the "no answer" position, when `noAnswer` is on); a span less likely than "no answer" is refused.
 */
export class OnnxSpanExtractor implements AnswerExtractor {
  readonly id: string;
  readonly settings: OnnxSpanExtractorSettings;
  private readonly model: LoadedModel;
  private readonly maxAnswerTokens: number;
  private readonly maxQuestionTokens: number;
  private readonly maxEvidence: number;
  private readonly batchSize: number;

  private constructor(model: LoadedModel, options: OnnxSpanExtractorOptions) {
    this.model = model;
    this.id = options.id ?? 'onnx-span';
    this.maxAnswerTokens = Math.max(1, options.maxAnswerTokens ?? 30);
    this.maxQuestionTokens = Math.max(1, options.maxQuestionTokens ?? 64);
    this.maxEvidence = Math.max(1, options.maxEvidence ?? 5);
    this.batchSize = Math.max(1, options.batchSize ?? 16);
    const limit = model.tokenizer.description.modelMaxLength ?? Number.POSITIVE_INFINITY;
    this.settings = {
      maxLength: Math.max(16, Math.min(options.maxLength ?? model.config.maxLength ?? 384, limit)),
      stride: Math.max(0, options.stride ?? model.config.stride ?? 128),
      noAnswer: (options.noAnswer ?? model.config.noAnswer ?? true) && model.tokenizer.startsWithSpecial,
      tokenTypeIds: model.inputNames.includes('token_type_ids'),
    };
  }

  static async load(options: OnnxSpanExtractorOptions): Promise<OnnxSpanExtractor> {
    const model = await loadModelFolder(options.directory, 'extractive QA model', {
      inputs: ['input_ids', 'attention_mask'],
      outputs: ['start_logits', 'end_logits'],
    });
    return OnnxSpanExtractor.fromModel(model, options);
  }

  /** Wraps an already loaded folder whose outputs include start_logits and end_logits. */
  static fromModel(model: LoadedModel, options: OnnxSpanExtractorOptions): OnnxSpanExtractor {
    return new OnnxSpanExtractor(model, options);
  }

  private windows(question: string, texts: readonly string[]): Window[] {
    const { tokenizer } = this.model;
    const questionIds = tokenizer.ids(question).slice(0, this.maxQuestionTokens);
    const room = Math.max(1, this.settings.maxLength - questionIds.length - tokenizer.pairSpecialCount);
    const step = Math.max(1, room - Math.min(this.settings.stride, room - 1));
    const windows: Window[] = [];
    texts.forEach((text, evidenceIndex) => {
      const tokens = tokenizer.tokenize(text);
      for (let offset = 0; offset < tokens.length; offset += step) {
        const contextTokens = tokens.slice(offset, offset + room);
        const encoded = tokenizer.encodePair(
          questionIds,
          contextTokens.map((token) => token.id),
        );
        windows.push({ evidenceIndex, text, contextTokens, encoded });
        if (offset + room >= tokens.length) break;
      }
    });
    return windows;
  }

  /** Start and end logits of every window, run `batchSize` windows at a time. */
  private async logits(
    windows: readonly Window[],
    signal: AbortSignal | undefined,
  ): Promise<{ starts: Float32Array; ends: Float32Array; length: number }[]> {
    const results: { starts: Float32Array; ends: Float32Array; length: number }[] = [];
    for (let offset = 0; offset < windows.length; offset += this.batchSize) {
      throwIfAborted(signal);
      const batch = windows.slice(offset, offset + this.batchSize);
      const { feeds, length } = buildFeeds(
        this.model,
        batch.map((window) => window.encoded),
      );
      let output: Awaited<ReturnType<LoadedModel['session']['run']>>;
      try {
        output = await this.model.session.run(feeds);
      } catch (error) {
        throw new RootweaverError(
          'model-load-failed',
          `The extractive QA model failed to run: ${(error as Error).message.split('\n')[0]}. Check that it is a question-answering export with start_logits and end_logits.`,
          { cause: error },
        );
      }
      const starts = output.start_logits?.data;
      const ends = output.end_logits?.data;
      if (
        !(starts instanceof Float32Array) ||
        !(ends instanceof Float32Array) ||
        starts.length !== batch.length * length ||
        ends.length !== batch.length * length
      ) {
        throw new RootweaverError(
          'model-load-failed',
          `The extractive QA model returned logits of an unexpected shape; expected float32 [${batch.length}, ${length}].`,
        );
      }
      batch.forEach((_window, index) => {
        results.push({
          starts: starts.subarray(index * length, (index + 1) * length),
          ends: ends.subarray(index * length, (index + 1) * length),
          length,
        });
      });
    }
    return results;
  }

  async extract(options: ExtractOptions): Promise<Extraction> {
    throwIfAborted(options.signal);
    const evidence = options.evidence.slice(0, this.maxEvidence);
    const none: Extraction = { answer: '', confidence: 0, evidenceIds: [] };
    if (evidence.length === 0 || options.question.trim() === '') return none;
    const windows = this.windows(
      options.question,
      evidence.map((hit) => hit.text),
    );
    if (windows.length === 0) return none;
    const logits = await this.logits(windows, options.signal);
    throwIfAborted(options.signal);
    let best: Candidate | undefined;
    windows.forEach((window, windowIndex) => {
      const scores = logits[windowIndex];
      if (scores === undefined) return;
      const contextPositions = window.contextTokens.map(
        (_token, index) => window.encoded.secondStart + index,
      );
      // Candidate positions: the context tokens, after the "no answer" position when it counts.
      const positions = this.settings.noAnswer ? [0, ...contextPositions] : contextPositions;
      const startProbabilities = softmax(positions.map((position) => scores.starts[position] ?? 0));
      const endProbabilities = softmax(positions.map((position) => scores.ends[position] ?? 0));
      const skip = this.settings.noAnswer ? 1 : 0;
      const noAnswer = this.settings.noAnswer ? (startProbabilities[0] ?? 0) * (endProbabilities[0] ?? 0) : 0;
      const contextStarts = startProbabilities.slice(skip);
      const contextEnds = endProbabilities.slice(skip);
      for (const start of topIndices(contextStarts, 20)) {
        for (const end of topIndices(contextEnds, 20)) {
          if (end < start || end - start + 1 > this.maxAnswerTokens) continue;
          const confidence = (contextStarts[start] ?? 0) * (contextEnds[end] ?? 0);
          if (confidence <= noAnswer) continue;
          if (best === undefined || confidence > best.confidence) best = { confidence, window, start, end };
        }
      }
    });
    if (best === undefined) return none;
    const first = best.window.contextTokens[best.start];
    const last = best.window.contextTokens[best.end];
    const hit = evidence[best.window.evidenceIndex];
    if (first === undefined || last === undefined || hit === undefined) return none;
    const answer = best.window.text.slice(first.start, last.end).trim();
    if (answer === '') return none;
    return { answer, confidence: Math.min(1, Math.max(0, best.confidence)), evidenceIds: [hit.id] };
  }

  async close(): Promise<void> {
    await this.model.session.release();
  }
}
