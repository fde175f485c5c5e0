import type { ChatMessage, ChatModel, GenerateOptions, GenerateResult } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { QuestionRecord } from '../dataset/question-record.js';

/**
 * The text a recorded decomposition is replayed as: the parsed plan serialised as JSON in the
 * format the engine's decomposition prompt asks for (`{"subQuestions":[{"id","question","refs"}]}`),
 * or — when the reference run's parser failed and `plan` is null — the raw `planRaw` output
 * itself, so the engine's tolerant parser faces the real malformed text.
 */
export function recordedPlanText(record: QuestionRecord): string {
  if (record.plan !== null) {
    return JSON.stringify({
      subQuestions: record.plan.map((node) => ({ id: node.index, question: node.question, refs: node.refs })),
    });
  }
  if (typeof record.planRaw === 'string') return record.planRaw;
  return JSON.stringify(record.planRaw ?? null);
}

/** The engine's decomposition prompts all ask to "decompose" the question; synthesis prompts never do. */
export function isDecompositionPrompt(options: GenerateOptions): boolean {
  return options.messages.some(
    (message) => message.role !== 'assistant' && /\bdecompos/i.test(message.content),
  );
}

export interface RecordedPlanChatModelOptions {
  readonly record: QuestionRecord;
  /**
   * Answers every call after the decomposition (synthesis, decide). When unset, such a call throws
   * `not-configured` and `synthesisRequested` becomes true: the harness never fakes a synthesis.
   */
  readonly afterDecomposition?: ChatModel;
}

/**
 * A `ChatModel` that answers the first decomposition prompt of a question with the reference run's
 * recorded decomposition. Every other call (synthesis) goes to the real LLM, or is refused.
 */
export class RecordedPlanChatModel implements ChatModel {
  readonly modelId: string;
  /** Set when the engine asked for a call after the decomposition and no real LLM was given. */
  synthesisRequested = false;
  /** The messages of every call refused for want of an LLM (to count the prompt it would have cost). */
  readonly refused: (readonly ChatMessage[])[] = [];
  private served = false;
  private readonly record: QuestionRecord;
  private readonly afterDecomposition: ChatModel | undefined;

  constructor(options: RecordedPlanChatModelOptions) {
    this.record = options.record;
    this.afterDecomposition = options.afterDecomposition;
    this.modelId = `recorded-plan(${options.afterDecomposition?.modelId ?? 'no-llm'})`;
  }

  async generate(options: GenerateOptions): Promise<GenerateResult> {
    throwIfAborted(options.signal);
    if (!this.served && isDecompositionPrompt(options)) {
      this.served = true;
      const text = recordedPlanText(this.record);
      options.onDelta?.(text);
      return {
        text,
        // Replaced by the harness's Llama-3 count; the replay itself costs nothing.
        usage: { inputTokens: 0, outputTokens: 0 },
        usageSource: 'counted',
        latencyMs: 0,
        modelId: this.modelId,
        finishReason: 'stop',
      };
    }
    if (this.afterDecomposition !== undefined) return this.afterDecomposition.generate(options);
    this.synthesisRequested = true;
    this.refused.push(options.messages);
    throw new RootweaverError(
      'not-configured',
      'No LLM is configured for the call after the recorded decomposition; set OPENAI_BASE_URL or use --synthesis extractive.',
    );
  }
}
