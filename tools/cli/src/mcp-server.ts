import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { retrievalFilterSchema, toRetrievalFilter } from '@rootweaver/capabilities';
import type { KnowledgeStore, MultiHopAnswer, RetrievalFilter } from '@rootweaver/core';
import { assertFilterKeysKnown, isRetrievalFilterEmpty, isRootweaverError } from '@rootweaver/core';
import type { MultiHopConfig, MultiHopRAG } from '@rootweaver/innovations';
import { z } from 'zod';

export interface RootweaverMcpServerOptions {
  readonly engine: MultiHopRAG;
  readonly store: KnowledgeStore;
  readonly config: MultiHopConfig;
  /** `name@version` the server reports in the MCP handshake. */
  readonly version: string;
  /** What the index is (shown in the tools' descriptions), e.g. `index /data/my-index (1,234 items)`. */
  readonly indexDescription: string;
}

const citationShape = z.object({
  marker: z.number().int(),
  title: z.string(),
  document_id: z.string(),
  text: z.string(),
});

const askOutput = {
  answer: z.string(),
  grounded: z.boolean(),
  refusal: z.string().nullable(),
  citations: z.array(citationShape),
  hops: z.array(
    z.object({
      iteration: z.number().int(),
      kind: z.string(),
      sub_questions: z.array(z.string()),
      nodes: z.array(
        z.object({
          id: z.number().int(),
          question: z.string(),
          answer: z.string(),
          confidence: z.number(),
          evidence: z.array(z.string()),
        }),
      ),
    }),
  ),
  llm_calls: z.number().int(),
  tokens: z.number().int(),
};

const searchOutput = {
  hits: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      document_id: z.string(),
      question: z.string().nullable(),
      answer: z.string().nullable(),
      text: z.string(),
      score: z.number(),
    }),
  ),
};

/** A search filter whose keys the store has (as `ask` checks them): an unknown key is an error, not no hits. */
async function checkedFilter(
  store: KnowledgeStore,
  filter: RetrievalFilter,
): Promise<RetrievalFilter | undefined> {
  if (isRetrievalFilterEmpty(filter)) return undefined;
  if (store.metadataKeys !== undefined) assertFilterKeysKnown(filter, await store.metadataKeys());
  return filter;
}

function failure(error: unknown): CallToolResult {
  const message = isRootweaverError(error)
    ? `${error.code}: ${error.message}`
    : `internal: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: 'text', text: message }] };
}

function askResult(answer: MultiHopAnswer): z.infer<z.ZodObject<typeof askOutput>> {
  const texts = new Map(answer.pool.map((item) => [item.id, item.text]));
  return {
    answer: answer.answer,
    grounded: answer.grounded,
    refusal: answer.refusal ?? null,
    citations: answer.citations.map((citation) => ({
      marker: citation.marker,
      title: citation.title,
      document_id: citation.documentId,
      text: citation.text,
    })),
    hops: answer.hops.map((hop) => ({
      iteration: hop.iteration,
      kind: hop.kind,
      sub_questions: [...hop.subQuestions],
      nodes: (hop.nodes ?? []).map((node) => ({
        id: node.id,
        question: node.groundedQuestion,
        answer: node.answer,
        confidence: node.confidence,
        evidence: node.evidenceIds.map((id) => texts.get(id) ?? id),
      })),
    })),
    llm_calls: answer.usage.llmCalls,
    tokens: answer.usage.inputTokens + answer.usage.outputTokens,
  };
}

/**
 * A text with its title in front, once: a QA pair's text already starts with its passage's title
 * (`Title: question answer`), so it is shown as it is ("X: X: …" otherwise).
 */
export function titled(title: string, text: string): string {
  const name = title.trim();
  if (name === '' || text.startsWith(`${name}:`)) return text;
  return `${name}: ${text}`;
}

/**
 * rootweaver as an MCP server (the official `@modelcontextprotocol/sdk`): two tools over one index —
 * `ask` (a multi-hop answer with its citations and hops) and `search` (the top-k atomic QA pairs for a
 * query). Each tool returns structured content (its `outputSchema`) and the same as readable text;
 * a failure is a tool error (`isError`) whose text says what went wrong, never a protocol error.
 */
export function createRootweaverMcpServer(options: RootweaverMcpServerOptions): McpServer {
  const { engine, store, config } = options;
  const server = new McpServer(
    { name: 'rootweaver', version: options.version },
    {
      instructions:
        `Answers multi-hop questions over ${options.indexDescription}. Use \`ask\` for a question whose ` +
        'answer chains facts (it decomposes, retrieves per sub-question and cites); use `search` to read ' +
        'the atomic QA pairs the index holds for a query.',
    },
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask a multi-hop question',
      description:
        `Answers a question over ${options.indexDescription}: decomposes it into sub-questions, answers each ` +
        'from the index, and composes (or synthesizes) a cited answer. Returns the answer, its citations and the hops.',
      inputSchema: {
        question: z
          .string()
          .trim()
          .min(1)
          .max(2000)
          .describe('The question, e.g. "Who directed the film X?"'),
        planner: z
          .enum(['compact', 'adaptive', 'keyterm'])
          .optional()
          .describe('The planner; default the configured one (adaptive needs an LLM)'),
        filter: retrievalFilterSchema.optional(),
      },
      outputSchema: askOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ question, planner, filter }, extra) => {
      try {
        const answer = await engine.ask(question, {
          signal: extra.signal,
          ...(planner === undefined ? {} : { planner }),
          ...(filter === undefined ? {} : { filter: toRetrievalFilter(filter) }),
        });
        const result = askResult(answer);
        const lines = [
          answer.refusal === undefined ? result.answer || '(no answer)' : `(no answer: ${answer.refusal})`,
          ...result.citations.map(
            (citation) => `[${citation.marker}] ${titled(citation.title, citation.text)}`,
          ),
        ];
        return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: result };
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'search',
    {
      title: 'Search the atomic QA pairs',
      description: `The top-k atomic question–answer pairs of ${options.indexDescription} for a query, best first.`,
      inputSchema: {
        query: z.string().trim().min(1).max(2000).describe('What to look for'),
        top_k: z.number().int().min(1).max(50).optional().describe(`How many pairs; default ${config.topK}`),
        filter: retrievalFilterSchema.optional(),
      },
      outputSchema: searchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, top_k, filter }, extra) => {
      try {
        const restriction =
          filter === undefined ? undefined : await checkedFilter(store, toRetrievalFilter(filter));
        const found = await store.search({
          query,
          topK: top_k ?? config.topK,
          mode: config.retrievalMode,
          ...(restriction === undefined ? {} : { filter: restriction }),
          signal: extra.signal,
        });
        const hits = found.hits.map((hit) => ({
          id: hit.id,
          title: hit.title,
          document_id: hit.documentId,
          question: hit.question ?? null,
          answer: hit.answer ?? null,
          text: hit.text,
          score: hit.score,
        }));
        const text =
          hits.length === 0 ? '(no pairs found)' : hits.map((hit) => titled(hit.title, hit.text)).join('\n');
        return { content: [{ type: 'text', text }], structuredContent: { hits } };
      } catch (error) {
        return failure(error);
      }
    },
  );
  return server;
}
