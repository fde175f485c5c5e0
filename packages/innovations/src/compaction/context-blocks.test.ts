import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockHeader,
  type CompactedBlock,
  type ContextBlock,
  renderCompactedContext,
  renderContext,
} from './context-blocks.js';

// Sub-questions and lines over an alphabet heavy in white space, so runs, ends and line feeds are common.
const piece = fc.constantFrom('a', 'Who', '?', ' ', '  ', '\n', '\t', '\u00a0', '\u3000', 'é');
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const block: fc.Arbitrary<ContextBlock> = fc.record({
  subQuestion: text,
  lines: fc.array(text, { maxLength: 4 }),
});
const compactedBlock: fc.Arbitrary<CompactedBlock> = fc.record({
  subQuestion: text,
  headerKept: fc.boolean(),
  lines: fc.array(text, { maxLength: 4 }),
});

/** The definitions, written the obvious way. */
const referenceHeader = (subQuestion: string) => `From query: ${subQuestion.replace(/\s+/g, ' ').trim()}`;

describe('context blocks rendered', () => {
  it('a header is the sub-question with its white space collapsed to single spaces and trimmed (property)', () => {
    fc.assert(
      fc.property(text, (subQuestion) => {
        expect(blockHeader({ subQuestion, lines: [] })).toBe(referenceHeader(subQuestion));
      }),
      { numRuns: 1000 },
    );
    expect(blockHeader({ subQuestion: 'Who  directed it? ', lines: [] })).toBe(
      'From query: Who directed it?',
    );
    expect(blockHeader({ subQuestion: 'Who directed it?', lines: [] })).toBe('From query: Who directed it?');
  });

  it('the full context is each header and its lines, a blank line between blocks (property)', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 5 }), (blocks) => {
        const reference = blocks
          .map((each) => [referenceHeader(each.subQuestion), ...each.lines].join('\n'))
          .join('\n\n');
        expect(renderContext(blocks)).toBe(reference);
      }),
      { numRuns: 500 },
    );
  });

  it('the compacted context is every kept header and line in order, one line feed between (property)', () => {
    fc.assert(
      fc.property(fc.array(compactedBlock, { maxLength: 5 }), (blocks) => {
        const reference = blocks
          .flatMap((each) =>
            each.headerKept ? [referenceHeader(each.subQuestion), ...each.lines] : each.lines,
          )
          .join('\n');
        expect(renderCompactedContext(blocks)).toBe(reference);
      }),
      { numRuns: 500 },
    );
  });
});
