import { resolve } from 'node:path';
import {
  authTokenEnvironmentVariable,
  createHttpServer,
  createMetricsRegistry,
  MultiHopCapability,
} from '@rootweaver/capabilities';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { engineOptions, engineOptionsUsage, engineSettingsFrom } from '../engine-options.js';
import { type IndexSource, openIndex } from '../index-source.js';
import { loadUIMessageStreamRoute } from '../load-ui-message-stream-route.js';
import {
  booleanOption,
  choiceOption,
  parseArguments,
  positiveIntegerOption,
  stringOption,
} from '../parse-arguments.js';
import { cacheDirectoryFor } from '../repo-root.js';
import { sampleIndexSource } from '../sample-index.js';

const usage = `Usage: rootweaver serve [--index DIR | --kb FILE | --corpus PATH] [--port N] [--host ADDRESS]
                       [--cors ORIGIN]… [--auth-token TOKEN] [--access-log stdout|stderr|off] [--log-queries]
                       [--ui-message-stream] [--config FILE] [--planner …] [--compaction on|off] [--synthesis …] [--rewriter …]

Serves MultiHopCapability over HTTP:
  POST /v1/ask       {"query": "...", "user": {"id": "...", "tenant": "..."}, "history": [...], "trace": false,
                     "stream": false}; with Accept: text/event-stream (or "stream": true) the run streams as
                     Server-Sent Events (plan, node-started, retrieved, node-answered, …, finished)
  POST /v1/retrieve  the same body without "stream": the evidence (pool items with score, sub-question and
                     plan node, the sub-answers), no answer, no synthesis call
  POST /v1/chat      with --ui-message-stream: useChat's body ({"messages": [...]}) answered in the AI SDK UI
                     message stream protocol (reasoning for each hop, text, sources for the citations)
  GET  /             the trace viewer: ask a question, watch the sub-question graph as it streams
  GET  /openapi.json the OpenAPI 3.1 description
  GET  /metrics      Prometheus metrics (multi_hop_context_chars, multi_hop_requests_total, ...)
  GET  /healthz      {"status": "ok"} (503 while shutting down)

  --index DIR     an index built by 'rootweaver index'
  --kb FILE       an atomic QA knowledge base (JSONL), imported once (cached)
  --corpus PATH   a corpus (JSONL or folder), indexed with the rule-based generator (cached)
                  (none of the three: the sample corpus examples/sample-corpus, indexed on first use)
  --port N        default 8080 (0 picks a free port)
  --host ADDRESS  default 127.0.0.1
  --drain-ms N    on SIGTERM/SIGINT, time runs in flight get to finish before they are ended (default 10000)
  --max-concurrent N  runs at once; more are answered 503 with Retry-After (default 256)
  --cors ORIGIN   let browsers on ORIGIN (scheme://host[:port], or *) call the API; repeatable
  --auth-token T  require Authorization: Bearer T on every route but /healthz and / (the page asks for it);
                  default $${authTokenEnvironmentVariable} (prefer it: a flag is visible in the process list)
  --access-log W  one JSON line per request to stdout (default), stderr, or off
  --log-queries   put each question into its access-log line (off: questions may be personal data)
  --ui-message-stream  add POST /v1/chat for the Vercel AI SDK's useChat (needs @rootweaver/ai-sdk and ai)
${engineOptionsUsage}

Flags come from Unleash when UNLEASH_URL and UNLEASH_API_TOKEN are set, else from configs/flags/bootstrap.json.
An LLM is used when OPENAI_BASE_URL / OPENAI_API_KEY are set. SIGINT/SIGTERM answer every request already
accepted (new ones 503), let runs finish until --drain-ms, answer the rest 503, and exit 0.`;

const options = {
  index: { type: 'string' },
  kb: { type: 'string' },
  corpus: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'drain-ms': { type: 'string' },
  'max-concurrent': { type: 'string' },
  cors: { type: 'string', multiple: true },
  'auth-token': { type: 'string' },
  'access-log': { type: 'string' },
  'log-queries': { type: 'boolean' },
  'ui-message-stream': { type: 'boolean' },
  ...engineOptions,
} as const;

function indexSourceOf(values: Readonly<Record<string, unknown>>, io: CliIo): IndexSource | undefined {
  const given = (['index', 'kb', 'corpus'] as const).flatMap((kind) => {
    const value = values[kind];
    return typeof value === 'string' ? [{ kind, path: resolve(io.cwd, value) }] : [];
  });
  if (given.length > 1)
    throw new CliUsageError('serve: give at most one of --index DIR, --kb FILE, --corpus PATH.');
  return given[0];
}

async function runServe(args: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parseArguments('serve', args, options);
  if (positionals.length > 0) throw new CliUsageError(`serve: unexpected argument "${positionals[0]}".`);
  const portText = stringOption(values, 'port');
  const port = portText === '0' ? 0 : (positiveIntegerOption('serve', values, 'port') ?? 8080);
  if (port > 65_535) throw new CliUsageError(`serve: --port must be at most 65535 (got ${port}).`);
  const host = stringOption(values, 'host') ?? '127.0.0.1';
  const drainMs = positiveIntegerOption('serve', values, 'drain-ms') ?? 10_000;
  const maxConcurrentRuns = positiveIntegerOption('serve', values, 'max-concurrent') ?? 256;
  const corsOrigins = (values.cors as string[] | undefined) ?? [];
  const authToken = stringOption(values, 'auth-token') ?? io.env[authTokenEnvironmentVariable];
  if (authToken !== undefined && !/^\S+$/.test(authToken)) {
    throw new CliUsageError('serve: the auth token must be one word (no spaces, not empty).');
  }
  const accessLogTarget = choiceOption('serve', values, 'access-log', ['stdout', 'stderr', 'off'], 'stdout');
  const writeLog = accessLogTarget === 'stderr' ? io.stderr : io.stdout;
  const settings = engineSettingsFrom('serve', values, io.cwd);
  const given = indexSourceOf(values, io);
  // Loaded before the index, so a missing optional peer is said at once.
  const answerRoutes = booleanOption(values, 'ui-message-stream') ? [await loadUIMessageStreamRoute()] : [];

  const shutdown = new AbortController();
  const stop = (): void => shutdown.abort();
  signal.addEventListener('abort', stop, { once: true });
  process.once('SIGTERM', stop);
  try {
    const onProgress = (message: string): void => io.stderr(`${message}\n`);
    // No index given: the sample corpus, built into the cache on first use and reused after (as the demo does).
    const source: IndexSource = given ?? (await sampleIndexSource({ io, signal, onProgress }));
    const opened = await openIndex({
      source,
      cacheDirectory: cacheDirectoryFor(io),
      env: io.env,
      rebuild: false,
      signal,
      onProgress,
    });
    const registry = createMetricsRegistry({ processMetrics: true });
    const capability = await MultiHopCapability.create({
      providers: opened.providers,
      registry,
      env: io.env,
      ...(settings.configPath === undefined ? {} : { configPath: settings.configPath }),
      configOverrides: settings.overrides,
    });
    const warmed = await capability.warmUp({ signal });
    io.stderr(`engine warmed up in ${Math.round(warmed.durationMs)} ms\n`);
    const server = createHttpServer({
      capability,
      maxConcurrentRuns,
      ...(answerRoutes.length === 0 ? {} : { answerRoutes }),
      ...(corsOrigins.length === 0 ? {} : { corsOrigins }),
      ...(authToken === undefined ? {} : { authToken }),
      ...(accessLogTarget === 'off'
        ? {}
        : {
            accessLog: {
              destination: { write: (line: string) => writeLog(line) },
              logQueries: booleanOption(values, 'log-queries'),
            },
          }),
    });
    try {
      const address = await server.listen({ port, host });
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      io.stderr(
        `config: ${capability.configSource}; rewriter: ${capability.rewriterId}; index: ${opened.description}\n`,
      );
      io.stdout(
        `rootweaver serving on http://${shown}:${address.port} (viewer at /, POST /v1/ask, POST /v1/retrieve${answerRoutes.map((route) => `, POST ${route.path}`).join('')}, GET /openapi.json, GET /metrics, GET /healthz${authToken === undefined ? '' : '; bearer token required'})\n`,
      );
      if (!shutdown.signal.aborted) {
        await new Promise<void>((resolveStop) =>
          shutdown.signal.addEventListener('abort', () => resolveStop(), { once: true }),
        );
      }
      io.stderr(`shutting down: finishing ${server.inFlight} request(s) in flight …\n`);
      await server.close({ timeoutMs: drainMs });
    } finally {
      await capability.close();
      await opened.providers.close();
    }
    io.stderr('stopped\n');
    return 0;
  } finally {
    signal.removeEventListener('abort', stop);
    process.off('SIGTERM', stop);
  }
}

export const serveCommand: CliCommand = {
  name: 'serve',
  summary:
    'Serve the capability over HTTP (POST /v1/ask with SSE, the trace viewer, /openapi.json, /metrics)',
  usage,
  stopsOnSignal: true,
  run: runServe,
};
