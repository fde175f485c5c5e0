import { collapseWhiteSpace, type ParsedSource, type SourceBlock } from './source-blocks.js';

/** Plain text into blocks: paragraphs are separated by blank lines; nothing is a heading. */
export function parseText(content: string): ParsedSource {
  const blocks: SourceBlock[] = [];
  let buffer: string[] = [];
  let start = 1;
  const flush = (): void => {
    const text = collapseWhiteSpace(buffer.join(' '));
    buffer = [];
    if (text !== '') blocks.push({ kind: 'prose', text, links: [], line: start });
  };
  content.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') {
      flush();
      return;
    }
    if (buffer.length === 0) start = index + 1;
    buffer.push(line);
  });
  flush();
  return { blocks, metadata: {}, problems: [] };
}
