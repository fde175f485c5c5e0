import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The rootweaver checkout this file is in. */
export const workspaceRoot: string = fileURLToPath(new URL('../../../', import.meta.url));

export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly license?: string;
  readonly type?: string;
  readonly engines?: Readonly<Record<string, string>>;
  readonly repository?: { readonly type: string; readonly url: string; readonly directory?: string };
  readonly exports?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly main?: string;
  readonly types?: string;
  readonly typesVersions?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  readonly bin?: Readonly<Record<string, string>>;
  readonly files?: readonly string[];
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
}

export interface WorkspacePackage {
  /** Relative to the checkout, e.g. `packages/core`. */
  readonly directory: string;
  readonly manifest: PackageManifest;
}

export function readManifest(path: string): PackageManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as PackageManifest;
}

/** Every package of the workspace (`packages/*`, `tools/*` with a package.json). */
export function workspacePackages(): WorkspacePackage[] {
  return ['packages', 'tools'].flatMap((group) =>
    readdirSync(join(workspaceRoot, group), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(join(workspaceRoot, group, entry.name, 'package.json')),
      )
      .map((entry) => {
        const directory = `${group}/${entry.name}`;
        return { directory, manifest: readManifest(join(workspaceRoot, directory, 'package.json')) };
      }),
  );
}

/** The packages published to npm: every workspace package that is not private. */
export function publishablePackages(): WorkspacePackage[] {
  return workspacePackages().filter((entry) => entry.manifest.private !== true);
}
