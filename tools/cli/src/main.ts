#!/usr/bin/env node
import { allCommands } from './all-commands.js';
import { exitQuietlyOnClosedPipe } from './closed-pipe.js';
import type { CliIo } from './command.js';
import { runCli } from './run-cli.js';

const controller = new AbortController();
const interrupt = (): void => {
  // A second signal while the run winds down ends the process at once.
  if (controller.signal.aborted) process.exit(130);
  controller.abort(new Error('interrupted'));
};
process.on('SIGINT', interrupt);
// `rootweaver demo | head -3`: the reader has what it wanted; stop quietly, as a Unix command does.
exitQuietlyOnClosedPipe(process.stdout, process.stderr);

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
};

process.exitCode = await runCli(process.argv.slice(2), io, allCommands, controller.signal);
// An interrupted run exits now: nothing it started (a socket, a timer) may keep the process alive.
if (controller.signal.aborted) process.exit(process.exitCode);
