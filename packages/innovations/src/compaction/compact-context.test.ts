import { isRootweaverError } from '@rootweaver/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompactContextOptions,
  type CompactionCounts,
  compactBlocks,
  compactContext,
} from './compact-context.js';
import { type ContextBlock, renderCompactedContext, renderContext } from './context-blocks.js';
import { reasoningKeyTerms } from './key-terms.js';

/**
 * ADR-077 §Decision 3 written the slow, obvious way: key terms per line with `reasoningKeyTerms`, a
 * comparator sort, and the budget recomputed from scratch for every candidate set.
 */
function referenceCompact(context: string, options: CompactContextOptions): string {
  if (context.length <= options.maxChars) {
    return context;
  }
  const lines = context.split('\n');
  const queryTerms = new Set(reasoningKeyTerms(options.query));
  const openTerms = new Set(options.openSubQueries.flatMap((subQuery) => reasoningKeyTerms(subQuery)));
  let lastHeader = -1;
  lines.forEach((line, index) => {
    if (line.trimStart().startsWith('From query')) {
      lastHeader = index;
    }
  });
  const ranked = lines
    .map((line, index) => {
      const terms = reasoningKeyTerms(line);
      const band = terms.some((term) => openTerms.has(term))
        ? 0
        : lastHeader >= 0 && index >= lastHeader
          ? 1
          : 2;
      return { line, index, band, overlap: terms.filter((term) => queryTerms.has(term)).length };
    })
    .filter((entry) => entry.line.trim() !== '')
    .sort((a, b) => a.band - b.band || b.overlap - a.overlap || a.index - b.index);
  const chosen: typeof ranked = [];
  for (const entry of ranked) {
    const trial = [...chosen, entry];
    const total = trial.reduce((sum, item) => sum + item.line.length, 0) + trial.length - 1;
    if (total <= options.maxChars) {
      chosen.push(entry);
    }
  }
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.line)
    .join('\n');
}

function nonBlankLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

/** True when `part` is `whole` with some items removed, order kept. */
function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
  let position = 0;
  for (const item of whole) {
    if (position < part.length && part[position] === item) {
      position++;
    }
  }
  return position === part.length;
}

const vocabulary = [
  'Christopher',
  'Nolan',
  'nolan',
  'NOLAN.',
  'directed',
  'Inception',
  'inception?',
  'university',
  'College',
  'London',
  'born',
  'the',
  'of',
  'was',
  'which',
  'Paris',
  'capital',
  'France',
  'x',
];
const sentence = fc
  .array(fc.constantFrom(...vocabulary), { minLength: 0, maxLength: 8 })
  .chain((words) => fc.constantFrom(' ', '  ', '\t').map((separator) => words.join(separator)));
const contextLine = fc.oneof(
  { weight: 6, arbitrary: sentence },
  { weight: 1, arbitrary: sentence.map((text) => `From query: ${text}`) },
  { weight: 1, arbitrary: sentence.map((text) => `  From query ${text}`) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t', '\r') },
);
const contextText = fc.array(contextLine, { maxLength: 25 }).map((lines) => lines.join('\n'));
const compactionCase = contextText.chain((context) =>
  fc.record({
    context: fc.constant(context),
    maxChars: fc.integer({ min: 0, max: context.length + 5 }),
    query: sentence,
    openSubQueries: fc.array(sentence, { maxLength: 3 }),
  }),
);

describe('compactContext properties', () => {
  it('never exceeds maxChars, and chars is the text length', () => {
    fc.assert(
      fc.property(compactionCase, ({ context, ...options }) => {
        const result = compactContext(context, options);
        expect(result.text.length).toBeLessThanOrEqual(options.maxChars);
        expect(result.chars).toBe(result.text.length);
        expect(result.uncompactedChars).toBe(context.length);
      }),
    );
  });

  it('emits only whole input lines, in input order', () => {
    fc.assert(
      fc.property(compactionCase, ({ context, ...options }) => {
        const result = compactContext(context, options);
        const outputLines = result.text === '' ? [] : result.text.split('\n');
        expect(isSubsequence(outputLines, context.split('\n'))).toBe(true);
      }),
    );
  });

  it('is deterministic: the same input gives the same result', () => {
    fc.assert(
      fc.property(compactionCase, ({ context, ...options }) => {
        expect(compactContext(context, options)).toEqual(compactContext(context, { ...options }));
      }),
    );
  });

  it('returns the input byte for byte when disabled, whatever the other options', () => {
    fc.assert(
      fc.property(
        fc.oneof(contextText, fc.string({ unit: 'binary', maxLength: 200 })),
        fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double()),
        sentence,
        (context, maxChars, query) => {
          const result = compactContext(context, {
            enabled: false,
            maxChars,
            query,
            openSubQueries: [query],
          });
          expect(result.text).toBe(context);
          expect(result.compacted).toBe(false);
          expect(result.droppedLines).toBe(0);
        },
      ),
    );
  });

  it('drops nothing when everything fits', () => {
    fc.assert(
      fc.property(contextText, fc.nat(20), sentence, (context, slack, query) => {
        const whole = compactContext(context, {
          maxChars: context.length + slack,
          query,
          openSubQueries: [],
        });
        expect(whole.text).toBe(context);
        expect(whole.droppedLines).toBe(0);
        expect(whole.compacted).toBe(false);
        // Also when only the blank lines had to go: every non-blank line is kept.
        const lines = nonBlankLines(context);
        const neededForLines = lines.join('\n').length;
        const tight = compactContext(context, { maxChars: neededForLines, query, openSubQueries: [query] });
        expect(tight.droppedLines).toBe(0);
        expect(nonBlankLines(tight.text)).toEqual(lines);
      }),
    );
  });

  it('counts every non-blank input line as kept or dropped', () => {
    fc.assert(
      fc.property(compactionCase, ({ context, ...options }) => {
        const result = compactContext(context, options);
        expect(result.keptLines + result.droppedLines).toBe(nonBlankLines(context).length);
        expect(result.keptLines).toBe(nonBlankLines(result.text).length);
      }),
    );
  });

  it('selects exactly what the ADR-077 reference procedure selects', () => {
    fc.assert(
      fc.property(compactionCase, ({ context, ...options }) => {
        expect(compactContext(context, options).text).toBe(referenceCompact(context, options));
      }),
      { numRuns: 500 },
    );
  });
});

/** Hop blocks as planners build them; a line may hold a line feed, none looks like a header. */
const blockLine = fc.oneof(
  { weight: 6, arbitrary: sentence },
  { weight: 1, arbitrary: fc.tuple(sentence, sentence).map(([left, right]) => `${left}\n${right}`) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t') },
);
const contextBlocks: fc.Arbitrary<ContextBlock[]> = fc.array(
  fc.record({ subQuestion: sentence, lines: fc.array(blockLine, { maxLength: 6 }) }),
  { maxLength: 6 },
);
/** Blocks and options; the budget is a share of the rendered length, from nothing to all of it and more. */
const blockCase = fc
  .record({
    blocks: contextBlocks,
    enabled: fc.boolean(),
    query: sentence,
    openSubQueries: fc.array(sentence, { maxLength: 3 }),
    budgetShare: fc.double({ min: 0, max: 1.1, noNaN: true }),
  })
  .map(({ budgetShare, ...options }) => ({
    ...options,
    maxChars: Math.floor(budgetShare * renderContext(options.blocks).length),
  }));

describe('compactBlocks: the same compaction on the hop blocks, read as data', () => {
  it("ranks capitalised lines by the query's key terms as compactContext does", () => {
    const blocks: ContextBlock[] = [
      {
        subQuestion: 'Who directed The Lantern Field?',
        lines: ['Filler words that answer nothing asked here.', 'Ines Marlow directed The Lantern Field.'],
      },
      { subQuestion: 'Where was Ines Marlow born?', lines: ['Ines Marlow was born in Corvelle.'] },
    ];
    const rendered = renderContext(blocks);
    const options = {
      // Room for one of the two lines only: by position the filler (first) would be kept.
      maxChars: rendered.length - 'Ines Marlow directed The Lantern Field.'.length - 1,
      query: 'Where was the director of The Lantern Field born?',
      openSubQueries: ['Who directed The Lantern Field?'],
    };
    const onBlocks = compactBlocks(blocks, options);
    expect(onBlocks.compacted).toBe(true);
    const text = onBlocks.compacted ? renderCompactedContext(onBlocks.blocks) : rendered;
    expect(text).toBe(compactContext(rendered, options).text);
    expect(text).toContain('Ines Marlow directed The Lantern Field.');
    expect(text).not.toContain('Filler words');
  });

  it('renders to exactly what compactContext makes of the rendered blocks, counts included', () => {
    fc.assert(
      fc.property(blockCase, ({ blocks, ...options }) => {
        const rendered = renderContext(blocks);
        const onText = compactContext(rendered, options);
        const onBlocks = compactBlocks(blocks, options);
        const text = onBlocks.compacted ? renderCompactedContext(onBlocks.blocks) : rendered;
        expect(text).toBe(onText.text);
        const counts = (result: CompactionCounts) => [
          result.chars,
          result.uncompactedChars,
          result.keptLines,
          result.droppedLines,
          result.compacted,
        ];
        expect(counts(onBlocks)).toEqual(counts(onText));
      }),
      { numRuns: 500 },
    );
  });

  it('band 1 is the last block, found from the structure: its header and lines outrank older lines', () => {
    const blocks: ContextBlock[] = [
      {
        subQuestion: 'Who directed Inception',
        lines: ['Answer: Christopher Nolan', '[1] Nolan directed Inception.'],
      },
      { subQuestion: 'Where was Nolan born', lines: ['Answer: London', '[2] Nolan was born in London.'] },
    ];
    const result = compactBlocks(blocks, { maxChars: 60, query: 'x', openSubQueries: [] });
    expect(result.compacted).toBe(true);
    if (!result.compacted) return;
    expect(result.blocks.map((block) => [block.headerKept, block.lines])).toEqual([
      [false, []],
      [true, ['Answer: London']],
    ]);
    expect(renderCompactedContext(result.blocks)).toBe('From query: Where was Nolan born\nAnswer: London');
  });

  it('uses the blocks as they are when disabled or when they fit, and still checks the budget', () => {
    const blocks: ContextBlock[] = [
      { subQuestion: 'Who directed Inception', lines: ['Answer: Christopher Nolan'] },
    ];
    const length = renderContext(blocks).length;
    expect(compactBlocks(blocks, { maxChars: length, query: 'x', openSubQueries: [] })).toEqual({
      chars: length,
      uncompactedChars: length,
      keptLines: 2,
      droppedLines: 0,
      compacted: false,
    });
    expect(
      compactBlocks(blocks, { enabled: false, maxChars: -1, query: 'x', openSubQueries: [] }).compacted,
    ).toBe(false);
    expect(() => compactBlocks(blocks, { maxChars: 1.5, query: 'x', openSubQueries: [] })).toThrow(
      /maxChars/,
    );
  });
});

describe('compactContext priority bands (ADR-077 §Decision 3)', () => {
  const query = 'Which university did the director of Inception attend';

  it('band 0 beats band 1: a line with an open sub-query term outranks the latest hop block', () => {
    const pinned = 'Nolan studied English literature'; // 32 chars, holds open term 'nolan'
    const latest = 'From query two: unrelated text';
    const context = [pinned, latest].join('\n');
    const result = compactContext(context, {
      maxChars: 32,
      query,
      openSubQueries: ['Where did Nolan study'],
    });
    expect(result.text).toBe(pinned);
    expect(result).toMatchObject({ keptLines: 1, droppedLines: 1, compacted: true });
  });

  it('band 1 beats band 2: the latest hop block outranks an older line with more query overlap', () => {
    const older = 'university director inception attend'; // overlap 4, band 2
    const header = 'From query: next';
    const context = [older, header].join('\n');
    const result = compactContext(context, { maxChars: older.length, query, openSubQueries: [] });
    expect(result.text).toBe(header);
  });

  it('band 1 is the LAST From query header and every line after it, header included', () => {
    const context = [
      'From query one: first hop',
      'fact from hop one',
      'From query two: second hop',
      'fact from hop two',
    ].join('\n');
    const result = compactContext(context, {
      maxChars: 'From query two: second hop\nfact from hop two'.length,
      query: 'nothing matches',
      openSubQueries: [],
    });
    expect(result.text).toBe('From query two: second hop\nfact from hop two');
  });

  it('recognises a header after leading white space, and no header means no band 1', () => {
    const indented = ['old fact here', '  From query: latest', 'new fact'].join('\n');
    expect(compactContext(indented, { maxChars: 8, query: 'zzzz', openSubQueries: [] }).text).toBe(
      'new fact',
    );
    const headerless = ['old fact here', 'new fact'].join('\n');
    // Without a header both lines are band 2 with overlap 0: position decides, the earlier line wins.
    expect(compactContext(headerless, { maxChars: 13, query: 'zzzz', openSubQueries: [] }).text).toBe(
      'old fact here',
    );
  });

  it('within a band, higher query-term overlap wins over earlier position', () => {
    const context = ['inception was released', 'university director inception'].join('\n');
    const result = compactContext(context, { maxChars: 29, query, openSubQueries: [] });
    expect(result.text).toBe('university director inception');
  });

  it('within band 0 too, overlap orders the lines', () => {
    const context = ['nolan line one aaaa', 'nolan director inception'].join('\n');
    const result = compactContext(context, { maxChars: 24, query, openSubQueries: ['nolan'] });
    expect(result.text).toBe('nolan director inception');
  });

  it('with equal overlap, the earlier line wins', () => {
    const context = ['director alpha', 'director bravo'].join('\n');
    const result = compactContext(context, { maxChars: 14, query, openSubQueries: [] });
    expect(result.text).toBe('director alpha');
  });

  it('emits kept lines in original order, not priority order', () => {
    const context = ['university director inception', 'filler', 'nolan facts'].join('\n');
    const result = compactContext(context, {
      maxChars: 'university director inception\nnolan facts'.length,
      query,
      openSubQueries: ['nolan'],
    });
    // 'nolan facts' (band 0) was chosen first, but is emitted after the earlier line.
    expect(result.text).toBe('university director inception\nnolan facts');
  });

  it('matches open sub-query terms as whole key terms, case-insensitively, without stripping punctuation', () => {
    const context = ['NOLAN directed it', 'Directed by nolan.'].join('\n');
    const result = compactContext(context, { maxChars: 18, query: 'zzzz', openSubQueries: ['nolan'] });
    // 'nolan.' is not the term 'nolan', so the second line is not pinned even though it comes later.
    expect(result.text).toBe('NOLAN directed it');
    const other = compactContext(['Directed by nolan.', 'NOLAN directed it'].join('\n'), {
      maxChars: 18,
      query: 'zzzz',
      openSubQueries: ['nolan'],
    });
    expect(other.text).toBe('NOLAN directed it');
  });

  it('a still-open sub-query with no key terms pins nothing', () => {
    fc.assert(
      fc.property(compactionCase, ({ context, ...options }) => {
        const withTermless = {
          ...options,
          openSubQueries: [...options.openSubQueries, 'Who was it?', 'x y z'],
        };
        expect(compactContext(context, withTermless)).toEqual(compactContext(context, options));
      }),
    );
  });

  it('ignores stop words when counting query overlap', () => {
    // 'which' and 'there' are stop words; only 'capital' is a key term of the query.
    const context = ['which there which there', 'capital'].join('\n');
    const result = compactContext(context, {
      maxChars: 23,
      query: 'which there capital',
      openSubQueries: [],
    });
    expect(result.text).toBe('capital');
  });
});

describe('compactContext hard budget (ADR-077 §Decision 3, Alternative D)', () => {
  it('binds band 0: a pinned line that does not fit is skipped, a shorter band-2 line still fits', () => {
    const pinned = 'nolan '.repeat(10).trim(); // 59 chars
    const context = [pinned, 'short fact'].join('\n');
    const result = compactContext(context, { maxChars: 20, query: 'fact', openSubQueries: ['nolan'] });
    expect(result.text).toBe('short fact');
    expect(result).toMatchObject({ keptLines: 1, droppedLines: 1 });
  });

  it('skips a line that does not fit and lets a later, shorter line in', () => {
    const context = ['director one', 'director two is a much longer line', 'director 3'].join('\n');
    const result = compactContext(context, {
      maxChars: 'director one\ndirector 3'.length,
      query: 'director',
      openSubQueries: [],
    });
    expect(result.text).toBe('director one\ndirector 3');
  });

  it('never truncates: a line longer than the whole budget is dropped, not cut', () => {
    const context = ['a'.repeat(50), 'b'.repeat(50)].join('\n');
    const result = compactContext(context, { maxChars: 49, query: 'q', openSubQueries: [] });
    expect(result).toMatchObject({ text: '', chars: 0, keptLines: 0, droppedLines: 2, compacted: true });
  });

  it('counts the newline between kept lines: two lines of 10 need 21 characters', () => {
    const first = 'aaaaaaaaaa';
    const second = 'bbbbbbbbbb';
    const context = `${first}\n\n${second}`; // 22 chars: the blank line forces compaction
    expect(compactContext(context, { maxChars: 21, query: 'q', openSubQueries: [] }).text).toBe(
      `${first}\n${second}`,
    );
    expect(compactContext(context, { maxChars: 20, query: 'q', openSubQueries: [] }).text).toBe(first);
  });

  it('with maxChars 0 keeps nothing', () => {
    const result = compactContext('some context\nmore', { maxChars: 0, query: 'some', openSubQueries: [] });
    expect(result).toMatchObject({ text: '', chars: 0, keptLines: 0, droppedLines: 2 });
  });

  it('drops blank lines without counting them as kept or dropped', () => {
    const context = 'alpha fact\n\n   \nbravo fact\n';
    const result = compactContext(context, { maxChars: 21, query: 'q', openSubQueries: [] });
    expect(result).toMatchObject({
      text: 'alpha fact\nbravo fact',
      keptLines: 2,
      droppedLines: 0,
      compacted: true,
    });
  });

  it('returns a context that already fits unchanged, blank lines and all', () => {
    const context = 'alpha fact\n\nbravo fact\n';
    const result = compactContext(context, { maxChars: context.length, query: 'q', openSubQueries: [] });
    expect(result).toEqual({
      text: context,
      chars: context.length,
      uncompactedChars: context.length,
      keptLines: 2,
      droppedLines: 0,
      compacted: false,
    });
  });

  it('rejects a maxChars that is not a non-negative whole number, but only when enabled', () => {
    for (const maxChars of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      let caught: unknown;
      try {
        compactContext('text', { maxChars, query: 'q', openSubQueries: [] });
      } catch (error) {
        caught = error;
      }
      expect(isRootweaverError(caught, 'invalid-input')).toBe(true);
      // Where to fix it, and the value, for a program reading the error.
      expect((caught as Error).message).toContain('compaction_max_chars in configs/retrieval/multi_hop.yaml');
      expect((caught as { details?: unknown }).details).toEqual({ maxChars });
      expect(compactContext('text', { enabled: false, maxChars, query: 'q', openSubQueries: [] }).text).toBe(
        'text',
      );
    }
  });

  it("renders a block's sub-question on one header line, its white space collapsed and trimmed", () => {
    const blocks: ContextBlock[] = [
      { subQuestion: '  Who directed\n\n  The Lantern Field?\t ', lines: ['Ines Marlow.'] },
    ];
    expect(renderContext(blocks)).toBe('From query: Who directed The Lantern Field?\nInes Marlow.');
  });
});
