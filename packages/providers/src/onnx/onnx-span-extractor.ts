import type { AnswerExtractor, Extraction, ExtractOptions } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import { buildFeeds, type LoadedModel, loadModelFolder } from './onnx-session.js';
import type { EncodedText, WordPieceToken } from './wordpiece-tokenizer.js';

export interface OnnxSpanExtractorOptions {
  /** Folder with `model.onnx` (inputs input_ids, attention_mask[, token_type_ids]; outputs start_logits, end_logits) and `tokenizer.json`. */
  readonly directory: string;
  readonly id?: string;
  /** Longest answer in tokens. Default 30. */
  readonly maxAnswerTokens?: number;
  /** Tokens per window, question and specials included. Default 384. */
  readonly maxLength?: number;
  /** Context tokens shared by consecutive windows over a long text. Default 128. */
  readonly stride?: number;
  /** Longest question in tokens. Default 64. */
  readonly maxQuestionTokens?: number;
  /** How many evidence items (best first) to read. Default 5. */
  readonly maxEvidence?: number;
}

interface Window {
  readonly evidenceIndex: number;
  readonly text: string;
  readonly encoded: EncodedText;
  /** Index of the first context token within the window's input ids. */
  readonly contextStart: number;
  readonly contextTokens: readonly WordPieceToken[];
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
 * Extractive QA with a BERT-SQuAD-style ONNX model: `[CLS] question [SEP] context [SEP]`, start and
 * end logits per token, the best span no longer than `maxAnswerTokens`, windows with a stride over
 * long contexts. Confidence is the softmax probability of the chosen start times that of its end
 * (over the window's context tokens and [CLS], the "no answer" position); a span less likely than
 * "no answer" is not taken.
 */
export class OnnxSpanExtractor implements AnswerExtractor {
  readonly id: string;
  private readonly model: LoadedModel;
  private readonly maxAnswerTokens: number;
  private readonly maxLength: number;
  private readonly stride: number;
  private readonly maxQuestionTokens: number;
  private readonly maxEvidence: number;

  private constructor(model: LoadedModel, options: OnnxSpanExtractorOptions) {
    this.model = model;
    this.id = options.id ?? 'onnx-span';
    this.maxAnswerTokens = Math.max(1, options.maxAnswerTokens ?? 30);
    this.maxLength = Math.max(16, options.maxLength ?? 384);
    this.maxQuestionTokens = Math.max(1, options.maxQuestionTokens ?? 64);
    this.stride = Math.max(0, options.stride ?? 128);
    this.maxEvidence = Math.max(1, options.maxEvidence ?? 5);
  }

  static async load(options: OnnxSpanExtractorOptions): Promise<OnnxSpanExtractor> {
    const model = await loadModelFolder(options.directory, 'extractive QA model', {
      inputs: ['input_ids', 'attention_mask'],
      outputs: ['start_logits', 'end_logits'],
    });
    return new OnnxSpanExtractor(model, options);
  }

  private windows(question: string, texts: readonly string[]): Window[] {
    const tokenizer = this.model.tokenizer;
    const questionIds = tokenizer
      .tokenize(question)
      .slice(0, this.maxQuestionTokens)
      .map((token) => token.id);
    const contextStart = questionIds.length + 2;
    const room = Math.max(1, this.maxLength - contextStart - 1);
    const step = Math.max(1, room - Math.min(this.stride, room - 1));
    const windows: Window[] = [];
    texts.forEach((text, evidenceIndex) => {
      const tokens = tokenizer.tokenize(text);
      for (let offset = 0; offset < Math.max(1, tokens.length); offset += step) {
        const contextTokens = tokens.slice(offset, offset + room);
        const inputIds = [
          tokenizer.clsId,
          ...questionIds,
          tokenizer.sepId,
          ...contextTokens.map((token) => token.id),
          tokenizer.sepId,
        ];
        windows.push({
          evidenceIndex,
          text,
          contextStart,
          contextTokens,
          encoded: {
            inputIds,
            attentionMask: inputIds.map(() => 1),
            tokenTypeIds: inputIds.map((_id, position) => (position < contextStart ? 0 : 1)),
          },
        });
        if (offset + room >= tokens.length) break;
      }
    });
    return windows;
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
    const { feeds, length } = buildFeeds(
      this.model,
      windows.map((window) => window.encoded),
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
    throwIfAborted(options.signal);
    const starts = output.start_logits?.data;
    const ends = output.end_logits?.data;
    if (
      !(starts instanceof Float32Array) ||
      !(ends instanceof Float32Array) ||
      starts.length !== windows.length * length
    ) {
      throw new RootweaverError(
        'model-load-failed',
        `The extractive QA model returned logits of an unexpected shape; expected float32 [${windows.length}, ${length}].`,
      );
    }
    let best: { confidence: number; window: Window; start: number; end: number } | undefined;
    windows.forEach((window, windowIndex) => {
      const count = window.contextTokens.length;
      if (count === 0) return;
      const base = windowIndex * length;
      // Candidate positions: [CLS] (no answer) then the context tokens.
      const positions = [0, ...window.contextTokens.map((_token, index) => window.contextStart + index)];
      const startProbabilities = softmax(positions.map((position) => starts[base + position] ?? 0));
      const endProbabilities = softmax(positions.map((position) => ends[base + position] ?? 0));
      const noAnswer = (startProbabilities[0] ?? 0) * (endProbabilities[0] ?? 0);
      const contextStarts = startProbabilities.slice(1);
      const contextEnds = endProbabilities.slice(1);
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
