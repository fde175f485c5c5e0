import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a folder holds: bytes on disk (what `du` shows) and the files' own length (`du --apparent-size`). */
export interface FolderSize {
  readonly diskBytes: number;
  readonly fileBytes: number;
  readonly files: number;
}

/** Adds up a folder's files, each hard link once, symbolic links not followed (npm writes none). */
export function folderSize(directory: string, seen: Set<string> = new Set()): FolderSize {
  let diskBytes = 0;
  let fileBytes = 0;
  let files = 0;
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    const inode = `${stat.dev}:${stat.ino}`;
    if (seen.has(inode)) return;
    seen.add(inode);
    diskBytes += stat.blocks * 512;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if (stat.isFile()) {
      fileBytes += stat.size;
      files += 1;
    }
  };
  walk(directory);
  return { diskBytes, fileBytes, files };
}

interface Manifest {
  readonly name: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
}

/**
 * The folders of the packages `name` needs at run time in an npm-installed `node_modules`: itself and its
 * dependencies, optional and required peers included when installed, resolved as Node resolves them
 * (the nearest `node_modules` up from the dependent). What an install of `name` alone would hold.
 */
export function dependencyClosure(nodeModules: string, name: string): string[] {
  const found = new Set<string>();
  const visit = (directory: string): void => {
    if (found.has(directory)) return;
    found.add(directory);
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Manifest;
    const names = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ];
    for (const dependency of names) {
      const resolved = resolvePackage(nodeModules, directory, dependency);
      if (resolved !== undefined) visit(resolved);
    }
  };
  const start = resolvePackage(nodeModules, nodeModules, name);
  if (start === undefined) throw new Error(`${name} is not installed in ${nodeModules}`);
  visit(start);
  return [...found];
}

function resolvePackage(nodeModules: string, from: string, name: string): string | undefined {
  // Nested first (npm nests a version that conflicts with the hoisted one), then up to the top level.
  let directory = from;
  while (directory.startsWith(nodeModules)) {
    const candidate = join(directory, 'node_modules', name);
    if (exists(join(candidate, 'package.json'))) return candidate;
    if (directory === nodeModules) break;
    directory = join(directory, '..');
  }
  const top = join(nodeModules, name);
  return exists(join(top, 'package.json')) ? top : undefined;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The size of several package folders together (a folder nested in another counted once). */
export function packagesSize(directories: readonly string[]): FolderSize {
  const seen = new Set<string>();
  let total: FolderSize = { diskBytes: 0, fileBytes: 0, files: 0 };
  // Outer folders first: a nested package inside one is then already seen.
  for (const directory of [...directories].sort((left, right) => left.length - right.length)) {
    const size = folderSize(directory, seen);
    total = {
      diskBytes: total.diskBytes + size.diskBytes,
      fileBytes: total.fileBytes + size.fileBytes,
      files: total.files + size.files,
    };
  }
  return total;
}

/** `123.4 MB` (10^6 bytes), as the limits are stated. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
