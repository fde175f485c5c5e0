import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** SHA-256 of a file's bytes, streamed. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function listFiles(directory: string, keep: (path: string) => boolean): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(keep)
    .sort();
}

/** SHA-256 over the relative paths and bytes of a folder's files (those `keep` accepts); '' when absent. */
export async function hashDirectory(
  directory: string,
  keep: (path: string) => boolean = () => true,
): Promise<string> {
  if (!existsSync(directory)) return '';
  const hash = createHash('sha256');
  for (const file of await listFiles(directory, keep)) {
    hash.update(relative(directory, file));
    hash.update('\0');
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** A file or a folder, hashed by content. */
export async function hashPath(path: string): Promise<string> {
  return (await stat(path)).isDirectory() ? hashDirectory(path) : hashFile(path);
}

export function combineHashes(...parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}
