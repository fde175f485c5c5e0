import { resolve } from 'node:path';
import { createHttpServer, createMetricsRegistry, MultiHopCapability } from '@rootweaver/capabilities';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { engineOptions, engineOptionsUsage, engineSettingsFrom } from '../engine-options.js';
import { type IndexSource, openIndex } from '../index-source.js';
import { parseArguments, positiveIntegerOption, stringOption } from '../parse-arguments.js';
import { cacheDirectoryFor } from '../repo-root.js';
import { ensureSampleIndex } from '../sample-index.js';

const usage = `Usage: rootweaver serve [--index DIR | --kb FILE | --corpus PATH] [--port N] [--host ADDRESS]
                       [--config FILE] [--planner …] [--compaction on|off] [--synthesis …] [--rewriter …]

Serves MultiHopCapability over HTTP:
  POST /v1/ask    {"query": "...", "user": {"id": "...", "tenant": "..."}, "history": [...], "trace": false}
  GET  /metrics   Prometheus metrics (multi_hop_context_chars, multi_hop_requests_total, ...)
  GET  /healthz   {"status": "ok"} (503 while shutting down)

  --index DIR     an index built by 'rootweaver index'
  --kb FILE       an atomic QA knowledge base (JSONL), imported once (cached)
  --corpus PATH   a corpus (JSONL or folder), indexed with the rule-based generator (cached)
                  (none of the three: the sample corpus examples/sample-corpus, indexed on first use)
  --port N        default 8080 (0 picks a free port)
  --host ADDRESS  default 127.0.0.1
${engineOptionsUsage}

Flags come from Unleash when UNLEASH_URL and UNLEASH_API_TOKEN are set, else from configs/flags/bootstrap.json.
An LLM is used when OPENAI_BASE_URL / OPENAI_API_KEY are set. SIGINT/SIGTERM stop accepting connections and
finish the requests in flight.`;

const options = {
  index: { type: 'string' },
  kb: { type: 'string' },
  corpus: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
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
  const settings = engineSettingsFrom('serve', values, io.cwd);
  const given = indexSourceOf(values, io);

  const shutdown = new AbortController();
  const stop = (): void => shutdown.abort();
  signal.addEventListener('abort', stop, { once: true });
  process.once('SIGTERM', stop);
  try {
    const onProgress = (message: string): void => io.stderr(`${message}\n`);
    // No index given: the sample corpus, built into the cache on first use and reused after (as the demo does).
    const source: IndexSource = given ?? {
      kind: 'index',
      path: (
        await ensureSampleIndex({
          cacheDirectory: cacheDirectoryFor(io),
          env: io.env,
          signal,
          onProgress,
        })
      ).directory,
    };
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
    const server = createHttpServer({ capability });
    try {
      const address = await server.listen({ port, host });
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      io.stderr(
        `config: ${capability.configSource}; rewriter: ${capability.rewriterId}; index: ${opened.description}\n`,
      );
      io.stdout(
        `rootweaver serving on http://${shown}:${address.port} (POST /v1/ask, GET /metrics, GET /healthz)\n`,
      );
      if (!shutdown.signal.aborted) {
        await new Promise<void>((resolveStop) =>
          shutdown.signal.addEventListener('abort', () => resolveStop(), { once: true }),
        );
      }
      io.stderr(`shutting down: finishing ${server.inFlight} request(s) in flight …\n`);
      await server.close({ timeoutMs: 10_000 });
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
  summary: 'Serve the capability over HTTP (POST /v1/ask, /metrics, /healthz)',
  usage,
  run: runServe,
};
