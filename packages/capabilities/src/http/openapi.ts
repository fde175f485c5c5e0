import { z } from 'zod';
import { askRequestSchema } from './ask-request-schema.js';
import {
  askResponseSchema,
  askStreamEventSchema,
  citationSchema,
  errorResponseSchema,
  hopTraceSchema,
  multiHopMetadataSchema,
  nodeTraceSchema,
  planSchema,
  poolItemSchema,
  usageReportSchema,
} from './ask-response-schema.js';
import {
  evidenceSchema,
  retrievalMetadataSchema,
  retrieveRequestSchema,
  retrieveResponseSchema,
} from './retrieve-schema.js';

export interface OpenApiOptions {
  /** Whether the server asks for a bearer token (`--auth-token`): adds the security scheme. */
  readonly bearerAuth: boolean;
}

type JsonObject = Record<string, unknown>;

export const healthResponseSchema = z.object({ status: z.enum(['ok', 'shutting-down']) });

const componentUri = (id: string): string => `#/components/schemas/${id}`;
const ref = (id: string): JsonObject => ({ $ref: componentUri(id) });

/**
 * The schemas of one direction (`input` for what clients send, `output` for what the server answers) as
 * OpenAPI components, `$ref`s between them; each schema named once, in a registry of this call's own.
 */
function components(io: 'input' | 'output', named: Readonly<Record<string, z.ZodType>>): JsonObject {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, { io, uri: componentUri, unrepresentable: 'throw' }).schemas;
  // Components are parts of one document: their own `$schema` and `$id` would make each a separate resource.
  return Object.fromEntries(
    Object.entries(generated).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonObject;
      return [id, rest];
    }),
  );
}

const errorResponse = (description: string): JsonObject => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

/**
 * The OpenAPI 3.1 description of the rootweaver HTTP API, generated from the zod schemas the server
 * validates requests with and builds its answers from. Served at `GET /openapi.json`.
 */
export function createOpenApiDocument(options: OpenApiOptions): JsonObject {
  const schemas = {
    ...components('input', { AskRequest: askRequestSchema, RetrieveRequest: retrieveRequestSchema }),
    ...components('output', {
      AskResponse: askResponseSchema,
      AskStreamEvent: askStreamEventSchema,
      Error: errorResponseSchema,
      Health: healthResponseSchema,
      Citation: citationSchema,
      MultiHopMetadata: multiHopMetadataSchema,
      Plan: planSchema,
      NodeTrace: nodeTraceSchema,
      HopTrace: hopTraceSchema,
      UsageReport: usageReportSchema,
      PoolItem: poolItemSchema,
      RetrieveResponse: retrieveResponseSchema,
      Evidence: evidenceSchema,
      RetrievalMetadata: retrievalMetadataSchema,
    }),
  };
  const publicRoute = options.bearerAuth ? { security: [] } : {};
  const clientErrors = {
    '400': errorResponse('The body is not valid JSON (`invalid-json`)'),
    ...(options.bearerAuth ? { '401': errorResponse('No or a wrong bearer token (`unauthorized`)') } : {}),
    '413': errorResponse('The body is over the size limit (`payload-too-large`)'),
    '415': errorResponse('The body is not JSON (`unsupported-media-type`)'),
    '422': errorResponse('A field is missing or wrong; the message names each (`invalid-input`)'),
    default: errorResponse('A server-side failure (LLM, store, overload); the code names it'),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'rootweaver',
      version: '1.0.0',
      description:
        'Multi-hop question answering over an atomic QA index (MultiHopCapability over HTTP). ' +
        '`POST /v1/ask` answers with JSON, or streams the run as Server-Sent Events; `POST /v1/retrieve` ' +
        'answers with the evidence only.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    paths: {
      '/v1/ask': {
        post: {
          operationId: 'ask',
          summary: 'Answer a question',
          description:
            'With `Accept: text/event-stream` or `"stream": true` the run is streamed as Server-Sent Events: ' +
            '`event:` is the type (`plan`, `node-started`, `retrieved`, `node-answered`, `decided`, `compacted`, ' +
            '`answer-delta`), `data:` one JSON object (`AskStreamEvent`); the last event is `finished` with the ' +
            'same body as the JSON answer, or `error`. Closing the connection cancels the run.',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('AskRequest') } },
          },
          responses: {
            '200': {
              description: 'The answer, or the stream of the run',
              content: {
                'application/json': { schema: ref('AskResponse') },
                'text/event-stream': {
                  schema: {
                    type: 'string',
                    description: 'Server-Sent Events; each `data:` is an AskStreamEvent',
                  },
                  'x-event-data': ref('AskStreamEvent'),
                },
              },
            },
            ...clientErrors,
          },
        },
      },
      '/v1/retrieve': {
        post: {
          operationId: 'retrieve',
          summary: 'The evidence for a question, without an answer',
          description:
            "Runs the question's plan, grounding, retrieval and node answers as `/v1/ask` does, with the same " +
            'flags, and answers with the evidence pool (score, metadata, sub-question, plan node of each item); ' +
            'no synthesis call is made. Closing the connection cancels the run.',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('RetrieveRequest') } },
          },
          responses: {
            '200': {
              description: 'The evidence',
              content: { 'application/json': { schema: ref('RetrieveResponse') } },
            },
            ...clientErrors,
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'health',
          summary: 'Liveness; 503 while shutting down',
          ...publicRoute,
          responses: {
            '200': { description: 'Serving', content: { 'application/json': { schema: ref('Health') } } },
            '503': {
              description: 'Shutting down',
              content: { 'application/json': { schema: ref('Health') } },
            },
          },
        },
      },
      '/metrics': {
        get: {
          operationId: 'metrics',
          summary: 'Prometheus metrics',
          responses: {
            '200': {
              description: 'The text exposition format',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          responses: {
            '200': {
              description: 'OpenAPI 3.1',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
      '/': {
        get: {
          operationId: 'viewer',
          summary: 'The trace viewer: one static page that asks and draws the run as it streams',
          ...publicRoute,
          responses: {
            '200': { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } },
          },
        },
      },
    },
    components: {
      schemas,
      ...(options.bearerAuth ? { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } } : {}),
    },
    ...(options.bearerAuth ? { security: [{ bearerAuth: [] }] } : {}),
  };
}
