/** A mistake in the command line (unknown flag, missing value). `rootweaver` exits with 2 for it. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}
