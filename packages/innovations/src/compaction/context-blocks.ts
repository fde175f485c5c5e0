/**
 * The accumulated context in ADR-077's hop-block form: one block per searched sub-question, opened by a
 * `From query: <sub-question>` header, one fact a line. Planners build blocks; the compactor reads them
 * as data (its bands need the hop structure); the engine renders them to text once, for the prompt.
 */

import { isWhiteSpaceCode } from './white-space.js';

/** The word that opens each hop block's header line. */
export const hopBlockHeader = 'From query';

/** One hop's addition to the context: the sub-question and one line per fact. */
export interface ContextBlock {
  readonly subQuestion: string;
  readonly lines: readonly string[];
}

/** `From query: <sub-question>`, the sub-question on one line. */
export function blockHeader(block: ContextBlock): string {
  const subQuestion = block.subQuestion;
  return `${hopBlockHeader}: ${isOneSpacedLine(subQuestion) ? subQuestion : subQuestion.replace(/\s+/g, ' ').trim()}`;
}

/**
 * True when collapsing white space and trimming would leave the text as it is: its only white space
 * is single spaces between other characters (most sub-questions; the check is cheaper than the rewrite).
 */
function isOneSpacedLine(text: string): boolean {
  let previousWasSpace = true; // a space first is a leading one
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isWhiteSpaceCode(code)) {
      if (code !== 0x20 || previousWasSpace) return false;
      previousWasSpace = true;
    } else {
      previousWasSpace = false;
    }
  }
  return !previousWasSpace || text.length === 0;
}

/** The header followed by the block's lines. */
export function renderBlock(block: ContextBlock): string {
  return block.lines.length === 0 ? blockHeader(block) : `${blockHeader(block)}\n${block.lines.join('\n')}`;
}

/** The full context: hop blocks joined by a blank line, as `context += "\n\n" + block`. */
export function renderContext(blocks: readonly ContextBlock[]): string {
  return blocks.map(renderBlock).join('\n\n');
}

/** What the compactor kept of one block. */
export interface CompactedBlock {
  readonly subQuestion: string;
  /** Whether the block's `From query` header line survived. */
  readonly headerKept: boolean;
  /**
   * The block's lines that survived, in order. A line holding a line feed counts as one line per
   * part, as it does in the rendered text.
   */
  readonly lines: readonly string[];
}

/** The compacted context: every surviving line in block order, joined by `\n` (no blank lines). */
export function renderCompactedContext(blocks: readonly CompactedBlock[]): string {
  let text = '';
  let first = true;
  for (const block of blocks) {
    if (block.headerKept) {
      text = first ? blockHeader(block) : `${text}\n${blockHeader(block)}`;
      first = false;
    }
    for (const line of block.lines) {
      text = first ? line : `${text}\n${line}`;
      first = false;
    }
  }
  return text;
}
