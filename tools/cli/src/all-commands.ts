import type { CliCommand } from './command.js';
import { benchCommand } from './commands/bench-command.js';
import { flagsCommand } from './commands/flags-command.js';

/** Every `rootweaver` subcommand, in the order `--help` lists them. */
export const allCommands: readonly CliCommand[] = [benchCommand, flagsCommand];
