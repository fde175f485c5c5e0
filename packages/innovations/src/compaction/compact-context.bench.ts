import { seededRandom } from '@rootweaver/core';
import { afterAll, bench, describe } from 'vitest';
import { type CompactContextOptions, compactBlocks, compactContext } from './compact-context.js';
import { type ContextBlock, renderCompactedContext, renderContext } from './context-blocks.js';
import { reasoningKeyTermSet, selectOpenSubQueries } from './key-terms.js';

const vocabulary = (
  'the director of Inception Christopher Nolan studied English literature at University College London ' +
  'born in Westminster 1970 film producer Emma Thomas married screenplay Memento Interstellar Oppenheimer ' +
  'award academy best picture released grossed worldwide studio Warner Bros distributed premiered festival ' +
  'capital France Paris river Seine population museum Louvre founded century king revolution treaty'
).split(' ');

/** Five hop blocks of 20 lines each (a `From query` header, then ~80-character fact lines), `\n\n` between. */
function generateContext(): string {
  return generateBlocks()
    .map((block) => [`From query: ${block.subQuestion}`, ...block.lines].join('\n'))
    .join('\n\n');
}

/** The same context as the engine holds it: one block per hop, its sub-question and its fact lines. */
function generateBlocks(): ContextBlock[] {
  const random = seededRandom(77);
  const blocks: ContextBlock[] = [];
  for (let hop = 0; hop < 5; hop++) {
    const lines: string[] = [];
    while (lines.length < 19) {
      const words: string[] = [];
      let length = 0;
      while (length < 76) {
        const word = vocabulary[Math.floor(random() * vocabulary.length)] ?? 'fact';
        words.push(word);
        length += word.length + 1;
      }
      lines.push(`${words.join(' ')}.`);
    }
    blocks.push({ subQuestion: `what did hop ${hop + 1} ask about Nolan and Inception?`, lines });
  }
  return blocks;
}

const context = generateContext();
const blocks = generateBlocks();
const lineCount = context.split('\n').filter((line) => line.trim() !== '').length;
// The first is answered by the context (5 of 5 key terms occur); the other three stay open.
const subQueries = [
  'Where did Christopher Nolan study English literature',
  'Which hospital treated Nolan after filming',
  'When did Oppenheimer receive its Golden Globe',
  'Who composed the Interstellar soundtrack score',
];
const openSubQueries = selectOpenSubQueries(subQueries, context);
const options: CompactContextOptions = {
  maxChars: 2000,
  query: 'What university did the director of Inception attend?',
  openSubQueries,
};

/**
 * Plain ops/s from 500 batches of 20 calls (about a millisecond each), printed once the benches of this
 * file have run. On a shared machine other processes preempt some batches, so the median batch is the
 * figure for one core (the mean over a long window measures the machine's load as much as the code).
 */
function measureOperationsPerSecond(run: () => void): { median: number; best: number } {
  for (let warmup = 0; warmup < 2_000; warmup++) run();
  const batchSize = 20;
  const rates: number[] = [];
  for (let batch = 0; batch < 500; batch++) {
    const start = performance.now();
    for (let call = 0; call < batchSize; call++) run();
    rates.push((batchSize * 1000) / (performance.now() - start));
  }
  rates.sort((left, right) => left - right);
  return { median: rates[250] ?? 0, best: rates[499] ?? 0 };
}

describe(`compactContext: ${lineCount} non-blank lines, ${context.length} chars, ${openSubQueries.length} open sub-queries`, () => {
  bench('compact to maxChars 2000 (target ≥ 20,000/s)', () => {
    compactContext(context, options);
  });

  bench('compact to maxChars 500', () => {
    compactContext(context, { ...options, maxChars: 500 });
  });

  bench('disabled (byte-for-byte no-op)', () => {
    compactContext(context, { ...options, enabled: false });
  });

  bench('select open sub-queries against the full context (keyterm planner, per hop)', () => {
    selectOpenSubQueries(subQueries, reasoningKeyTermSet(context));
  });
});

/** What the engine does per question (MultiHopRAG.gather): compact the blocks, render the full context, and the compacted one when something was cut. */
function compactAsTheEngineDoes(maxChars: number): string {
  const compaction = compactBlocks(blocks, { ...options, maxChars });
  const full = renderContext(blocks);
  return compaction.compacted ? renderCompactedContext(compaction.blocks) : full;
}

describe(`compaction as the engine runs it (compactBlocks + render): ${blocks.length} blocks, ${lineCount} non-blank lines, ${context.length} chars`, () => {
  bench('compactBlocks + renderContext + renderCompactedContext, maxChars 2000', () => {
    compactAsTheEngineDoes(2000);
  });

  bench('compactBlocks + renderContext + renderCompactedContext, maxChars 500', () => {
    compactAsTheEngineDoes(500);
  });

  bench('compactBlocks + renderContext, disabled (the synthesis context is the full one)', () => {
    compactBlocks(blocks, { ...options, enabled: false });
    renderContext(blocks);
  });
});

afterAll(() => {
  const result = compactContext(context, options);
  const rate = measureOperationsPerSecond(() => compactContext(context, options));
  const format = (value: number): string => Math.round(value).toLocaleString('en-US');
  console.log(
    `compactContext: ${format(rate.median)} compactions/s (median of 500 batches of 20), ${format(rate.best)}/s (best batch); ` +
      `${context.length} → ${result.chars} chars, ${result.keptLines} kept / ${result.droppedLines} dropped lines, ` +
      `${openSubQueries.length} open sub-queries, node ${process.version}`,
  );
});
