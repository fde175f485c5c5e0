import type { CliCommand, LazyCliCommand } from './command.js';

/**
 * Every `rootweaver` subcommand, in the order `--help` lists them. Each is imported when it is used, never
 * before: `--version` and `--help` load none of them, `ask` loads the ask command and what it imports.
 * A new command is one entry here (its name and summary as its own file says them: a test compares).
 */
export const allCommands: readonly LazyCliCommand[] = [
  lazy(
    'demo',
    'Index the sample corpus and answer its golden questions (no LLM needed)',
    async () => (await import('./commands/demo-command.js')).demoCommand,
  ),
  lazy(
    'index',
    'Build, update, import and inspect atomic QA indexes.',
    async () => (await import('./commands/index-command.js')).indexCommand,
    [
      '1    index build/update: some passages failed to generate (the next run retries them)',
      '2    index with no subcommand, or an unknown one',
    ],
  ),
  lazy(
    'ask',
    'Answer one question from an index',
    async () => (await import('./commands/ask-command.js')).askCommand,
  ),
  lazy(
    'eval',
    'Measure EM/F1, LLM calls and tokens on a dataset, or score the golden set',
    async () => (await import('./commands/eval-command.js')).evalCommand,
  ),
  lazy(
    'serve',
    'Serve the capability over HTTP (POST /v1/ask with SSE, the trace viewer, /openapi.json, /metrics)',
    async () => (await import('./commands/serve-command.js')).serveCommand,
    ['0    also when stopped by Ctrl-C or SIGTERM (after answering the requests it had accepted)'],
  ),
  lazy(
    'mcp',
    'Serve the index to MCP clients on stdio (tools: ask, search)',
    async () => (await import('./commands/mcp-command.js')).mcpCommand,
    ['0    also when the client closes stdin'],
  ),
  lazy(
    'bench',
    "Run the benchmarks (or say how: 'pnpm bench')",
    async () => (await import('./commands/bench-command.js')).benchCommand,
  ),
  lazy(
    'flags',
    'Show the flag snapshot a request would run with',
    async () => (await import('./commands/flags-command.js')).flagsCommand,
  ),
  lazy(
    'models',
    'Check an ONNX encoder or extractor folder: what was detected, or what is wrong',
    async () => (await import('./commands/models-command.js')).modelsCommand,
    ['1    the folder is not a usable model (stderr says what is wrong)'],
  ),
];

function lazy(
  name: string,
  summary: string,
  load: () => Promise<CliCommand>,
  exitCodes?: readonly string[],
): LazyCliCommand {
  return { name, summary, load, ...(exitCodes === undefined ? {} : { exitCodes }) };
}
