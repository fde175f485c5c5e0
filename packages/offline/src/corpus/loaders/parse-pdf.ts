import { readFileSync } from 'node:fs';
import { isModuleMissing, missingOptionalDependency } from '@rootweaver/core';
import type { InputProblem } from '../document.js';
import { collapseWhiteSpace, type ParsedSource, type SourceBlock } from './source-blocks.js';

/** The part of pdfjs-dist this loader uses. */
interface PdfTextItem {
  readonly str?: string;
  readonly hasEOL?: boolean;
}
interface PdfJs {
  getDocument(options: {
    data: Uint8Array;
    isEvalSupported?: boolean;
    disableFontFace?: boolean;
    useSystemFonts?: boolean;
    verbosity?: number;
  }): {
    promise: Promise<{
      numPages: number;
      getPage(page: number): Promise<{ getTextContent(): Promise<{ items: readonly PdfTextItem[] }> }>;
      getMetadata(): Promise<{ info?: Record<string, unknown> }>;
      destroy(): Promise<void>;
    }>;
  };
}

const pdfPackage = 'pdfjs-dist';

function declaredRange(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      peerDependencies?: Record<string, string>;
    };
    return manifest.peerDependencies?.[pdfPackage] ?? 'latest';
  } catch {
    return 'latest';
  }
}

/** Loads pdfjs-dist (its Node build), or says which package to install. */
export async function loadPdfJs(
  load: (specifier: string) => Promise<unknown> = (specifier) => import(specifier),
): Promise<PdfJs> {
  try {
    return (await load(`${pdfPackage}/legacy/build/pdf.mjs`)) as PdfJs;
  } catch (error) {
    if (!isModuleMissing(error, pdfPackage)) throw error;
    throw missingOptionalDependency({
      name: pdfPackage,
      range: declaredRange(),
      owner: '@rootweaver/offline',
      neededBy: 'Reading PDF files',
      cause: error,
    });
  }
}

/** One page's text: items joined, line ends as spaces, a word hyphenated across a line joined again. */
function pageText(items: readonly PdfTextItem[]): string {
  let text = '';
  for (const item of items) {
    text += item.str ?? '';
    if (item.hasEOL === true) text += '\n';
  }
  return collapseWhiteSpace(text.replace(/(\p{Ll})-\n(\p{Ll})/gu, '$1$2'));
}

/**
 * A PDF's text through pdfjs-dist (an optional peer: install it to read PDFs): one prose block per
 * page (the build splits it at sentence boundaries), the page number as its line; the document's
 * Title as the title. A PDF without a text layer (scanned) gives no text and is reported.
 */
export async function parsePdf(data: Uint8Array, file: string): Promise<ParsedSource> {
  const pdfjs = await loadPdfJs();
  const problems: InputProblem[] = [];
  let document: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    document = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 })
      .promise;
  } catch (error) {
    return {
      blocks: [],
      metadata: {},
      problems: [{ file, line: 1, message: `not a readable PDF (${(error as Error).message})` }],
    };
  }
  try {
    const blocks: SourceBlock[] = [];
    for (let page = 1; page <= document.numPages; page += 1) {
      const text = pageText((await (await document.getPage(page)).getTextContent()).items);
      if (/[\p{L}\p{N}]/u.test(text)) blocks.push({ kind: 'prose', text, links: [], line: page });
    }
    const info = (await document.getMetadata().catch(() => ({ info: undefined }))).info;
    const title = typeof info?.Title === 'string' ? collapseWhiteSpace(info.Title) : '';
    const author = typeof info?.Author === 'string' ? collapseWhiteSpace(info.Author) : '';
    return {
      blocks,
      metadata: author === '' ? {} : { author },
      ...(title === '' ? {} : { title }),
      problems,
    };
  } finally {
    await document.destroy();
  }
}
