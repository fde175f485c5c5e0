export { allCommands } from './all-commands.js';
export { CliUsageError } from './cli-usage-error.js';
export {
  type CliCommand,
  type CliIo,
  type CommandEntry,
  commonExitCodes,
  type LazyCliCommand,
} from './command.js';
export { type RenderAnswerOptions, renderAnswer } from './render-answer.js';
export { type RenderTraceOptions, renderTrace } from './render-trace.js';
export { findRepoRoot } from './repo-root.js';
export { cliVersion, renderExitCodes, renderHelp, reportError, runCli } from './run-cli.js';
