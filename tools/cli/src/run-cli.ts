import { readFileSync } from 'node:fs';
import { isRootweaverError } from '@rootweaver/core';
import { CliUsageError } from './cli-usage-error.js';
import type { CliCommand, CliIo } from './command.js';

export function cliVersion(): string {
  try {
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
    const parsed = JSON.parse(text) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function renderHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length), 4);
  return [
    'rootweaver — multi-hop question answering over your documents',
    '',
    'Usage: rootweaver <command> [flags]    (rootweaver <command> --help for its flags)',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    `  ${'help'.padEnd(width)}  Show this help`,
    '',
    'Environment: OPENAI_BASE_URL / OPENAI_API_KEY / ROOTWEAVER_LLM_MODEL select an LLM (none → rules and',
    'heuristics only); ROOTWEAVER_DEBUG=1 prints stack traces.',
    '',
  ].join('\n');
}

/** One line, no stack trace (unless ROOTWEAVER_DEBUG=1): `rootweaver: <message>`. */
export function reportError(error: unknown, io: CliIo): number {
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`rootweaver: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  if (io.env.ROOTWEAVER_DEBUG === '1' && error instanceof Error && error.stack !== undefined) {
    io.stderr(`${error.stack}\n`);
  }
  if (error instanceof CliUsageError) return 2;
  if (isRootweaverError(error, 'aborted')) return 130;
  return 1;
}

/** Dispatches `argv` (without node and script) to a subcommand and returns the exit code. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  commands: readonly CliCommand[],
  signal: AbortSignal,
): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) {
      // No command is a usage error: the help goes to stderr and the exit code says so.
      io.stderr(renderHelp(commands));
      return 2;
    }
    if (name === 'help' || name === '--help' || name === '-h') {
      const topic = name === 'help' ? rest[0] : undefined;
      const command = commands.find((candidate) => candidate.name === topic);
      io.stdout(command === undefined ? renderHelp(commands) : `${command.usage}\n`);
      return 0;
    }
    if (name === '--version' || name === '-v' || name === 'version') {
      io.stdout(`rootweaver ${cliVersion()}\n`);
      return 0;
    }
    const command = commands.find((candidate) => candidate.name === name);
    if (command === undefined) {
      throw new CliUsageError(
        `unknown command "${name}"; the commands are ${commands.map((candidate) => candidate.name).join(', ')} (see 'rootweaver --help').`,
      );
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${command.usage}\n`);
      return 0;
    }
    const code = await command.run(rest, io, signal);
    // An interrupted run (Ctrl-C) never exits 0, even when the command printed a partial answer.
    if (signal.aborted && code === 0 && command.stopsOnSignal !== true) {
      io.stderr('rootweaver: interrupted.\n');
      return 130;
    }
    return code;
  } catch (error) {
    if (signal.aborted && !(error instanceof CliUsageError)) {
      io.stderr('rootweaver: interrupted.\n');
      return 130;
    }
    return reportError(error, io);
  }
}
