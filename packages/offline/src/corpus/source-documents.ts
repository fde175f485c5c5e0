import { basename, dirname, extname } from 'node:path';
import type { MetadataValue } from '@rootweaver/core';
import { sourceMetadataKey } from '@rootweaver/core';
import { type ChunkOptions, chunkText } from './chunk-text.js';
import type { CorpusReadResult, Document, InputProblem } from './document.js';
import type { ParsedSource, SourceBlock } from './loaders/source-blocks.js';

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/** `docs/getting-started.md` → "getting started"; `zod/README.md` → "zod" (a README names its folder). */
export function titleFromPath(relativePath: string): string {
  const name = basename(relativePath, extname(relativePath));
  const folder = basename(dirname(relativePath));
  const base = /^(readme|index)$/i.test(name) && folder !== '.' && folder !== '' ? folder : name;
  return base.replace(/[-_]+/g, ' ').trim();
}

function chooseTitle(
  parsed: ParsedSource,
  relativePath: string,
): { title: string; fromHeading?: SourceBlock } {
  const headings = parsed.blocks.filter((block) => block.kind === 'heading');
  if (parsed.title !== undefined) {
    // A heading that repeats the stated title (`<title>` and `<h1>` alike) is the title, not a section.
    const same = headings.find((block) => block.text.toLowerCase() === parsed.title?.toLowerCase());
    return { title: parsed.title, ...(same === undefined ? {} : { fromHeading: same }) };
  }
  const heading = headings.find((block) => block.depth === 1) ?? headings[0];
  if (heading !== undefined) return { title: heading.text, fromHeading: heading };
  return { title: titleFromPath(relativePath) };
}

/** The sections a document's headings open, with unique slug paths (a repeated heading path gets `-1`, `-2`…). */
class SectionTracker {
  private stack: { depth: number; text: string; slug: string }[] = [];
  private readonly used = new Map<string, number>();
  private readonly ordinals = new Map<string, number>();

  enter(depth: number, text: string): void {
    this.stack = this.stack.filter((entry) => entry.depth < depth);
    const parent = this.stack.map((entry) => entry.slug).join('/');
    const base = slug(text);
    const path = parent === '' ? base : `${parent}/${base}`;
    const seen = this.used.get(path) ?? 0;
    this.used.set(path, seen + 1);
    this.stack.push({ depth, text, slug: seen === 0 ? base : `${base}-${seen}` });
  }

  get path(): string[] {
    return this.stack.map((entry) => entry.text);
  }

  /** The next ordinal in the current section: ids stay put while the text before is unchanged. */
  nextId(relativePath: string): string {
    const key = this.stack.map((entry) => entry.slug).join('/');
    const ordinal = (this.ordinals.get(key) ?? 0) + 1;
    this.ordinals.set(key, ordinal);
    return `${relativePath}#${key}/${ordinal}`;
  }
}

function tableRowText(cells: readonly (readonly [string, string])[]): string {
  return cells.map(([header, value]) => `${header}: ${value}`).join('; ');
}

/**
 * One parsed file as documents: headings open sections (their path kept on every passage), prose
 * is split at sentence boundaries under `maxChars` with a small overlap, a code block is one `code`
 * passage with its language, a table row one `table-row` passage of `header: value` cells. Every
 * passage carries the file's metadata, its `source` (the path relative to the corpus, unless the
 * file sets one) and its `section`.
 */
export function documentsFromSource(options: {
  readonly parsed: ParsedSource;
  readonly file: string;
  readonly relativePath: string;
  readonly chunking?: ChunkOptions;
}): CorpusReadResult {
  const { parsed, file, relativePath } = options;
  const { title, fromHeading } = chooseTitle(parsed, relativePath);
  const sections = new SectionTracker();
  const passages: Document[] = [];
  const base: Record<string, MetadataValue> = { [sourceMetadataKey]: relativePath, ...parsed.metadata };
  const add = (
    id: string,
    text: string,
    line: number,
    extra: Partial<Pick<Document, 'kind' | 'cells'>> & { metadata?: Record<string, MetadataValue> } = {},
  ): void => {
    const sectionPath = sections.path;
    passages.push({
      id,
      title,
      text,
      sectionPath,
      source: { file, line },
      metadata: {
        ...base,
        ...(sectionPath.length === 0 ? {} : { section: sectionPath.join(' > ') }),
        ...extra.metadata,
      },
      ...(extra.kind === undefined ? {} : { kind: extra.kind }),
      ...(extra.cells === undefined ? {} : { cells: extra.cells }),
    });
  };
  for (const block of parsed.blocks) {
    switch (block.kind) {
      case 'heading':
        if (block !== fromHeading) sections.enter(block.depth, block.text);
        break;
      case 'prose': {
        const id = sections.nextId(relativePath);
        const links = block.links.length === 0 ? {} : { links: block.links.join(' ') };
        chunkText(block.text, options.chunking).forEach((chunk, index) => {
          add(index === 0 ? id : `${id}.${index + 1}`, chunk, block.line, { metadata: links });
        });
        break;
      }
      case 'code':
        add(sections.nextId(relativePath), block.code.replace(/\s+$/, ''), block.line, {
          kind: 'code',
          ...(block.language === undefined ? {} : { metadata: { code_language: block.language } }),
        });
        break;
      case 'table':
        for (const row of block.rows) {
          const cells = row.cells
            .map((value, column) => [block.headers[column] || `column ${column + 1}`, value] as const)
            .filter(([, value]) => value !== '');
          if (cells.length === 0) continue;
          add(sections.nextId(relativePath), tableRowText(cells), row.line, { kind: 'table-row', cells });
        }
        break;
    }
  }
  const problems: InputProblem[] = [...parsed.problems];
  if (passages.length === 0)
    problems.push({ file, line: 1, message: 'empty document: no paragraph of text' });
  return { passages, problems };
}
