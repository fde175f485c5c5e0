import type { MetadataValue } from '@rootweaver/core';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { asListSentence } from './parse-markdown.js';
import { collapseWhiteSpace, type ParsedSource, type SourceBlock } from './source-blocks.js';

/** Elements whose content is never text a reader reads: scripts, styles, forms, navigation chrome. */
const skipped = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'button',
  'select',
  'textarea',
  'nav',
  'head',
]);
/** Elements that start a block of their own; everything else is inline text. */
const blockElements = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'aside',
  'header',
  'footer',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'details',
  'summary',
  'body',
  'html',
  'form',
  'fieldset',
  'address',
  'hr',
]);
const headingDepth: Readonly<Record<string, number>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

function lineOf(node: Element | RootContent): number {
  return node.position?.start.line ?? 1;
}

/** Inline text of a node: link text kept (URLs collected), images and skipped elements dropped. */
function inlineText(node: ElementContent, links: string[]): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || skipped.has(node.tagName) || node.tagName === 'img') return '';
  if (node.tagName === 'br') return ' ';
  if (
    node.tagName === 'a' &&
    typeof node.properties.href === 'string' &&
    !node.properties.href.startsWith('#')
  ) {
    if (!links.includes(node.properties.href)) links.push(node.properties.href);
  }
  return node.children.map((child) => inlineText(child, links)).join('');
}

function codeLanguage(element: Element): string | undefined {
  const code = element.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  for (const candidate of [element, code]) {
    const classes = candidate?.properties.className;
    if (!Array.isArray(classes)) continue;
    for (const name of classes) {
      const match = /^(?:language|lang)-(.+)$/.exec(String(name));
      if (match?.[1] !== undefined) return match[1];
    }
  }
  return undefined;
}

function rawText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(rawText).join('');
}

function tableBlock(table: Element): SourceBlock | undefined {
  const rows: Element[] = [];
  const collect = (node: Element): void => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'tr') rows.push(child);
      else if (['thead', 'tbody', 'tfoot'].includes(child.tagName)) collect(child);
    }
  };
  collect(table);
  const cellsOf = (row: Element): string[] =>
    row.children
      .filter(
        (cell): cell is Element =>
          cell.type === 'element' && (cell.tagName === 'td' || cell.tagName === 'th'),
      )
      .map((cell) => collapseWhiteSpace(cell.children.map((child) => inlineText(child, [])).join('')));
  const [head, ...body] = rows;
  if (head === undefined) return undefined;
  return {
    kind: 'table',
    headers: cellsOf(head),
    rows: body
      .map((row) => ({ cells: cellsOf(row), line: lineOf(row) }))
      .filter((row) => row.cells.some((cell) => cell !== '')),
    line: lineOf(table),
  };
}

/** A list as one prose block, each item (nested ones too) a sentence; `<pre>` and tables in items after it. */
function listBlock(list: Element, blocks: SourceBlock[]): void {
  const items: SourceBlock[] = [];
  const walk = (element: Element): void => {
    for (const child of element.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'ul' || child.tagName === 'ol') walk(child);
      else if (child.tagName === 'li') {
        const nested = child.children.filter(
          (node) => node.type === 'element' && (node.tagName === 'ul' || node.tagName === 'ol'),
        ) as Element[];
        blocksOf(
          child.children.filter((node) => !nested.includes(node as Element)),
          items,
        );
        for (const inner of nested) walk(inner);
      }
    }
  };
  walk(list);
  const prose = items.filter((block) => block.kind === 'prose');
  if (prose.length > 0) {
    blocks.push({
      kind: 'prose',
      text: prose.map((block) => asListSentence(block.text)).join(' '),
      links: [...new Set(prose.flatMap((block) => block.links))],
      line: lineOf(list),
    });
  }
  blocks.push(...items.filter((block) => block.kind !== 'prose'));
}

/** Walks block-level content; runs of inline content between blocks become prose blocks. */
function blocksOf(nodes: readonly (RootContent | ElementContent)[], blocks: SourceBlock[]): void {
  let run: ElementContent[] = [];
  let runLine = 1;
  const flush = (): void => {
    const links: string[] = [];
    const text = collapseWhiteSpace(run.map((node) => inlineText(node, links)).join(''));
    run = [];
    if (/[\p{L}\p{N}]/u.test(text)) blocks.push({ kind: 'prose', text, links, line: runLine });
  };
  for (const node of nodes) {
    if (node.type === 'comment' || node.type === 'doctype') continue;
    if (node.type === 'text') {
      if (run.length === 0) runLine = lineOf(node);
      run.push(node);
      continue;
    }
    if (node.type !== 'element') continue;
    const tag = node.tagName;
    if (skipped.has(tag)) continue;
    const depth = headingDepth[tag];
    if (depth !== undefined) {
      flush();
      const text = collapseWhiteSpace(node.children.map((child) => inlineText(child, [])).join(''));
      if (text !== '') blocks.push({ kind: 'heading', depth, text, line: lineOf(node) });
    } else if (tag === 'pre') {
      flush();
      const code = node.children.map(rawText).join('');
      const language = codeLanguage(node);
      if (code.trim() !== '') {
        blocks.push({
          kind: 'code',
          code,
          ...(language === undefined ? {} : { language }),
          line: lineOf(node),
        });
      }
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      listBlock(node, blocks);
    } else if (tag === 'table') {
      flush();
      const block = tableBlock(node);
      if (block !== undefined) blocks.push(block);
    } else if (blockElements.has(tag)) {
      flush();
      blocksOf(node.children, blocks);
    } else {
      if (run.length === 0) runLine = lineOf(node);
      run.push(node);
    }
  }
  flush();
}

function findElement(root: Root | Element, tag: string): Element | undefined {
  for (const child of root.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === tag) return child;
    const found = findElement(child, tag);
    if (found !== undefined) return found;
  }
  return undefined;
}

function headMetadata(root: Root): Record<string, MetadataValue> {
  const metadata: Record<string, MetadataValue> = {};
  const html = findElement(root, 'html');
  if (typeof html?.properties.lang === 'string' && html.properties.lang !== '')
    metadata.lang = html.properties.lang;
  const head = findElement(root, 'head');
  for (const child of head?.children ?? []) {
    if (child.type !== 'element' || child.tagName !== 'meta') continue;
    const name = child.properties.name;
    const content = child.properties.content;
    if (typeof name === 'string' && ['description', 'keywords', 'author'].includes(name.toLowerCase())) {
      if (typeof content === 'string' && content.trim() !== '')
        metadata[name.toLowerCase()] = collapseWhiteSpace(content);
    }
  }
  return metadata;
}

/**
 * HTML (parse5 through hast) into blocks: `<title>` as the title; `<html lang>` and the description,
 * keywords and author `<meta>` as metadata; headings, paragraphs, list items, `<pre>` code (its
 * `language-*` class as the language) and table rows as blocks. Comments, scripts, styles, navigation
 * and images are dropped.
 */
export function parseHtml(content: string): ParsedSource {
  const root = fromHtml(content);
  const titleElement = findElement(root, 'title');
  const title =
    titleElement === undefined ? '' : collapseWhiteSpace(titleElement.children.map(rawText).join(''));
  const body = findElement(root, 'body');
  const blocks: SourceBlock[] = [];
  blocksOf(body?.children ?? root.children, blocks);
  return { blocks, metadata: headMetadata(root), ...(title === '' ? {} : { title }), problems: [] };
}
