import type { RetrievalFilter } from '@rootweaver/core';
import { z } from 'zod';
import type { CapabilityRequest } from '../capability/capability-types.js';

const metadataValue = z.union([z.string().max(1000), z.number(), z.boolean()]);

/** `"filter"`: what the question may be answered from (`AskOptions.filter`, snake_case on the wire). */
export const retrievalFilterSchema = z
  .strictObject({
    metadata: z
      .record(
        z.string().min(1).max(200),
        z.union([metadataValue, z.strictObject({ in: z.array(metadataValue).min(1).max(100) })]),
      )
      .optional()
      .describe(
        'Conditions on the documents\' metadata (front matter, extra JSONL fields, `source`, `section`), all of which must hold: a value is equality (type included), `{"in": [...]}` any of several. A key no document has is a 422.',
      ),
    source_prefix: z
      .string()
      .max(1000)
      .optional()
      .describe(
        'Only documents whose `source` path is this path or lies under it as a folder (`docs/api` keeps `docs/api/…`).',
      ),
  })
  .describe(
    'Restrict retrieval to part of the index, e.g. {"metadata": {"version": {"in": ["2", "3"]}}, "source_prefix": "docs/"}.',
  );

/** The wire filter (snake_case) as the engine's `RetrievalFilter`. */
export function toRetrievalFilter(wire: z.infer<typeof retrievalFilterSchema>): RetrievalFilter {
  return {
    ...(wire.metadata === undefined ? {} : { metadata: wire.metadata }),
    ...(wire.source_prefix === undefined ? {} : { sourcePrefix: wire.source_prefix }),
  };
}

/** The JSON body of `POST /v1/ask`. Unknown fields are rejected so typos do not pass silently. */
export const askRequestSchema = z.strictObject({
  query: z.string().trim().min(1).max(4000),
  user: z
    .strictObject({
      id: z.string().min(1).max(256).optional(),
      tenant: z.string().min(1).max(256).optional(),
    })
    .optional(),
  history: z
    .array(
      z.strictObject({
        role: z.enum(['system', 'user', 'assistant']),
        content: z.string().max(20_000),
      }),
    )
    .max(50)
    .optional(),
  /** Include the hop trace, plan and usage by stage in the response. */
  trace: z.boolean().optional(),
  /** This request's whole-run deadline in ms; the configured `deadline_ms` caps it. */
  deadline_ms: z.number().int().min(1).max(600_000).optional(),
  /** Answer with Server-Sent Events (as `Accept: text/event-stream` does). */
  stream: z.boolean().optional(),
  filter: retrievalFilterSchema.optional(),
});

export type AskRequestBody = z.infer<typeof askRequestSchema>;

const fieldRules: Readonly<Record<string, string>> = {
  query: 'a non-empty string of at most 4000 characters',
  user: 'an object {id?, tenant?}',
  'user.id': 'a non-empty string of at most 256 characters',
  'user.tenant': 'a non-empty string of at most 256 characters',
  history: 'an array of at most 50 {role, content} messages',
  role: 'one of system, user, assistant',
  content: 'a string of at most 20000 characters',
  trace: 'true or false',
  deadline_ms: 'an integer number of milliseconds between 1 and 600000 (the configured deadline_ms caps it)',
  stream: 'true or false',
  filter: 'an object {metadata?: {key: value | {"in": [values]}}, source_prefix?: "folder"}',
  metadata: 'an object of key → string, number or boolean, or {"in": [one to 100 of them]}',
  source_prefix: 'a string (a source path or folder)',
};

export type ParsedAskRequest =
  | {
      readonly ok: true;
      readonly request: CapabilityRequest;
      readonly trace: boolean;
      /** `"stream": true` in the body; `Accept: text/event-stream` asks for the same. */
      readonly stream: boolean;
    }
  | { readonly ok: false; readonly message: string };

/** One message naming every bad field of a request body and what it must be. */
export function describeRequestIssues(issues: readonly z.core.$ZodIssue[]): string {
  const problems = issues.map((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      const where = path.length === 0 ? '' : ` in \`${path.join('.')}\``;
      return `unknown field(s) ${issue.keys.map((key) => `\`${key}\``).join(', ')}${where}`;
    }
    if (path.length === 0) return 'the body must be a JSON object like {"query": "..."}';
    const name = path.join('.');
    const last = path[path.length - 1] ?? '';
    const rule = fieldRules[name] ?? fieldRules[last] ?? issue.message;
    return `\`${name}\` must be ${rule}`;
  });
  return problems.join('; ');
}

/** Validates a parsed JSON body; the message names every bad field and what it must be. */
export function parseAskRequest(body: unknown): ParsedAskRequest {
  const result = askRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, message: describeRequestIssues(result.error.issues) };
  const data = result.data;
  return {
    ok: true,
    trace: data.trace ?? false,
    stream: data.stream ?? false,
    request: toCapabilityRequest(data),
  };
}

/** The capability request of a validated body (`query`, `user`, `history`, `deadline_ms`, `filter`). */
export function toCapabilityRequest(data: Omit<AskRequestBody, 'stream' | 'trace'>): CapabilityRequest {
  const user =
    data.user === undefined
      ? undefined
      : {
          ...(data.user.id === undefined ? {} : { id: data.user.id }),
          ...(data.user.tenant === undefined ? {} : { tenant: data.user.tenant }),
        };
  return {
    query: data.query,
    ...(user === undefined ? {} : { user }),
    ...(data.history === undefined ? {} : { history: data.history }),
    ...(data.deadline_ms === undefined ? {} : { deadlineMs: data.deadline_ms }),
    ...(data.filter === undefined ? {} : { filter: toRetrievalFilter(data.filter) }),
  };
}
