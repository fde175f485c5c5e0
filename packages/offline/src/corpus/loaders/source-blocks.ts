import type { MetadataValue } from '@rootweaver/core';
import type { InputProblem } from '../document.js';

/**
 * What a parser (Markdown, HTML, PDF, plain text) makes of one file, before sections, ids and
 * chunks: its blocks in reading order, with the 1-based line each starts on.
 */
export type SourceBlock =
  | { readonly kind: 'heading'; readonly depth: number; readonly text: string; readonly line: number }
  /** A paragraph's text with link text kept; `links` are the URLs it linked to. */
  | {
      readonly kind: 'prose';
      readonly text: string;
      readonly links: readonly string[];
      readonly line: number;
    }
  | { readonly kind: 'code'; readonly code: string; readonly language?: string; readonly line: number }
  | {
      readonly kind: 'table';
      readonly headers: readonly string[];
      readonly rows: readonly { readonly cells: readonly string[]; readonly line: number }[];
      readonly line: number;
    };

export interface ParsedSource {
  readonly blocks: readonly SourceBlock[];
  /** Front matter (Markdown) or `<meta>` (HTML), flattened to scalar values. */
  readonly metadata: Readonly<Record<string, MetadataValue>>;
  /** A title the file states apart from its headings (front matter `title`, HTML `<title>`). */
  readonly title?: string;
  readonly problems: readonly InputProblem[];
}

/** Runs of white space (new lines included) become one space. */
export function collapseWhiteSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
