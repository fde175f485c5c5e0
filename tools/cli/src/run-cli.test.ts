import { RootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { allCommands } from './all-commands.js';
import type { CliCommand } from './command.js';
import { runCli } from './run-cli.js';
import { createRecordingIo } from './test-io.js';

const signal = new AbortController().signal;

const failing = (error: Error): CliCommand => ({
  name: 'fail',
  summary: 'fails',
  usage: 'Usage: rootweaver fail',
  run: async () => {
    throw error;
  },
});

describe('runCli', () => {
  it('prints help listing every command, and the version', async () => {
    const io = createRecordingIo();
    expect(await runCli(['--help'], io, allCommands, signal)).toBe(0);
    for (const command of allCommands) expect(io.out()).toContain(command.name);
    const versionIo = createRecordingIo();
    expect(await runCli(['--version'], versionIo, allCommands, signal)).toBe(0);
    expect(versionIo.out()).toMatch(/^rootweaver \d+\.\d+\.\d+\n$/);
  });

  it('an unknown command is one usage line on stderr and exit 2', async () => {
    const io = createRecordingIo();
    expect(await runCli(['frobnicate'], io, allCommands, signal)).toBe(2);
    expect(io.err()).toMatch(/^rootweaver: unknown command "frobnicate"; the commands are .*\n$/);
    expect(io.err().split('\n')).toHaveLength(2);
  });

  it('a bad flag is one usage line naming the flag and exit 2', async () => {
    const io = createRecordingIo();
    expect(await runCli(['bench', '--frobnicate'], io, allCommands, signal)).toBe(2);
    expect(io.err()).toBe("rootweaver: bench: unknown flag --frobnicate; see 'rootweaver bench --help'.\n");
  });

  it('a RootweaverError is one line and exit 1, with no stack trace unless ROOTWEAVER_DEBUG=1', async () => {
    const error = new RootweaverError('not-found', 'Index /x does not exist;\n build it first.');
    const io = createRecordingIo();
    expect(await runCli(['fail'], io, [failing(error)], signal)).toBe(1);
    expect(io.err()).toBe('rootweaver: Index /x does not exist; build it first.\n');
    const debugIo = createRecordingIo({ env: { ROOTWEAVER_DEBUG: '1' } });
    await runCli(['fail'], debugIo, [failing(error)], signal);
    expect(debugIo.err()).toContain('at ');
  });

  it('prints a command usage for --help', async () => {
    const io = createRecordingIo();
    expect(await runCli(['bench', '--help'], io, allCommands, signal)).toBe(0);
    expect(io.out()).toContain('pnpm bench');
  });
});
