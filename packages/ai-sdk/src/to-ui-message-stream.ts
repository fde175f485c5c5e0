import {
  type AnswerSummary,
  isRootweaverError,
  type MultiHopAnswer,
  type MultiHopEvent,
  type RefusalReason,
  redactSecrets,
  toAnswerSummary,
} from '@rootweaver/core';
import type { UIMessageChunk } from 'ai';

/**
 * A run's events as `MultiHopRAG.stream` yields them, or as `MultiHopCapability.stream` does (whose
 * `finished` carries the capability's result, the engine's answer in `result.result`).
 */
export type RunEvent =
  | MultiHopEvent
  | { readonly type: 'finished'; readonly result: { readonly result: MultiHopAnswer } };

/** What a message of the UI stream carries as its metadata (`message.metadata.rootweaver`). */
export interface RootweaverMessageMetadata {
  readonly rootweaver: AnswerSummary;
}

export interface ToUIMessageStreamOptions {
  /** The assistant message's id (`start` chunk); the client makes one when unset. */
  readonly messageId?: string;
  /** The text shown for a refused question; default a sentence naming the reason. */
  readonly refusalText?: (reason: RefusalReason) => string;
  /** The text of the `error` chunk of a run that failed; default the `RootweaverError`'s message (secrets redacted). */
  readonly errorText?: (error: unknown) => string;
}

const refusalSentences: Readonly<Record<RefusalReason, string>> = {
  'no-evidence': 'No answer: nothing in the indexed documents answers this question.',
  'decompose-failed': 'No answer: the question could not be broken into sub-questions.',
  aborted: 'No answer: the run was cancelled.',
  'budget-exhausted': 'No answer: the run ran out of its time or token budget.',
  'empty-answer': 'No answer: the model replied with nothing usable.',
};

/**
 * A run as the AI SDK UI message stream (what `useChat` renders, and `readUIMessageStream` reads): the plan
 * and each hop as reasoning parts (sub-questions grounded, answered, with their confidence), the answer as
 * text deltas (the synthesis call's as they arrive, else the composed or extracted answer at the end), its
 * citations as `source-document` parts (the cited text and marker in `providerMetadata.rootweaver`), and
 * `finish` with `RootweaverMessageMetadata`. A run that fails ends with an `error` chunk. Pulled lazily: the
 * run advances as the stream is read, and cancelling the stream leaves the run's loop, which cancels it.
 */
export function toUIMessageStream(
  events: AsyncIterable<RunEvent>,
  options: ToUIMessageStreamOptions = {},
): ReadableStream<UIMessageChunk> {
  const iterator = events[Symbol.asyncIterator]();
  const writer = new ChunkWriter(options);
  let done = false;
  return new ReadableStream<UIMessageChunk>({
    start(controller) {
      controller.enqueue({
        type: 'start',
        ...(options.messageId === undefined ? {} : { messageId: options.messageId }),
      });
    },
    async pull(controller) {
      if (done) return;
      try {
        // Read events until one yields a chunk (or the run ends), so every pull delivers something.
        for (;;) {
          const step = await iterator.next();
          if (step.done === true) {
            done = true;
            for (const chunk of writer.end()) controller.enqueue(chunk);
            controller.close();
            return;
          }
          const chunks = writer.chunksFor(step.value);
          for (const chunk of chunks) controller.enqueue(chunk);
          if (chunks.length > 0) return;
        }
      } catch (error) {
        done = true;
        for (const chunk of writer.fail(error)) controller.enqueue(chunk);
        controller.close();
      }
    },
    async cancel() {
      done = true;
      await iterator.return?.();
    },
  });
}

/** Turns events into chunks, keeping which reasoning or text part is open. */
class ChunkWriter {
  private openReasoning: string | undefined;
  private textId: string | undefined;
  private finished = false;
  private parts = 0;

  constructor(private readonly options: ToUIMessageStreamOptions) {}

  chunksFor(event: RunEvent): UIMessageChunk[] {
    switch (event.type) {
      case 'plan': {
        const lines = event.plan.nodes.map((node) => {
          const needs =
            node.refs.length === 0 ? '' : ` (needs ${node.refs.map((ref) => `#${ref}`).join(', ')})`;
          return `#${node.id} ${node.question}${needs}`;
        });
        return [...this.reasoning(`Plan (${event.plan.source}):\n${lines.join('\n')}\n`)];
      }
      case 'hop-started':
        return [
          ...this.openReasoningPart(`hop ${event.iteration}`),
          ...this.reasoning(`Hop ${event.iteration}: ${event.kind}\n`),
        ];
      case 'node-started':
        return this.reasoning(`#${event.nodeId} asks: ${event.groundedQuestion}\n`);
      case 'retrieved':
        return this.reasoning(
          `retrieved ${event.itemIds.length} items for "${event.subQuestion}" (${event.itemsAdded} new)\n`,
        );
      case 'node-answered': {
        const { node } = event;
        const answer = node.answer === '' ? 'no answer' : `"${node.answer}"`;
        return this.reasoning(`#${node.id} → ${answer} (confidence ${node.confidence.toFixed(2)})\n`);
      }
      case 'decided': {
        const next = event.subQuestions.length === 0 ? '' : `: ${event.subQuestions.join('; ')}`;
        const stop = event.forcedStop === undefined ? '' : ` (${event.forcedStop})`;
        return this.reasoning(`decided to ${event.decision}${stop}${next}\n`);
      }
      case 'compacted':
        return this.reasoning(
          `context compacted to ${event.chars} of ${event.uncompactedChars} characters\n`,
        );
      case 'answer-delta':
        return event.delta === ''
          ? []
          : [...this.openText(), { type: 'text-delta', id: this.textId ?? '', delta: event.delta }];
      case 'finished':
        return this.finish('answer' in event ? event.answer : event.result.result);
      default:
        return [];
    }
  }

  /** The chunks of a stream whose events ended without `finished` (a cancelled run). */
  end(): UIMessageChunk[] {
    if (this.finished) return [];
    return [...this.closeParts(), { type: 'abort', reason: 'the run ended before its answer' }];
  }

  fail(error: unknown): UIMessageChunk[] {
    const text =
      this.options.errorText?.(error) ??
      (isRootweaverError(error) ? redactSecrets(error.message) : 'The run failed unexpectedly.');
    return [...this.closeParts(), { type: 'error', errorText: text }];
  }

  private finish(answer: MultiHopAnswer): UIMessageChunk[] {
    this.finished = true;
    const chunks: UIMessageChunk[] = [...this.closeReasoning()];
    // A composed or extracted answer (no synthesis call) streamed no deltas: it is the text, whole.
    const text =
      answer.refusal === undefined
        ? answer.answer
        : (this.options.refusalText ?? ((reason) => refusalSentences[reason]))(answer.refusal);
    if (this.textId === undefined && text !== '') {
      chunks.push(...this.openText(), { type: 'text-delta', id: this.textId ?? '', delta: text });
    }
    chunks.push(...this.closeText());
    for (const citation of answer.citations) {
      chunks.push({
        type: 'source-document',
        sourceId: citation.itemId,
        mediaType: 'text/plain',
        title: citation.title,
        providerMetadata: {
          rootweaver: { marker: citation.marker, documentId: citation.documentId, text: citation.text },
        },
      });
    }
    const metadata: RootweaverMessageMetadata = { rootweaver: toAnswerSummary(answer) };
    chunks.push({ type: 'finish', finishReason: 'stop', messageMetadata: metadata });
    return chunks;
  }

  /** A reasoning delta, in the open reasoning part (one is opened for an event outside any hop). */
  private reasoning(delta: string): UIMessageChunk[] {
    const opened = this.openReasoning === undefined ? this.openReasoningPart('run') : [];
    return [...opened, { type: 'reasoning-delta', id: this.openReasoning ?? '', delta }];
  }

  private openReasoningPart(name: string): UIMessageChunk[] {
    const closed = this.closeReasoning();
    this.parts += 1;
    this.openReasoning = `reasoning-${this.parts}-${name.replace(/\s+/g, '-')}`;
    return [...closed, { type: 'reasoning-start', id: this.openReasoning }];
  }

  private closeReasoning(): UIMessageChunk[] {
    if (this.openReasoning === undefined) return [];
    const id = this.openReasoning;
    this.openReasoning = undefined;
    return [{ type: 'reasoning-end', id }];
  }

  private openText(): UIMessageChunk[] {
    if (this.textId !== undefined) return [];
    const closed = this.closeReasoning();
    this.textId = 'answer';
    return [...closed, { type: 'text-start', id: this.textId }];
  }

  private closeText(): UIMessageChunk[] {
    if (this.textId === undefined) return [];
    return [{ type: 'text-end', id: this.textId }];
  }

  private closeParts(): UIMessageChunk[] {
    const chunks = this.closeReasoning();
    if (this.textId !== undefined) chunks.push({ type: 'text-end', id: this.textId });
    return chunks;
  }
}
