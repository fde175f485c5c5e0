import { z } from 'zod';
import type { CapabilityRequest, CapabilityRetrieval } from '../capability/capability-types.js';
import { askRequestSchema, describeRequestIssues, toCapabilityRequest } from './ask-request-schema.js';
import {
  type DeepReadonly,
  forcedStopSchema,
  hopTraceSchema,
  multiHopMetadataSchema,
  nodeTraceSchema,
  planSchema,
  refusalSchema,
  usageReportSchema,
} from './ask-response-schema.js';

/*
 * `POST /v1/retrieve`: the evidence of a multi-hop run without its answer. `/openapi.json` describes it
 * from these schemas, and `toRetrieveResponseBody` builds the body typed by them.
 */

/** The JSON body of `POST /v1/retrieve`: `POST /v1/ask`'s without `stream`. */
export const retrieveRequestSchema = askRequestSchema.omit({ stream: true });

export type ParsedRetrieveRequest =
  | { readonly ok: true; readonly request: CapabilityRequest; readonly trace: boolean }
  | { readonly ok: false; readonly message: string };

/** Validates a parsed JSON body; the message names every bad field and what it must be. */
export function parseRetrieveRequest(body: unknown): ParsedRetrieveRequest {
  const result = retrieveRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, message: describeRequestIssues(result.error.issues) };
  return { ok: true, trace: result.data.trace ?? false, request: toCapabilityRequest(result.data) };
}

const count = z.number().int().min(0);

export const evidenceSchema = z
  .object({
    marker: z.number().int().min(1).describe('Its `[N]`: the 1-based position in the pool'),
    id: z.string(),
    documentId: z.string(),
    kind: z.enum(['qa', 'passage']),
    title: z.string(),
    text: z.string().describe('For an atomic QA pair, `question answer` as indexed'),
    passage: z.string().describe('The source passage the item was derived from'),
    question: z.string().optional(),
    answer: z.string().optional(),
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    score: z.number().describe("The store's score for the sub-question that retrieved it"),
    rank: z.number().int().min(1).describe('Its 1-based rank in that retrieval'),
    subQuestion: z.string().describe('The (grounded) sub-question whose retrieval brought it in'),
    iteration: count,
    nodeId: z.number().int().optional().describe('The plan node that retrieved it'),
    evidenceFor: z.array(z.number().int()).describe('The plan nodes whose answers were extracted from it'),
  })
  .describe('One item of the evidence pool of a multi-hop run.');

export const retrievalMetadataSchema = multiHopMetadataSchema
  .omit({ context_chars: true, context_chars_uncompacted: true, compaction: true })
  .extend({ evidence: count.describe('Pool items returned') })
  .describe('`metadata.multi_hop` of a retrieval: what ran, with which flags, at what cost.');

export const retrieveResponseSchema = z
  .object({
    evidence: z.array(evidenceSchema),
    subQuestions: z.array(z.string()).describe('Every sub-question searched, in order'),
    plan: planSchema.nullable(),
    nodes: z.array(nodeTraceSchema).describe('The plan nodes with their extracted answers'),
    forcedStop: forcedStopSchema.nullable(),
    refusal: refusalSchema.nullable(),
    metadata: z.object({ multi_hop: retrievalMetadataSchema }),
    trace: z
      .object({ hops: z.array(hopTraceSchema), usage: usageReportSchema })
      .optional()
      .describe('With `"trace": true`: the hop trace and the usage by stage'),
  })
  .describe('The answer of `POST /v1/retrieve`: the evidence, no answer (no synthesis call was made).');

export type RetrieveResponseBody = DeepReadonly<z.output<typeof retrieveResponseSchema>>;

/** The JSON answer of `POST /v1/retrieve`, with the trace when asked for. */
export function toRetrieveResponseBody(retrieval: CapabilityRetrieval, trace: boolean): RetrieveResponseBody {
  const { result } = retrieval;
  return {
    evidence: retrieval.evidence.map((item) => ({
      marker: item.marker,
      id: item.id,
      documentId: item.documentId,
      kind: item.kind,
      title: item.title,
      text: item.text,
      passage: item.passage,
      ...(item.question === undefined ? {} : { question: item.question }),
      ...(item.answer === undefined ? {} : { answer: item.answer }),
      ...(item.metadata === undefined ? {} : { metadata: item.metadata }),
      score: item.score,
      rank: item.rank,
      subQuestion: item.subQuestion,
      iteration: item.iteration,
      ...(item.nodeId === undefined ? {} : { nodeId: item.nodeId }),
      evidenceFor: item.evidenceFor,
    })),
    subQuestions: result.subQuestions,
    plan: result.plan ?? null,
    nodes: result.nodes,
    forcedStop: result.forcedStop ?? null,
    refusal: result.refusal ?? null,
    metadata: retrieval.metadata,
    ...(trace ? { trace: { hops: result.hops, usage: result.usage } } : {}),
  };
}
