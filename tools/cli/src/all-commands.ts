import type { CliCommand } from './command.js';
import { askCommand } from './commands/ask-command.js';
import { benchCommand } from './commands/bench-command.js';
import { demoCommand } from './commands/demo-command.js';
import { evalCommand } from './commands/eval-command.js';
import { flagsCommand } from './commands/flags-command.js';
import { indexCommand } from './commands/index-command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { modelsCommand } from './commands/models-command.js';
import { serveCommand } from './commands/serve-command.js';

/** Every `rootweaver` subcommand, in the order `--help` lists them. */
export const allCommands: readonly CliCommand[] = [
  demoCommand,
  indexCommand,
  askCommand,
  evalCommand,
  serveCommand,
  mcpCommand,
  benchCommand,
  flagsCommand,
  modelsCommand,
];
