/**
 * The accumulated context in ADR-077's hop-block form: one block per searched sub-question, opened by a
 * `From query: <sub-question>` header, one fact a line. Planners build blocks; the compactor reads them
 * as data (its bands need the hop structure); the engine renders them to text once, for the prompt.
 */

/** The word that opens each hop block's header line. */
export const hopBlockHeader = 'From query';

/** One hop's addition to the context: the sub-question and one line per fact. */
export interface ContextBlock {
  readonly subQuestion: string;
  readonly lines: readonly string[];
}

/** `From query: <sub-question>`, the sub-question on one line. */
export function blockHeader(block: ContextBlock): string {
  return `${hopBlockHeader}: ${block.subQuestion.replace(/\s+/g, ' ').trim()}`;
}

/** The header followed by the block's lines. */
export function renderBlock(block: ContextBlock): string {
  return [blockHeader(block), ...block.lines].join('\n');
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
  return blocks
    .flatMap((block) => (block.headerKept ? [blockHeader(block), ...block.lines] : block.lines))
    .join('\n');
}
