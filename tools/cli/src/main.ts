#!/usr/bin/env node
import { allCommands } from './all-commands.js';
import type { CliIo } from './command.js';
import { runCli } from './run-cli.js';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
};

process.exitCode = await runCli(process.argv.slice(2), io, allCommands, controller.signal);
