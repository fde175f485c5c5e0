import type { AnswerExtractor, SearchHit } from '@rootweaver/core';
import {
  type ContextBlock,
  compactBlocks,
  renderCompactedContext,
  renderContext,
} from '../compaction/index.js';

/**
 * An invented passage and its pairs: enough text of every shape the extractor reads (names, dates,
 * countries, numbers, quoted titles) to run its code paths once.
 */
const passage =
  'Tessaly Marrow (3 March 1801 – 9 June 1870) was a Velurian architect born in Quillmoor, France. ' +
  'She founded Vorn Keep in 1832 with 40 masons and wrote "The Ashgrove Charter". Her brother, ' +
  'Pell Ambry, succeeded her at the Ashgrove Academy.';

function hit(id: string, question: string, answer: string, rank: number): SearchHit {
  return {
    id,
    documentId: 'warm-up',
    kind: 'qa',
    title: 'Tessaly Marrow',
    passage,
    question,
    answer,
    text: `${question} ${answer}`,
    score: 1 / rank,
    rank,
  };
}

/** The invented pairs the warm-up reads (also the extractor tests' fixture). */
export const warmUpEvidence: readonly SearchHit[] = [
  hit('warm-up-0', 'Who founded Vorn Keep?', 'Tessaly Marrow', 1),
  hit('warm-up-1', 'When did Tessaly Marrow die?', '9 June 1870', 2),
  hit('warm-up-2', 'Where was Tessaly Marrow born?', 'Quillmoor, France', 3),
  hit('warm-up-3', 'What did Tessaly Marrow write?', 'The Ashgrove Charter', 4),
];

/** One sub-question of each answer type the extractor tells apart. */
export const warmUpQuestions: readonly string[] = [
  'Who founded Vorn Keep?',
  'When did the founder of Vorn Keep die?',
  'In what year was Vorn Keep founded?',
  'Where was Tessaly Marrow born?',
  'What is the nationality of Tessaly Marrow?',
  'How many masons built Vorn Keep?',
  'Which academy did Pell Ambry lead?',
  'Which book did Tessaly Marrow write?',
  'Was Tessaly Marrow an architect?',
  'What is Vorn Keep known for?',
];

/**
 * Runs the engine's LLM-free parts once on invented text, so the first real question does not pay
 * for compiling their regular expressions and code (tens of milliseconds on a fresh process). No
 * port but the extractor is called; nothing is retrieved. Returns how long it took.
 */
export async function warmUpEngine(extractor: AnswerExtractor, signal?: AbortSignal): Promise<number> {
  const started = performance.now();
  for (const question of warmUpQuestions) {
    await extractor.extract({
      question,
      evidence: warmUpEvidence,
      ...(signal === undefined ? {} : { signal }),
    });
  }
  // The engine's compaction step as a question runs it: compact the blocks, render the full context
  // and, when something was cut, the compacted one — once with a budget that cuts, once with one that fits.
  const blocks: readonly ContextBlock[] = [
    { subQuestion: warmUpQuestions[0] ?? '', lines: ['Answer: Tessaly Marrow', `[1] ${passage}`] },
    { subQuestion: warmUpQuestions[3] ?? '', lines: ['Answer: unresolved', `[2] ${passage}`] },
  ];
  for (const maxChars of [200, 2_000]) {
    const compaction = compactBlocks(blocks, {
      enabled: true,
      maxChars,
      openSubQueries: [warmUpQuestions[3] ?? ''],
      query: warmUpQuestions[1] ?? '',
    });
    renderContext(blocks);
    if (compaction.compacted) renderCompactedContext(compaction.blocks);
  }
  return performance.now() - started;
}
