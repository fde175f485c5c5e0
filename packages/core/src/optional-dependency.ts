import { RootweaverError } from './errors.js';

/** Whether a failed `require` or `import` failed because the package itself is not installed. */
export function isModuleMissing(error: unknown, name: string): boolean {
  if (error === null || typeof error !== 'object' || !('code' in error)) return false;
  const message = error instanceof Error ? error.message : '';
  return (
    (error.code === 'MODULE_NOT_FOUND' || error.code === 'ERR_MODULE_NOT_FOUND') &&
    (message.includes(`'${name}'`) || message.includes(`'${name}/`))
  );
}

/**
 * The error for an optional peer dependency that is not installed: `not-configured`, naming the
 * package, what needs it, the package that declares it and the command that installs it.
 */
export function missingOptionalDependency(options: {
  readonly name: string;
  /** The version range the owner's package.json declares for it. */
  readonly range: string;
  /** The rootweaver package that declares it as an optional peer, e.g. `@rootweaver/providers`. */
  readonly owner: string;
  /** What needs it, e.g. `Reading PDF files`. */
  readonly neededBy: string;
  readonly cause?: unknown;
}): RootweaverError {
  const install = `${options.name}@${options.range}`;
  return new RootweaverError(
    'not-configured',
    `${options.neededBy} needs the package ${options.name}, an optional peer dependency of ${options.owner} that is not installed. ` +
      `Install it next to rootweaver: npm install '${install}' (or pnpm add '${install}').`,
    { cause: options.cause, details: { package: options.name } },
  );
}
