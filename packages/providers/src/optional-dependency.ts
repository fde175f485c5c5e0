import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isModuleMissing, missingOptionalDependency } from '@rootweaver/core';

/** The heavy dependencies this package loads only when asked to: optional peers of `@rootweaver/providers`. */
export type OptionalDependency = 'onnxruntime-node' | '@qdrant/js-client-rest' | 'llama3-tokenizer-js';

const requireFromHere = createRequire(import.meta.url);

/** The version range of an optional peer, as this package's `package.json` states it. */
export function optionalDependencyRange(name: OptionalDependency): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      peerDependencies?: Record<string, string>;
    };
    return manifest.peerDependencies?.[name] ?? 'latest';
  } catch {
    return 'latest';
  }
}

/**
 * Loads an optional peer dependency. When it is not installed: `RootweaverError('not-configured')` naming the
 * package, what needs it and the command that installs it. Other load failures are thrown as they are.
 */
export function requireOptionalDependency<Module>(
  name: OptionalDependency,
  neededBy: string,
  load: (name: string) => unknown = requireFromHere,
): Module {
  try {
    return load(name) as Module;
  } catch (error) {
    if (!isModuleMissing(error, name)) throw error;
    throw missingOptionalDependency({
      name,
      range: optionalDependencyRange(name),
      owner: '@rootweaver/providers',
      neededBy,
      cause: error,
    });
  }
}

/** Whether an optional peer is installed where this package can load it (resolved, not loaded). */
export function isOptionalDependencyInstalled(name: OptionalDependency): boolean {
  try {
    requireFromHere.resolve(name);
    return true;
  } catch {
    return false;
  }
}
