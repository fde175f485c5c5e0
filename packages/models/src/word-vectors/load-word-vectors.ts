import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { RootweaverError } from '@rootweaver/core';
import { WordVectorTable } from './word-vector-table.js';

/** The table shipped in this package (`assets/word-vectors.bin`). */
export const shippedWordVectorsPath = fileURLToPath(
  new URL('../../assets/word-vectors.bin', import.meta.url),
);

/**
 * Reads a word-vector table (default: the shipped one). Load it once and hand the same table to the
 * reader, the rewriter and the embedder.
 */
export async function loadWordVectors(path: string = shippedWordVectorsPath): Promise<WordVectorTable> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (cause) {
    throw new RootweaverError(
      'model-load-failed',
      `Cannot read the word-vector table at ${path}; reinstall @rootweaver/models or rebuild it with \`node packages/models/scripts/build-word-vectors.mjs\`.`,
      { cause },
    );
  }
  return WordVectorTable.fromBytes(bytes, path);
}
