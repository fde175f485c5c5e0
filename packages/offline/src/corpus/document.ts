import type { MetadataValue } from '@rootweaver/core';

/** Where a document or a problem came from: a file and a 1-based line. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
}

/**
 * What a passage is: prose for the QA generator, a code block (kept whole, never fed to the prose
 * rules, indexed as a passage item) or a table row (its cells become `header: value` pairs).
 */
export type DocumentKind = 'prose' | 'code' | 'table-row';

/**
 * One passage, as every loader (JSONL, Markdown, HTML, PDF, text) gives it and the index takes it.
 * A Markdown or HTML file gives one per paragraph, list, code block or table row, long prose split at
 * sentence boundaries.
 */
export interface Document {
  /** Stable id: the JSONL `id`, or `<relative path>#<section path slug>/<ordinal>` for files. */
  readonly id: string;
  /** The entity the passage is about: the JSONL title, front matter `title`, the first heading, or the file name. */
  readonly title: string;
  readonly text: string;
  /** The headings the passage sits under, outermost first (the title's own heading left out); none when absent. */
  readonly sectionPath?: readonly string[];
  readonly source: SourceLocation;
  /**
   * Front matter, extra JSONL fields, `source` (the path relative to the corpus), `section`, and for
   * code `code_language`, for links `links`: every pair made from the passage carries them.
   */
  readonly metadata?: Readonly<Record<string, MetadataValue>>;
  /** Default `prose`. */
  readonly kind?: DocumentKind;
  /** A table row's cells, header → value, in column order (`kind: 'table-row'`). */
  readonly cells?: readonly (readonly [header: string, value: string])[];
}

/** The unit the generator and the index build read: a `Document` (the name the build has always used). */
export type Passage = Document;

/** Bad input found while reading: reported with file and line, and the rest goes on. */
export interface InputProblem extends SourceLocation {
  readonly message: string;
}

export interface CorpusReadResult {
  readonly passages: Document[];
  readonly problems: InputProblem[];
}
