import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { ChunkOptions } from './chunk-text.js';
import type { CorpusReadResult } from './document.js';
import { parseHtml } from './loaders/parse-html.js';
import { parseMarkdown } from './loaders/parse-markdown.js';
import { parsePdf } from './loaders/parse-pdf.js';
import { parseText } from './loaders/parse-text.js';
import type { ParsedSource } from './loaders/source-blocks.js';
import { documentsFromSource } from './source-documents.js';

/** The file kinds a folder corpus reads, by extension; other files are left alone. */
export const sourceExtensions: Readonly<Record<string, 'markdown' | 'html' | 'text' | 'pdf'>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.txt': 'text',
  '.pdf': 'pdf',
};

/** Whether a file name is one `readSourceFile` reads. */
export function isSourceFile(name: string): boolean {
  return sourceExtensions[extname(name).toLowerCase()] !== undefined;
}

async function parseFile(file: string): Promise<ParsedSource> {
  const kind = sourceExtensions[extname(file).toLowerCase()] ?? 'text';
  if (kind === 'pdf') return parsePdf(new Uint8Array(await readFile(file)), file);
  const content = await readFile(file, 'utf8');
  if (kind === 'markdown') return parseMarkdown(content, file);
  if (kind === 'html') return parseHtml(content);
  return parseText(content);
}

/**
 * One Markdown, HTML, PDF or text file as documents (`documentsFromSource`); `relativePath` is its
 * path inside the corpus, which ids and the `source` metadata use.
 */
export async function readSourceFile(options: {
  readonly file: string;
  readonly relativePath: string;
  readonly chunking?: ChunkOptions;
}): Promise<CorpusReadResult> {
  const parsed = await parseFile(options.file);
  return documentsFromSource({
    parsed,
    file: options.file,
    relativePath: options.relativePath,
    ...(options.chunking === undefined ? {} : { chunking: options.chunking }),
  });
}
