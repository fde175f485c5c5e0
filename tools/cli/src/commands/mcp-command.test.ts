import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { answerContains, loadGoldenSet } from '@rootweaver/eval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeJsonShapes } from '../readme-sections.js';
import { cliCheckout, goldenSetPath } from '../repo-root.js';
import { ensureSampleIndex } from '../sample-index.js';
import { buildCli, buildCliTimeoutMs, builtCliPath } from '../test/built-cli.js';

// The built CLI (`rootweaver mcp`) spawned over stdio and driven by the official SDK's client.
const builtCli = builtCliPath;
// Built from the sources before any test here runs (once per vitest run): never a stale dist/.
beforeAll(buildCli, buildCliTimeoutMs);

let client: Client | undefined;
let transport: StdioClientTransport | undefined;
let stderr = '';

beforeAll(async () => {
  const cache = await mkdtemp(join(tmpdir(), 'rw-mcp-'));
  const index = (await ensureSampleIndex({ cacheDirectory: cache })).directory;
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [builtCli, 'mcp', '--index', index],
    // No LLM and no Unleash: the rule-based, model-free engine.
    env: { PATH: process.env.PATH ?? '', ROOTWEAVER_CACHE_DIR: cache },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  client = new Client({ name: 'rootweaver-test', version: '1.0.0' });
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client?.close();
});

type AskContent = {
  answer: string;
  grounded: boolean;
  refusal: string | null;
  citations: { marker: number; title: string; document_id: string; text: string }[];
  hops: { kind: string; nodes: { question: string; answer: string; evidence: string[] }[] }[];
  llm_calls: number;
};

describe('rootweaver mcp (stdio, official SDK client)', () => {
  it('lists the ask and search tools with their schemas', async () => {
    const { tools } = await (client as Client).listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'search']);
    const ask = tools.find((tool) => tool.name === 'ask');
    expect(ask?.inputSchema.required).toEqual(['question']);
    expect(Object.keys(ask?.outputSchema?.properties ?? {})).toEqual(
      expect.arrayContaining(['answer', 'citations', 'hops']),
    );
    expect(client?.getServerVersion()?.name).toBe('rootweaver');
    expect(stderr).toContain('rootweaver MCP server on stdio');
  });

  it('ask answers golden multi-hop questions with citations and hops', async () => {
    const golden = await loadGoldenSet(goldenSetPath);
    const comparison = golden.questions.find(
      (question) => question.category === 'cross-document' && question.query.startsWith('Which film'),
    );
    if (comparison === undefined) throw new Error('the golden set has no cross-document comparison');
    const result = await (client as Client).callTool({
      name: 'ask',
      arguments: { question: comparison.query },
    });
    expect(result.isError).toBeFalsy();
    const content = result.structuredContent as AskContent;
    // The fields the README's "one answer, three JSON shapes" table names for MCP, no more, no fewer.
    if (cliCheckout !== undefined) {
      expect(Object.keys(content).sort()).toEqual(
        [
          ...(readmeJsonShapes(cliCheckout).get('MCP tool `ask` (structured content)') ?? ['(missing row)']),
        ].sort(),
      );
    }
    expect(answerContains(content.answer, comparison.expected_answer_contains)).toBe(1);
    expect(content.grounded).toBe(true);
    expect(content.llm_calls).toBe(0);
    expect(content.citations.length).toBeGreaterThan(0);
    for (const citation of content.citations) expect(citation.text.length).toBeGreaterThan(0);
    const nodes = content.hops.flatMap((hop) => hop.nodes);
    expect(nodes.length).toBeGreaterThan(1);
    expect(nodes.some((node) => node.evidence.length > 0)).toBe(true);
    const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
    expect(text.split('\n')[0]).toBe(content.answer);
    // Each citation line names its title once (issue 26: "[1] X: X: …").
    for (const citation of content.citations) {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`[${citation.marker}] `)) ?? '';
      expect(line.split(`${citation.title}:`).length - 1, line).toBe(1);
    }
  });

  it('search returns the top-k atomic pairs, best first', async () => {
    const result = await (client as Client).callTool({
      name: 'search',
      arguments: { query: 'Who directed The Glass Orchard?', top_k: 3 },
    });
    expect(result.isError).toBeFalsy();
    const { hits } = result.structuredContent as {
      hits: { title: string; question: string | null; answer: string | null; text: string; score: number }[];
    };
    expect(hits).toHaveLength(3);
    const scores = hits.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(hits.some((hit) => hit.title === 'The Glass Orchard' && hit.question !== null)).toBe(true);
    const lines = ((result.content as { type: string; text: string }[])[0]?.text ?? '').split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, position) => {
      const title = hits[position]?.title ?? '';
      expect(line.startsWith(`${title}: `), line).toBe(true);
      expect(line.split(`${title}:`).length - 1, line).toBe(1);
    });
  });

  it('ask and search take a filter; an unknown key is a tool error naming it', async () => {
    const search = await (client as Client).callTool({
      name: 'search',
      arguments: {
        query: 'Who directed The Glass Orchard?',
        top_k: 5,
        filter: { source_prefix: 'mira-castellan.md' },
      },
    });
    expect(search.isError).toBeFalsy();
    const { hits } = search.structuredContent as { hits: { document_id: string }[] };
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.document_id.startsWith('mira-castellan.md#'))).toBe(true);
    const ask = await (client as Client).callTool({
      name: 'ask',
      arguments: {
        question: 'Who directed The Glass Orchard?',
        filter: { metadata: { source: { in: ['the-glass-orchard.md'] } } },
      },
    });
    expect(ask.isError).toBeFalsy();
    expect(
      (ask.structuredContent as AskContent).citations.every((citation) =>
        citation.document_id.startsWith('the-glass-orchard.md#'),
      ),
    ).toBe(true);
    for (const name of ['ask', 'search']) {
      const unknown = await (client as Client).callTool({
        name,
        arguments: {
          ...(name === 'ask' ? { question: 'Who?' } : { query: 'Who?' }),
          filter: { metadata: { langauge: 'en' } },
        },
      });
      expect(unknown.isError).toBe(true);
      expect(JSON.stringify(unknown.content)).toMatch(/invalid-input: Unknown filter key `langauge`/);
    }
  });

  it('bad arguments are tool errors that say what is wrong; the server keeps serving', async () => {
    const empty = await (client as Client).callTool({ name: 'ask', arguments: { question: '   ' } });
    expect(empty.isError).toBe(true);
    expect(JSON.stringify(empty.content)).toMatch(/question/i);
    const tooMany = await (client as Client).callTool({
      name: 'search',
      arguments: { query: 'x', top_k: 500 },
    });
    expect(tooMany.isError).toBe(true);
    expect(JSON.stringify(tooMany.content)).toMatch(/top_k/);
    const again = await (client as Client).callTool({
      name: 'search',
      arguments: { query: 'Mira Castellan', top_k: 1 },
    });
    expect(again.isError).toBeFalsy();
  });
});
