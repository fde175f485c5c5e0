import type { CliIo } from './command.js';

export interface RecordingIo extends CliIo {
  readonly out: () => string;
  readonly err: () => string;
}

/** A `CliIo` that records what a command writes, for in-process tests. */
export function createRecordingIo(
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): RecordingIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout: (text) => {
      stdout.push(text);
    },
    stderr: (text) => {
      stderr.push(text);
    },
    isTTY: false,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    out: () => stdout.join(''),
    err: () => stderr.join(''),
  };
}
