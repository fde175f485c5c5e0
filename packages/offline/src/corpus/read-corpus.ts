import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { CorpusReadResult } from './passage.js';
import { readFolderCorpus, splitDocument } from './read-folder-corpus.js';
import { readJsonlCorpus } from './read-jsonl-corpus.js';

export interface ReadCorpusOptions {
  /** A JSONL file of `{id, title, text}`, a `.md` / `.txt` file, or a folder of them. */
  readonly path: string;
  readonly signal?: AbortSignal;
}

/** Reads a corpus from a JSONL file, one Markdown/text file, or a folder. Bad records are problems, not errors. */
export async function readCorpus(options: ReadCorpusOptions): Promise<CorpusReadResult> {
  throwIfAborted(options.signal);
  const { path } = options;
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch (error) {
    throw new RootweaverError(
      'not-found',
      `The corpus ${path} does not exist: pass a JSONL file or a folder.`,
      {
        cause: error,
      },
    );
  }
  if (isDirectory) return readFolderCorpus(path);
  const extension = extname(path).toLowerCase();
  if (extension === '.jsonl' || extension === '.json' || extension === '.ndjson')
    return readJsonlCorpus(path);
  if (extension === '.md' || extension === '.markdown' || extension === '.txt') {
    const content = await readFile(path, 'utf8');
    return splitDocument({ content, file: path, relativePath: basename(path) });
  }
  throw new RootweaverError(
    'corpus-invalid',
    `Cannot read ${path}: a corpus is a .jsonl file of {id, title, text}, a .md/.txt file, or a folder of them.`,
  );
}
