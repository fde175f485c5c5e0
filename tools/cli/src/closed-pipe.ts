/** The part of a writable stream `exitQuietlyOnClosedPipe` listens to (process.stdout, process.stderr). */
interface ErrorEmitter {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * When the reader of stdout goes away (`rootweaver demo | head -3`, a closed `less`), the next write fails
 * with EPIPE. That is not the command's failure: exit 0 at once, printing nothing (no stack trace, no
 * "write EPIPE"), as `cat`, `grep` and `git log` do. A closed stderr is ignored (there is nowhere to say
 * anything). Any other stream error is rethrown as before.
 */
export function exitQuietlyOnClosedPipe(
  stdout: ErrorEmitter,
  stderr: ErrorEmitter,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stdout.on('error', (error) => {
    if (error.code === 'EPIPE') {
      exit(0);
      return;
    }
    throw error;
  });
  stderr.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
