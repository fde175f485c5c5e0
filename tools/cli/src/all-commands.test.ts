import { describe, expect, it } from 'vitest';
import { allCommands } from './all-commands.js';
import type { CliCommand, LazyCliCommand } from './command.js';
import { runCli } from './run-cli.js';
import { createRecordingIo } from './test-io.js';

const signal = new AbortController().signal;

/** The registry with each `load` counted, so a test can see which command modules a run imported. */
function countingLoads(): { commands: LazyCliCommand[]; loaded: string[] } {
  const loaded: string[] = [];
  const commands = allCommands.map((entry) => ({
    ...entry,
    load: async (): Promise<CliCommand> => {
      loaded.push(entry.name);
      return entry.load();
    },
  }));
  return { commands, loaded };
}

describe('allCommands, the lazy registry', () => {
  it.each(allCommands.map((entry) => [entry.name, entry] as const))(
    '%s: its name and summary are the ones its own module declares',
    async (_, entry) => {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary).toBe(entry.summary);
    },
    // Importing a command the first time transforms its whole dependency tree: slow on a loaded machine.
    120_000,
  );

  it('--version, --help and an unknown command import no command module', async () => {
    const { commands, loaded } = countingLoads();
    expect(await runCli(['--version'], createRecordingIo(), commands, signal)).toBe(0);
    const help = createRecordingIo();
    expect(await runCli(['--help'], help, commands, signal)).toBe(0);
    for (const entry of allCommands) expect(help.out()).toContain(`  ${entry.name}`);
    expect(await runCli(['frobnicate'], createRecordingIo(), commands, signal)).toBe(2);
    expect(loaded).toEqual([]);
  });

  it('a command imports its own module only, and its --help lists the exit codes, its own included', async () => {
    const { commands, loaded } = countingLoads();
    const io = createRecordingIo();
    expect(await runCli(['index', '--help'], io, commands, signal)).toBe(0);
    expect(loaded).toEqual(['index']);
    expect(io.out()).toContain('Usage:');
    expect(io.out()).toMatch(/Exit codes:\n {2}0 {4}done[^\n]*\n {2}1 {4}failed[\s\S]*130 {2}interrupted/);
    expect(io.out()).toContain('some passages failed to generate');
  });

  it('the top-level --help lists the exit codes every command shares', async () => {
    const io = createRecordingIo();
    await runCli(['--help'], io, allCommands, signal);
    expect(io.out()).toMatch(/Exit codes:\n(?: {2}\d+ +\S[^\n]*\n){4}/);
  });
});
