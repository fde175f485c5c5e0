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
