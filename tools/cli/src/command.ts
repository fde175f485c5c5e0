/** What a command may touch: its streams, environment and working directory. Tests pass their own. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

/**
 * One `rootweaver <name>` subcommand. `run` returns the exit code; it throws `RootweaverError`
 * for anything the user can fix (main prints its message as one line, no stack trace).
 */
export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  /**
   * True for a command the signal stops normally (`serve`: Ctrl-C is how it ends, exit 0). For every
   * other command an interrupted run exits 130, whatever it printed.
   */
  readonly stopsOnSignal?: boolean;
  run(args: readonly string[], io: CliIo, signal: AbortSignal): Promise<number>;
}

/**
 * A command known by its name, summary and exit codes until it is used: `load` imports its module (and
 * so its dependencies) only when it runs or its usage is asked for, so `rootweaver --version`, `--help`
 * and each command load what they use and nothing else.
 */
export interface LazyCliCommand {
  readonly name: string;
  readonly summary: string;
  /** The exit codes this command has beyond the common ones (`commonExitCodes`), e.g. `1: some passages failed`. */
  readonly exitCodes?: readonly string[];
  load(): Promise<CliCommand>;
}

/** What `runCli` dispatches to: a loaded command (tests pass these) or a lazy one (`allCommands`). */
export type CommandEntry = CliCommand | LazyCliCommand;

/** The exit codes every command shares, as `--help` and the README list them. */
export const commonExitCodes: readonly string[] = [
  '0    done (also when the reader of stdout stopped early, as `head` does)',
  '1    failed: the message on stderr says why and how to fix it',
  '2    usage error: an unknown command or flag, a missing or bad value',
  '130  interrupted (Ctrl-C) before the command finished',
];
