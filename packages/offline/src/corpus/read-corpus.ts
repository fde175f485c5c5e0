import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { ChunkOptions } from './chunk-text.js';
import type { CorpusReadResult } from './document.js';
import { readFolderCorpus } from './read-folder-corpus.js';
import { readJsonlCorpus } from './read-jsonl-corpus.js';
import { isSourceFile, readSourceFile } from './read-source-file.js';

export interface ReadCorpusOptions {
  /** A JSONL file of `{id, title, text, …}`, one Markdown / HTML / PDF / text file, or a folder of them. */
  readonly path: string;
  /** How long prose is cut (not JSONL records: each is one passage as given). */
  readonly chunking?: ChunkOptions;
  readonly signal?: AbortSignal;
}

/** Reads a corpus from a JSONL file, one document file, or a folder. Bad records are problems, not errors. */
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
  const chunking = options.chunking === undefined ? {} : { chunking: options.chunking };
  if (isDirectory) {
    return readFolderCorpus(path, {
      ...chunking,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  }
  const extension = extname(path).toLowerCase();
  if (extension === '.jsonl' || extension === '.json' || extension === '.ndjson')
    return readJsonlCorpus(path);
  if (isSourceFile(path)) return readSourceFile({ file: path, relativePath: basename(path), ...chunking });
  throw new RootweaverError(
    'corpus-invalid',
    `Cannot read ${path}: a corpus is a .jsonl file of {id, title, text}, a Markdown (.md), HTML (.html), PDF (.pdf) or text (.txt) file, or a folder of them.`,
  );
}
