import type { List, Nodes, Parent, PhrasingContent, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { InputProblem } from '../document.js';
import { flattenMetadata } from './flatten-metadata.js';
import { collapseWhiteSpace, type ParsedSource, type SourceBlock } from './source-blocks.js';

/** The text of inline content: link text kept (URLs collected), images, HTML and footnote marks dropped. */
export function phrasingText(nodes: readonly PhrasingContent[], links: string[]): string {
  let text = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        text += node.value;
        break;
      case 'break':
        text += ' ';
        break;
      case 'link':
        if (!links.includes(node.url)) links.push(node.url);
        text += phrasingText(node.children, links);
        break;
      case 'emphasis':
      case 'strong':
      case 'delete':
      case 'linkReference':
        text += phrasingText(node.children, links);
        break;
      default:
        // image, imageReference (badges), html, footnoteReference: nothing a reader reads as text.
        break;
    }
  }
  return text;
}

/**
 * Whether inline content is nothing but links (and images, punctuation): a table of contents, a row of
 * badges, a list of "see also" links. It names other places and states no fact, so it is not indexed.
 */
export function isOnlyLinks(nodes: readonly PhrasingContent[]): boolean {
  let linked = false;
  const outside = (content: readonly PhrasingContent[]): string =>
    content
      .map((node) => {
        if (node.type === 'link' || node.type === 'linkReference') {
          linked = true;
          return '';
        }
        if (node.type === 'text') return node.value;
        if (node.type === 'inlineCode') return node.value;
        return 'children' in node ? outside(node.children as PhrasingContent[]) : '';
      })
      .join('');
  return !/[\p{L}\p{N}]/u.test(outside(nodes)) && linked;
}

function lineOf(node: Nodes): number {
  return node.position?.start.line ?? 1;
}

/** Plain text of any node (a table cell, a heading), links' URLs dropped. */
function nodeText(node: Parent): string {
  return collapseWhiteSpace(phrasingText(node.children as PhrasingContent[], []));
}

function tableBlock(table: Table): SourceBlock | undefined {
  const [head, ...body] = table.children;
  if (head === undefined) return undefined;
  const headers = head.children.map((cell) => nodeText(cell));
  const rows = body
    .map((row) => ({ cells: row.children.map((cell) => nodeText(cell)), line: lineOf(row) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  return { kind: 'table', headers, rows, line: lineOf(table) };
}

/** A list item's text as a sentence: ends with a full stop unless it ends with punctuation already. */
export function asListSentence(text: string): string {
  return /[.!?:;]$/.test(text) ? text : `${text}.`;
}

/**
 * A list as one prose block, each item (nested ones too) a sentence of it, so a list of short items is
 * one passage, not many scraps; code blocks inside items are blocks of their own, after it.
 */
function listBlocks(list: List, blocks: SourceBlock[]): void {
  const sentences: string[] = [];
  const links: string[] = [];
  const after: SourceBlock[] = [];
  const walk = (nodes: readonly RootContent[]): void => {
    for (const node of nodes) {
      if (node.type === 'listItem' || node.type === 'list' || node.type === 'blockquote') walk(node.children);
      else if (node.type === 'paragraph' || node.type === 'heading') {
        if (isOnlyLinks(node.children)) continue;
        const text = collapseWhiteSpace(phrasingText(node.children, links));
        if (/[\p{L}\p{N}]/u.test(text)) sentences.push(asListSentence(text));
      } else blocksOf([node], after);
    }
  };
  walk(list.children);
  if (sentences.length > 0)
    blocks.push({ kind: 'prose', text: sentences.join(' '), links, line: lineOf(list) });
  blocks.push(...after);
}

function blocksOf(nodes: readonly RootContent[], blocks: SourceBlock[]): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'heading': {
        const text = nodeText(node);
        if (text !== '') blocks.push({ kind: 'heading', depth: node.depth, text, line: lineOf(node) });
        break;
      }
      case 'paragraph': {
        if (isOnlyLinks(node.children)) break;
        const links: string[] = [];
        const text = collapseWhiteSpace(phrasingText(node.children, links));
        if (/[\p{L}\p{N}]/u.test(text)) blocks.push({ kind: 'prose', text, links, line: lineOf(node) });
        break;
      }
      case 'code':
        if (node.value.trim() !== '') {
          blocks.push({
            kind: 'code',
            code: node.value,
            ...(node.lang == null ? {} : { language: node.lang }),
            line: lineOf(node),
          });
        }
        break;
      case 'table': {
        const block = tableBlock(node);
        if (block !== undefined) blocks.push(block);
        break;
      }
      case 'list':
        listBlocks(node, blocks);
        break;
      case 'listItem':
      case 'blockquote':
        blocksOf(node.children, blocks);
        break;
      default:
        // html (comments, raw blocks), thematicBreak, definition, footnoteDefinition, yaml, toml: dropped.
        break;
    }
  }
}

function readFrontMatter(
  first: RootContent | undefined,
  file: string,
): { data: Record<string, unknown>; problems: InputProblem[] } {
  // `toml` nodes come from the front-matter extension; mdast's types name only `yaml`.
  const node = first as { type: string; value?: string } | undefined;
  if (node?.value === undefined || (node.type !== 'yaml' && node.type !== 'toml'))
    return { data: {}, problems: [] };
  try {
    const parsed: unknown = node.type === 'yaml' ? parseYaml(node.value) : parseToml(node.value);
    if (parsed === null || parsed === undefined) return { data: {}, problems: [] };
    if (typeof parsed !== 'object' || Array.isArray(parsed)) {
      return {
        data: {},
        problems: [{ file, line: 1, message: 'front matter is not a map of keys; ignored' }],
      };
    }
    return { data: parsed as Record<string, unknown>, problems: [] };
  } catch (error) {
    return {
      data: {},
      problems: [
        {
          file,
          line: 1,
          message: `front matter is not valid ${node.type.toUpperCase()} (${(error as Error).message.split('\n')[0]}); ignored`,
        },
      ],
    };
  }
}

/**
 * Markdown (CommonMark + GFM tables, through mdast) into blocks: YAML (`---`) or TOML (`+++`) front
 * matter as metadata, its `title` as the title; headings, paragraphs, list items, table rows and
 * fenced or indented code as blocks; HTML (comments, raw blocks), images and link URLs never as text.
 */
export function parseMarkdown(content: string, file: string): ParsedSource {
  const tree = fromMarkdown(content, {
    extensions: [gfm(), frontmatter(['yaml', 'toml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml'])],
  });
  const { data, problems } = readFrontMatter(tree.children[0], file);
  const { title, ...rest } = data;
  const { metadata, dropped } = flattenMetadata(rest);
  for (const key of dropped) {
    problems.push({
      file,
      line: 1,
      message: `front matter key ${key} is reserved or not a plain value; left out`,
    });
  }
  const blocks: SourceBlock[] = [];
  blocksOf(tree.children, blocks);
  return {
    blocks,
    metadata,
    ...(typeof title === 'string' && title.trim() !== '' ? { title: collapseWhiteSpace(title) } : {}),
    problems,
  };
}
