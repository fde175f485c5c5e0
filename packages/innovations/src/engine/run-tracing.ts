import {
  type Attributes,
  type Context,
  context,
  type Span,
  type SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { MultiHopAnswer, MultiHopEvent } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';

/** The instrumentation scope of the spans `MultiHopRAG` makes when no `tracer` is passed. */
export const tracerName = 'rootweaver';

/** The default tracer: the global provider's (a no-op until an OpenTelemetry SDK registers one). */
export function defaultTracer(): Tracer {
  return trace.getTracer(tracerName);
}

export interface SpanOptions {
  readonly attributes?: Attributes;
  readonly kind?: SpanKind;
  /** The (grounded) sub-question the work is for: its node's span is the parent, when one is open. */
  readonly question?: string;
}

/** Attributes a span gets from the work's result, after it finishes. */
export type ResultAttributes<T> = (result: T) => Attributes;

function errorType(error: unknown): string {
  if (isRootweaverError(error)) return error.code;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * One run's OpenTelemetry spans, through `@opentelemetry/api` only: `rootweaver.run` (the question's run),
 * under it one `rootweaver.hop` per hop (started by the run's `hop-started` events), under a hop one
 * `rootweaver.node` per plan node (from `node-started` until its extraction ends), and under those the
 * work: `rootweaver.retrieve`, `rootweaver.extract`, `chat {model}` for each LLM call (GenAI semantic
 * conventions: `gen_ai.operation.name`, `gen_ai.request.model`, `gen_ai.usage.input_tokens`, …) and
 * `rootweaver.compact`. Parents are passed explicitly, so the tree is right with or without a context
 * manager; each piece of work also runs with its span active, so instrumented clients below it nest.
 * No question, prompt or answer text is recorded.
 */
export class RunTracing {
  private readonly runSpan: Span;
  private readonly runContext: Context;
  private hop: { readonly span: Span; readonly context: Context } | undefined;
  /** Open node spans by grounded question. */
  private readonly nodes = new Map<string, { readonly span: Span; readonly context: Context }>();
  private ended = false;

  constructor(
    private readonly tracer: Tracer,
    attributes: Attributes,
  ) {
    const parent = context.active();
    this.runSpan = tracer.startSpan('rootweaver.run', { attributes }, parent);
    this.runContext = trace.setSpan(parent, this.runSpan);
  }

  /** Follows the run's events: a hop span per `hop-started`, a node span per `node-started`. */
  observe(event: MultiHopEvent): void {
    if (this.ended) return;
    if (event.type === 'hop-started') {
      this.endHop();
      const span = this.tracer.startSpan(
        `rootweaver.hop ${event.kind}`,
        { attributes: { 'rootweaver.hop.iteration': event.iteration, 'rootweaver.hop.kind': event.kind } },
        this.runContext,
      );
      this.hop = { span, context: trace.setSpan(this.runContext, span) };
    } else if (event.type === 'node-started') {
      const parent = this.hop?.context ?? this.runContext;
      const span = this.tracer.startSpan(
        'rootweaver.node',
        { attributes: { 'rootweaver.node.id': event.nodeId, 'rootweaver.hop.iteration': event.iteration } },
        parent,
      );
      this.nodes.get(event.groundedQuestion)?.span.end();
      this.nodes.set(event.groundedQuestion, { span, context: trace.setSpan(parent, span) });
    }
  }

  /** Ends the current hop (e.g. before the compaction, which belongs to no hop). */
  endHop(): void {
    this.hop?.span.end();
    this.hop = undefined;
  }

  /**
   * Runs `work` in a span named `name`, a child of its sub-question's node, else the current hop, else the
   * run. A failure marks the span (status, `error.type`, the exception) and is thrown on.
   */
  async span<T>(
    name: string,
    options: SpanOptions,
    work: () => Promise<T>,
    resultAttributes?: ResultAttributes<T>,
  ): Promise<T> {
    const node = options.question === undefined ? undefined : this.nodes.get(options.question);
    const parent = this.ended ? context.active() : (node?.context ?? this.hop?.context ?? this.runContext);
    const span = this.tracer.startSpan(
      name,
      {
        ...(options.attributes === undefined ? {} : { attributes: options.attributes }),
        ...(options.kind === undefined ? {} : { kind: options.kind }),
      },
      parent,
    );
    try {
      const result = await context.with(trace.setSpan(parent, span), work);
      if (resultAttributes !== undefined) span.setAttributes(resultAttributes(result));
      return result;
    } catch (error) {
      fail(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  /** Ends the node span of `question` (its extraction is done), with what the extraction found. */
  endNode(question: string, attributes: Attributes): void {
    const node = this.nodes.get(question);
    if (node === undefined) return;
    node.span.setAttributes(attributes);
    node.span.end();
    this.nodes.delete(question);
  }

  /** The answer's figures on the run span (GenAI usage totals among them). */
  recordAnswer(answer: MultiHopAnswer): void {
    this.runSpan.setAttributes({
      'rootweaver.planner': answer.planner,
      'rootweaver.hops': answer.hops.length,
      'rootweaver.llm_calls': answer.usage.llmCalls,
      'rootweaver.retrievals': answer.usage.retrievals,
      'gen_ai.usage.input_tokens': answer.usage.inputTokens,
      'gen_ai.usage.output_tokens': answer.usage.outputTokens,
      'rootweaver.synthesis.mode': answer.synthesis.mode,
      'rootweaver.context.chars': answer.context.chars,
      'rootweaver.context.uncompacted_chars': answer.context.uncompactedChars,
      'rootweaver.citations': answer.citations.length,
      'rootweaver.grounded': answer.grounded,
      ...(answer.refusal === undefined ? {} : { 'rootweaver.refusal': answer.refusal }),
      ...(answer.forcedStop === undefined ? {} : { 'rootweaver.forced_stop': answer.forcedStop }),
    });
  }

  /** Marks the run failed (the error escapes `ask`). */
  fail(error: unknown): void {
    if (!this.ended) fail(this.runSpan, error);
  }

  /** Ends every span still open, the run's last. Idempotent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const node of this.nodes.values()) node.span.end();
    this.nodes.clear();
    this.endHop();
    this.runSpan.end();
  }
}

function fail(span: Span, error: unknown): void {
  span.setAttribute('error.type', errorType(error));
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}
