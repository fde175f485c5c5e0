import { isSentencePair, type PoolItem } from '@rootweaver/core';
import type { ContextBlock } from '../compaction/index.js';

/**
 * A pool item as one context line: its citation marker and its text on one line. A passage, and a QA
 * pair that is a whole sentence (`isSentencePair`), read as their text under their title.
 */
export function factLine(
  marker: number,
  item: Pick<PoolItem, 'kind' | 'title' | 'text' | 'answer' | 'metadata'>,
): string {
  const sentencePair = isSentencePair(item);
  const text = (sentencePair ? (item.answer ?? '') : item.text).replace(/\s+/g, ' ').trim();
  return (sentencePair || item.kind === 'passage') && item.title.length > 0 && !text.startsWith(item.title)
    ? `[${marker}] ${item.title}: ${text}`
    : `[${marker}] ${text}`;
}

/** Pool items grouped by the sub-question that brought them in, in pool order, each line numbered. */
export function poolBlocks(pool: readonly PoolItem[]): ContextBlock[] {
  const blocks: { subQuestion: string; lines: string[] }[] = [];
  pool.forEach((item, index) => {
    const last = blocks.at(-1);
    const line = factLine(index + 1, item);
    if (last !== undefined && last.subQuestion === item.subQuestion) last.lines.push(line);
    else blocks.push({ subQuestion: item.subQuestion, lines: [line] });
  });
  return blocks;
}
