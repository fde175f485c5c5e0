import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import type { CorpusReadResult, InputProblem, Passage } from './passage.js';

const textExtensions = new Set(['.md', '.markdown', '.txt']);

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

function titleFromFileName(file: string): string {
  return basename(file, extname(file)).replace(/[-_]+/g, ' ').trim();
}

async function listTextFiles(directory: string): Promise<string[]> {
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
    if (entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await listTextFiles(path)));
    else if (entry.isFile() && textExtensions.has(extname(entry.name).toLowerCase())) files.push(path);
  }
  return files;
}

/**
 * Splits one Markdown or text document into passages: a heading starts a section, blank lines end
 * paragraphs. Ids are `<relative path>#<heading slug>/<ordinal>`: stable while the text before a
 * paragraph in the same section keeps its paragraph count.
 */
export function splitDocument(options: { content: string; file: string; relativePath: string }): {
  passages: Passage[];
  problems: InputProblem[];
} {
  const { content, file, relativePath } = options;
  const markdown = extname(file).toLowerCase() !== '.txt';
  const passages: Passage[] = [];
  let documentTitle: string | undefined;
  let section: string | undefined;
  let ordinal = 0;
  let buffer: string[] = [];
  let bufferLine = 0;
  const pending: { text: string; section: string | undefined; ordinal: number; line: number }[] = [];
  const flush = (): void => {
    const text = buffer.join(' ').replace(/\s+/g, ' ').trim();
    buffer = [];
    if (text === '') return;
    ordinal += 1;
    pending.push({ text, section, ordinal, line: bufferLine });
  };
  const lines = content.split(/\r?\n/);
  lines.forEach((line, index) => {
    const heading = markdown ? /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading?.[1] !== undefined) {
      flush();
      section = heading[1].trim();
      documentTitle ??= section;
      ordinal = 0;
      return;
    }
    if (line.trim() === '') {
      flush();
      return;
    }
    if (buffer.length === 0) bufferLine = index + 1;
    buffer.push(line.trim());
  });
  flush();
  const title = documentTitle ?? titleFromFileName(file);
  for (const item of pending) {
    const sectionSlug = item.section === undefined ? '' : slug(item.section);
    passages.push({
      id: `${relativePath}#${sectionSlug}/${item.ordinal}`,
      title,
      text: item.text,
      ...(item.section === undefined || item.section === title ? {} : { section: item.section }),
      source: { file, line: item.line },
    });
  }
  const problems: InputProblem[] =
    passages.length === 0 ? [{ file, line: 1, message: 'empty document: no paragraph of text' }] : [];
  return { passages, problems };
}

/** Reads every `.md` / `.txt` file under a folder (sorted, recursive) and splits it into passages. */
export async function readFolderCorpus(directory: string): Promise<CorpusReadResult> {
  const passages: Passage[] = [];
  const problems: InputProblem[] = [];
  for (const file of await listTextFiles(directory)) {
    const content = await readFile(file, 'utf8');
    const relativePath = relative(directory, file).split(sep).join('/');
    const result = splitDocument({ content, file, relativePath });
    passages.push(...result.passages);
    problems.push(...result.problems);
  }
  return { passages, problems };
}
