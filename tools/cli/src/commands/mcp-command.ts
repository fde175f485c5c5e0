import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { engineOptions, engineOptionsUsage, engineSettingsFrom } from '../engine-options.js';
import { createRootweaverMcpServer } from '../mcp-server.js';
import { openEngine } from '../open-engine.js';
import { parseArguments, stringOption } from '../parse-arguments.js';
import { cacheDirectoryFor } from '../repo-root.js';
import { cliVersion } from '../run-cli.js';
import { ensureSampleIndex } from '../sample-index.js';

const usage = `Usage: rootweaver mcp [--index DIR] [--config FILE] [--planner …] [--compaction on|off] [--synthesis …] [--rewriter …]

Runs rootweaver as an MCP server on stdio (JSON-RPC on stdin/stdout; logs on stderr), for Claude Desktop,
IDEs and any MCP client. Tools:
  ask     {question, planner?}  → the answer, its citations and the hops (sub-questions, node answers, evidence)
  search  {query, top_k?}       → the top-k atomic QA pairs of the index

  --index DIR     an index built by 'rootweaver index' (default: the sample corpus, indexed on first use)
${engineOptionsUsage}

An LLM is used when OPENAI_BASE_URL / OPENAI_API_KEY are set; without one, rules and heuristics answer.
The server stops when its client closes stdin.`;

const options = {
  index: { type: 'string' },
  ...engineOptions,
} as const;

async function runMcp(args: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parseArguments('mcp', args, options);
  if (positionals.length > 0) throw new CliUsageError(`mcp: unexpected argument "${positionals[0]}".`);
  const settings = engineSettingsFrom('mcp', values, io.cwd);
  // stdout carries the protocol: everything else, progress included, goes to stderr.
  const onProgress = (message: string): void => io.stderr(`${message}\n`);
  const index = stringOption(values, 'index');
  const path =
    index === undefined
      ? (await ensureSampleIndex({ cacheDirectory: cacheDirectoryFor(io), env: io.env, signal, onProgress }))
          .directory
      : resolve(io.cwd, index);
  const opened = await openEngine({ io, source: { kind: 'index', path }, settings, signal, onProgress });
  try {
    const server = createRootweaverMcpServer({
      engine: opened.engine,
      store: opened.providers.store,
      config: opened.config,
      version: cliVersion(),
      indexDescription: opened.description,
    });
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolveClosed) => {
      transport.onclose = () => resolveClosed();
      process.stdin.once('end', () => resolveClosed());
      signal.addEventListener('abort', () => resolveClosed(), { once: true });
    });
    await server.connect(transport);
    io.stderr(`rootweaver MCP server on stdio (${opened.description}; config: ${opened.configSource})\n`);
    await closed;
    await server.close();
    return 0;
  } finally {
    await opened.close();
  }
}

export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'Serve the index to MCP clients on stdio (tools: ask, search)',
  usage,
  run: runMcp,
};
