import { RootweaverError } from '@rootweaver/core';
import { blockHeader, type CompactedBlock, type ContextBlock, hopBlockHeader } from './context-blocks.js';
import { selectLines } from './select-lines.js';
import { isWhiteSpaceCode } from './white-space.js';

export interface CompactContextOptions {
  /** `false` returns the context unchanged, byte for byte (ADR-077's flag). Default `true`. */
  readonly enabled?: boolean;
  /** Hard budget in UTF-16 code units (`string.length`), counting the `\n` between kept lines. */
  readonly maxChars: number;
  /**
   * Sub-queries still open against the FULL context (see `selectOpenSubQueries`); lines holding one of
   * their key terms are kept first. The compactor does not re-evaluate answerability.
   */
  readonly openSubQueries: readonly string[];
  /** The user's question; its key terms rank lines within each band. */
  readonly query: string;
}

/** The counts every compaction reports (ADR-077's `context_chars` is `chars`). */
export interface CompactionCounts {
  /** Characters of the synthesis context; never more than `maxChars` when enabled. */
  readonly chars: number;
  /** Characters of the input context. */
  readonly uncompactedChars: number;
  /** Non-blank lines in the synthesis context. */
  readonly keptLines: number;
  /** Non-blank input lines left out. Blank lines are never counted as kept or dropped. */
  readonly droppedLines: number;
  /** True when the synthesis context differs from the input. */
  readonly compacted: boolean;
}

export interface CompactionResult extends CompactionCounts {
  /** The compacted context, or the input itself when disabled or when it already fits. */
  readonly text: string;
}

/**
 * The block form's result: the blocks are used as they are (disabled, or they fit), or each block
 * with the lines that survived, to be rendered with `renderCompactedContext`.
 */
export type BlockCompactionResult =
  | (CompactionCounts & { readonly compacted: false })
  | (CompactionCounts & { readonly compacted: true; readonly blocks: readonly CompactedBlock[] });

/**
 * ADR-077's extractive compactor: pure, deterministic, no I/O, no model.
 *
 * Returns the input unchanged when `enabled` is false or when it already fits in `maxChars`. Otherwise
 * it works on the context's lines (split on `\n`; blank lines are discarded) and selects whole lines in
 * priority order:
 *
 * - band 0: lines holding a key term of a still-open sub-query;
 * - band 1: lines of the most recent hop block — the last line starting (after white space) with
 *   `From query`, and every line after it;
 * - band 2: all other lines.
 *
 * Within a band: overlap with the query's key terms (distinct terms) descending, then original position
 * ascending. The budget is absolute and binds every band: a line whose length (plus one `\n` when a
 * line is already kept) would exceed what remains is skipped, and later, shorter lines may still fit.
 * Lines are never truncated. The kept lines are emitted in their original order, joined by `\n`, so
 * the text keeps its narrative order; priority decides only WHICH lines survive.
 *
 * Terms are matched as whole key terms (same tokenisation as `reasoningKeyTerms`), not as substrings.
 */
export function compactContext(context: string, options: CompactContextOptions): CompactionResult {
  if (options.enabled === false) {
    return { text: context, ...unchanged(context.length, countNonBlankLines(context)) };
  }
  assertBudget(options.maxChars);
  if (context.length <= options.maxChars) {
    return { text: context, ...unchanged(context.length, countNonBlankLines(context)) };
  }
  const lines = context.split('\n');
  const selection = selectLines(lines, context.toLowerCase(), findLastHopHeader(lines), options);
  const text = lines.filter((_, index) => selection.kept[index] === 1).join('\n');
  return {
    text,
    chars: text.length,
    uncompactedChars: context.length,
    keptLines: selection.keptLines,
    droppedLines: selection.droppedLines,
    // Over the budget, the kept lines (at most maxChars) are always shorter than the context.
    compacted: true,
  };
}

/**
 * `compactContext` on the context's hop blocks, read as data: the same selection as on
 * `renderContext(blocks)` — each block is its header line and its lines, band 1 is the last block —
 * without rendering the context and searching it for headers. The result renders
 * (`renderCompactedContext`) to exactly `compactContext(renderContext(blocks), options).text`.
 */
export function compactBlocks(
  blocks: readonly ContextBlock[],
  options: CompactContextOptions,
): BlockCompactionResult {
  const lines: string[] = [];
  const blockOf: number[] = [];
  let latestBlockStart = -1;
  blocks.forEach((block, blockIndex) => {
    latestBlockStart = lines.length;
    lines.push(blockHeader(block));
    blockOf.push(blockIndex);
    for (const line of block.lines) {
      // A line holding a line feed is one line per part, as in the rendered text; most hold none,
      // and splitting those would copy every line for nothing.
      for (const part of line.includes('\n') ? line.split('\n') : [line]) {
        lines.push(part);
        blockOf.push(blockIndex);
      }
    }
  });
  // renderContext: each block's lines joined by `\n`, blocks by a blank line.
  const uncompactedChars =
    lines.reduce((sum, line) => sum + line.length, 0) +
    Math.max(0, lines.length - 1) +
    Math.max(0, blocks.length - 1);
  const nonBlank = (): number => lines.filter((line) => !isBlank(line)).length;
  if (options.enabled === false) {
    return unchanged(uncompactedChars, nonBlank());
  }
  assertBudget(options.maxChars);
  if (uncompactedChars <= options.maxChars) {
    return unchanged(uncompactedChars, nonBlank());
  }
  const selection = selectLines(lines, lines.join('\n').toLowerCase(), latestBlockStart, options);
  const compacted = blocks.map((block) => ({
    subQuestion: block.subQuestion,
    headerKept: false,
    lines: [] as string[],
  }));
  let previousBlock = -1;
  lines.forEach((line, index) => {
    const blockIndex = blockOf[index] ?? 0;
    const isHeader = blockIndex !== previousBlock;
    previousBlock = blockIndex;
    if (selection.kept[index] !== 1) return;
    const target = compacted[blockIndex];
    if (target === undefined) return;
    if (isHeader) target.headerKept = true;
    else target.lines.push(line);
  });
  return {
    compacted: true,
    blocks: compacted,
    chars: selection.chars,
    uncompactedChars,
    keptLines: selection.keptLines,
    droppedLines: selection.droppedLines,
  };
}

function assertBudget(maxChars: number): void {
  if (!Number.isSafeInteger(maxChars) || maxChars < 0) {
    throw new RootweaverError(
      'invalid-input',
      `compactContext needs maxChars to be a whole number of characters, 0 or more (got ${String(maxChars)}); ` +
        'set compaction_max_chars in configs/retrieval/multi_hop.yaml, e.g. 2000.',
      { details: { maxChars } },
    );
  }
}

/** The last line starting with the header after white space (`trimStart`'s = `isWhiteSpaceCode`'s); -1 if none. */
function findLastHopHeader(lines: readonly string[]): number {
  return lines.findLastIndex((line) => line.trimStart().startsWith(hopBlockHeader));
}

function unchanged(chars: number, keptLines: number): CompactionCounts & { readonly compacted: false } {
  return { chars, uncompactedChars: chars, keptLines, droppedLines: 0, compacted: false };
}

function isBlank(line: string): boolean {
  for (let index = 0; index < line.length; index++) {
    if (!isWhiteSpaceCode(line.charCodeAt(index))) return false;
  }
  return true;
}

function countNonBlankLines(text: string): number {
  let count = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    for (let index = lineStart; index < lineEnd; index++) {
      if (!isWhiteSpaceCode(text.charCodeAt(index))) {
        count++;
        break;
      }
    }
    lineStart = lineEnd + 1;
  }
  return count;
}
