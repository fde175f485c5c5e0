import type { MultiHopAnswer } from '@rootweaver/core';
import { z } from 'zod';
import type { CapabilityEvent, CapabilityResult } from '../capability/capability-types.js';

/*
 * What `POST /v1/ask` answers: the JSON body, the error body and the Server-Sent Events of a streamed run.
 * `/openapi.json` is generated from these schemas (`openapi.ts`), and the functions below build the bodies
 * typed by them, so the served description and the real responses cannot drift apart.
 */

export const forcedStopSchema = z.enum([
  'max-depth',
  'max-total-sub-queries',
  'max-pool-chunks',
  'max-hops',
  'budget',
  'decide-failed',
  'deadline',
]);
export const refusalSchema = z.enum([
  'decompose-failed',
  'no-evidence',
  'aborted',
  'budget-exhausted',
  'empty-answer',
]);
const hopKindSchema = z.enum(['decompose', 'retrieve', 'decide', 'select', 'synthesize', 'compose']);
const count = z.number().int().min(0);

export const citationSchema = z
  .object({
    marker: count.describe('The `[N]` marker in the answer'),
    itemId: z.string(),
    documentId: z.string(),
    title: z.string(),
    text: z.string(),
  })
  .describe('A `[N]` marker of the answer, resolved to the atomic QA pair (or passage) it cites.');

export const planSchema = z
  .object({
    nodes: z.array(
      z.object({
        id: z.number().int(),
        question: z.string(),
        refs: z.array(z.number().int()).describe('Ids of the nodes whose answers this one needs'),
      }),
    ),
    source: z.enum(['llm', 'rules', 'fallback']),
    repairs: z.array(z.string()),
  })
  .describe('The dependency graph of sub-questions.');

const tokenUsageSchema = z.object({ inputTokens: count, outputTokens: count });

const rewriteTraceSchema = z
  .object({
    outcome: z.enum(['rewritten', 'fallback']),
    reason: z.string().optional(),
    rewriterQuestion: z.string().optional(),
    rulesQuestion: z.string(),
    modelId: z.string(),
    latencyMs: z.number(),
    tokens: tokenUsageSchema.optional(),
  })
  .describe("What the rewriter slot did for the node: its question was used, or the rules' (fallback).");

export const nodeTraceSchema = z
  .object({
    id: z.number().int(),
    question: z.string(),
    groundedQuestion: z.string().describe("The sub-question with its parents' answers put in"),
    groundingMethod: z.enum(['none', 'placeholder', 'implicit', 'appended', 'rewritten']),
    refs: z.array(z.number().int()),
    answer: z.string(),
    confidence: z.number(),
    resolved: z.boolean(),
    evidenceIds: z.array(z.string()).describe('The pool items the answer was extracted from'),
    topItemId: z.string().optional(),
    rewrite: rewriteTraceSchema.optional(),
  })
  .describe("One plan node's grounded question, answer, confidence and evidence.");

const stageUsageSchema = z.object({
  calls: count,
  inputTokens: count,
  outputTokens: count,
  latencyMs: z.number(),
});

export const hopTraceSchema = z.object({
  iteration: count,
  kind: hopKindSchema,
  subQuestions: z.array(z.string()),
  decision: z.enum(['continue', 'stop']).optional(),
  itemsAdded: count,
  forcedStop: forcedStopSchema.optional(),
  llmLatencyMs: z.number().optional(),
  tokens: tokenUsageSchema.optional(),
  nodes: z.array(nodeTraceSchema).optional(),
  note: z.string().optional(),
});

export const usageReportSchema = z.object({
  llmCalls: count,
  inputTokens: count,
  outputTokens: count,
  byStage: z.partialRecord(z.enum(['decompose', 'decide', 'synthesize']), stageUsageSchema),
  rewrite: stageUsageSchema
    .extend({ fallbacks: count })
    .optional()
    .describe("The rewriter slot's own calls and tokens (not in llmCalls or the token totals)"),
  retrievals: count,
  nonLlmLatencyMs: z.number(),
  totalLatencyMs: z.number(),
});

export const poolItemSchema = z
  .object({
    id: z.string(),
    documentId: z.string(),
    title: z.string(),
    text: z.string(),
    subQuestion: z.string().describe('The sub-question whose retrieval brought the item in'),
  })
  .describe('An item of the context pool: what the evidence ids and citation markers point at.');

export const synthesisReportSchema = z.object({
  mode: z.enum(['llm', 'composed', 'extractive', 'none']),
  reason: z.string(),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      'The probability that a composed or extractive answer is right: the product of the calibrated confidences of the plan nodes it rests on. Absent for the synthesis call.',
    ),
});

export const multiHopMetadataSchema = z
  .object({
    enabled: z.boolean().describe('The capability flag for this request'),
    planner: z.enum(['compact', 'adaptive', 'keyterm', 'single-pass']),
    hops: count,
    llm_calls: count,
    tokens: count,
    input_tokens: count,
    output_tokens: count,
    context_chars: count,
    context_chars_uncompacted: count,
    compaction: z.boolean(),
    forced_stop: forcedStopSchema.nullable(),
    refusal: refusalSchema.nullable(),
    latency_ms: z.number(),
    extractor: z.string(),
    rewriter: z
      .object({
        model: z.string(),
        calls: count,
        fallbacks: count,
        input_tokens: count,
        output_tokens: count,
        latency_ms: z.number(),
      })
      .nullable()
      .describe(
        'The rewriter slot, its calls and tokens (not in llm_calls or tokens); null when the rules ground',
      ),
    flags: z.object({
      enabled: z.boolean(),
      compaction: z.boolean(),
      compaction_yaml: z.boolean(),
      planner_variant: z.string().nullable(),
    }),
  })
  .describe('`metadata.multi_hop`: what ran, with which flags, at what cost (ADR-077 names).');

export const askResponseSchema = z
  .object({
    answer: z.string(),
    grounded: z.boolean(),
    citations: z.array(citationSchema),
    metadata: z.object({ multi_hop: multiHopMetadataSchema }),
    trace: z
      .object({
        hops: z.array(hopTraceSchema),
        plan: planSchema.nullable(),
        usage: usageReportSchema,
        synthesis: synthesisReportSchema,
        pool: z.array(poolItemSchema),
      })
      .optional()
      .describe('With `"trace": true`: the hop trace, the plan, the usage by stage and the context pool'),
  })
  .describe('The answer of `POST /v1/ask`, and the data of the `finished` event of a streamed one.');

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().describe('`invalid-input`, `invalid-json`, `unauthorized`, `llm-timeout`, …'),
      message: z.string().describe('What went wrong and how to fix it; secrets are redacted'),
    }),
  })
  .describe('Every 4xx/5xx answer, and the data of the `error` event of a streamed request.');

/** The `data:` of each Server-Sent Event of `POST /v1/ask` with `Accept: text/event-stream`. */
export const askStreamEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('hop-started'), iteration: count, kind: hopKindSchema }),
    z.object({ type: z.literal('plan'), plan: planSchema }),
    z.object({
      type: z.literal('node-started'),
      iteration: count,
      nodeId: z.number().int(),
      question: z.string(),
      groundedQuestion: z.string(),
    }),
    z.object({
      type: z.literal('retrieved'),
      iteration: count,
      subQuestion: z.string(),
      itemIds: z.array(z.string()),
      itemsAdded: count,
    }),
    z.object({ type: z.literal('node-answered'), iteration: count, node: nodeTraceSchema }),
    z.object({
      type: z.literal('decided'),
      iteration: count,
      decision: z.enum(['continue', 'stop']),
      subQuestions: z.array(z.string()),
      forcedStop: forcedStopSchema.optional(),
    }),
    z.object({ type: z.literal('compacted'), chars: count, uncompactedChars: count }),
    z.object({ type: z.literal('answer-delta'), delta: z.string() }),
    askResponseSchema.extend({ type: z.literal('finished') }),
    errorResponseSchema.extend({ type: z.literal('error') }),
  ])
  .describe(
    'One event of a streamed run: `event:` is the `type`; `finished` (the last) carries the same body as the JSON answer, `error` ends a run that failed.',
  );

/** Readonly all the way down: the engine's vocabulary is readonly, the schemas' outputs are not. */
export type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

export type AskResponseBody = DeepReadonly<z.output<typeof askResponseSchema>>;
export type ErrorResponseBody = DeepReadonly<z.output<typeof errorResponseSchema>>;
export type AskStreamEvent = DeepReadonly<z.output<typeof askStreamEventSchema>>;

/** The JSON answer of `POST /v1/ask` (and the `finished` event's data), with the trace when asked for. */
export function toAskResponseBody(result: CapabilityResult, trace: boolean): AskResponseBody {
  const answer: MultiHopAnswer = result.result;
  return {
    answer: result.answer,
    grounded: result.grounded,
    citations: result.citations,
    metadata: result.metadata,
    ...(trace
      ? {
          trace: {
            hops: answer.hops,
            plan: answer.plan ?? null,
            usage: answer.usage,
            synthesis: answer.synthesis,
            pool: answer.pool.map((item) => ({
              id: item.id,
              documentId: item.documentId,
              title: item.title,
              text: item.text,
              subQuestion: item.subQuestion,
            })),
          },
        }
      : {}),
  };
}

/** The data of one Server-Sent Event for a capability event. */
export function toAskStreamEvent(event: CapabilityEvent, trace: boolean): AskStreamEvent {
  if (event.type === 'finished') return { type: 'finished', ...toAskResponseBody(event.result, trace) };
  return event;
}

export function toErrorBody(code: string, message: string): ErrorResponseBody {
  return { error: { code, message } };
}
