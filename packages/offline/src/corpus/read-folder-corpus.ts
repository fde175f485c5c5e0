import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { ChunkOptions } from './chunk-text.js';
import type { CorpusReadResult, Document, InputProblem } from './document.js';
import { isSourceFile, readSourceFile } from './read-source-file.js';

async function listSourceFiles(directory: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    throw new RootweaverError('not-found', `Cannot read the folder ${directory}: check that it exists.`, {
      cause: error,
    });
  }
  const files: string[] = [];
  for (const entry of entries.sort((left, right) => left.name.localeCompare(right.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await listSourceFiles(path)));
    else if (entry.isFile() && isSourceFile(entry.name)) files.push(path);
  }
  return files;
}

/**
 * Reads every Markdown, HTML, PDF and text file under a folder (sorted, recursive; dot folders and
 * `node_modules` skipped) into documents, ids and `source` relative to the folder.
 */
export async function readFolderCorpus(
  directory: string,
  options: { readonly chunking?: ChunkOptions; readonly signal?: AbortSignal } = {},
): Promise<CorpusReadResult> {
  const passages: Document[] = [];
  const problems: InputProblem[] = [];
  for (const file of await listSourceFiles(directory)) {
    throwIfAborted(options.signal);
    const relativePath = relative(directory, file).split(sep).join('/');
    const result = await readSourceFile({
      file,
      relativePath,
      ...(options.chunking === undefined ? {} : { chunking: options.chunking }),
    });
    passages.push(...result.passages);
    problems.push(...result.problems);
  }
  return { passages, problems };
}
