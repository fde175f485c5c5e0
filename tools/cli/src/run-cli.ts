import { readFileSync } from 'node:fs';
import { CliUsageError } from './cli-usage-error.js';
import { type CliCommand, type CliIo, type CommandEntry, commonExitCodes } from './command.js';

export function cliVersion(): string {
  try {
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
    const parsed = JSON.parse(text) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function renderHelp(commands: readonly CommandEntry[]): string {
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
    renderExitCodes(),
  ].join('\n');
}

/** The exit codes section of `--help`: the common ones, then a command's own (`LazyCliCommand.exitCodes`). */
export function renderExitCodes(own: readonly string[] = []): string {
  return ['Exit codes:', ...[...commonExitCodes, ...own].map((line) => `  ${line}`), ''].join('\n');
}

/** `rootweaver <command> --help`: its usage, then its exit codes. */
function renderUsage(command: CliCommand, entry: CommandEntry): string {
  return `${command.usage}\n\n${renderExitCodes(exitCodesOf(entry))}`;
}

function exitCodesOf(entry: CommandEntry): readonly string[] {
  return 'exitCodes' in entry && entry.exitCodes !== undefined ? entry.exitCodes : [];
}

/** The command itself: a lazy entry's module is imported here, once it is needed. */
async function loadCommand(entry: CommandEntry): Promise<CliCommand> {
  return 'load' in entry ? entry.load() : entry;
}

/** One line, no stack trace (unless ROOTWEAVER_DEBUG=1): `rootweaver: <message>`. */
export function reportError(error: unknown, io: CliIo): number {
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`rootweaver: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  if (io.env.ROOTWEAVER_DEBUG === '1' && error instanceof Error && error.stack !== undefined) {
    io.stderr(`${error.stack}\n`);
  }
  if (error instanceof CliUsageError) return 2;
  if (isAbortedError(error)) return 130;
  return 1;
}

/**
 * A RootweaverError with code `aborted`, told by its name and code rather than `instanceof`: this module
 * imports nothing of the packages, so `--version` and `--help` load no more than the CLI's own files.
 */
function isAbortedError(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'RootweaverError' &&
    (error as { code?: unknown }).code === 'aborted'
  );
}

/** Dispatches `argv` (without node and script) to a subcommand and returns the exit code. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  commands: readonly CommandEntry[],
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
      const entry = commands.find((candidate) => candidate.name === topic);
      io.stdout(entry === undefined ? renderHelp(commands) : renderUsage(await loadCommand(entry), entry));
      return 0;
    }
    if (name === '--version' || name === '-v' || name === 'version') {
      io.stdout(`rootweaver ${cliVersion()}\n`);
      return 0;
    }
    const entry = commands.find((candidate) => candidate.name === name);
    if (entry === undefined) {
      throw new CliUsageError(
        `unknown command "${name}"; the commands are ${commands.map((candidate) => candidate.name).join(', ')} (see 'rootweaver --help').`,
      );
    }
    const command = await loadCommand(entry);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(renderUsage(command, entry));
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
