import type { KnowledgeItem } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import { annotateEntities } from '../annotation/annotate-entities.js';
import type { Passage } from '../corpus/document.js';
import type { GenerateQaResult, QaGenerator } from '../generation/qa-generator.js';
import { tableRowPairs } from '../generation/table-row-pairs.js';
import { emptyRejectionCounts, type RejectionCounts, validatePairs } from '../validation/validate-pairs.js';
import { toPassageItem, toQaItem } from './qa-item.js';

/** What became of one passage: its items and rejections, or the error that stopped it. */
export interface PassageOutcome {
  readonly passage: Passage;
  readonly hash: string;
  readonly items: KnowledgeItem[];
  readonly rejected: RejectionCounts;
  readonly error?: string;
  readonly annotateMs: number;
  readonly generateMs: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly llmCalls: number;
}

/**
 * Passage → entities → QA pairs → validation → items, each carrying the document's metadata. Prose
 * goes to the generator; a table row's pairs come from its cells (`tableRowPairs`); a code block is
 * one passage item, never fed to the generator, and so is prose none of whose pairs pass validation.
 * A generator error is the passage's outcome (recorded as failed and retried by the next run), not the
 * build's; an abort is thrown.
 */
export async function processPassage(options: {
  readonly passage: Passage;
  readonly hash: string;
  readonly generator: QaGenerator;
  readonly signal?: AbortSignal;
}): Promise<PassageOutcome> {
  const { passage, hash, generator, signal } = options;
  throwIfAborted(signal);
  const documentMetadata = passage.metadata ?? {};
  if (passage.kind === 'code') {
    return { ...emptyOutcome(passage, hash), items: [passageItem(passage, generator.id)] };
  }
  const annotateStarted = performance.now();
  const annotation =
    passage.kind === 'table-row'
      ? { sentences: [], entities: [] }
      : annotateEntities(passage.text, { mode: generator.annotationMode });
  const generateStarted = performance.now();
  const annotateMs = generateStarted - annotateStarted;
  try {
    const generated: GenerateQaResult =
      passage.kind === 'table-row'
        ? { pairs: tableRowPairs(passage.cells ?? []) }
        : await generator.generate({
            passage,
            annotation,
            ...(signal === undefined ? {} : { signal }),
          });
    const validated = validatePairs({ pairs: generated.pairs, passageText: passage.text });
    const pairs = validated.accepted.map((pair) =>
      toQaItem({
        documentId: passage.id,
        title: passage.title,
        passage: passage.text,
        question: pair.question,
        answer: pair.answer,
        generator: generator.id,
        documentMetadata,
        ...(pair.sentence === undefined ? {} : { sentence: pair.sentence }),
        ...(pair.rule === undefined ? {} : { rule: pair.rule }),
      }),
    );
    // Prose that yields no pair is still indexed, as itself: a document is never silently lost.
    const items =
      pairs.length > 0 || passage.text.trim() === '' ? pairs : [passageItem(passage, generator.id)];
    return {
      passage,
      hash,
      items,
      rejected: validated.rejected,
      annotateMs,
      generateMs: performance.now() - generateStarted,
      inputTokens: generated.usage?.inputTokens ?? 0,
      outputTokens: generated.usage?.outputTokens ?? 0,
      llmCalls: generated.calls ?? 0,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      passage,
      hash,
      items: [],
      rejected: emptyRejectionCounts(),
      error: (error as Error).message,
      annotateMs,
      generateMs: performance.now() - generateStarted,
      inputTokens: 0,
      outputTokens: 0,
      llmCalls:
        error instanceof RootweaverError && typeof error.details.calls === 'number' ? error.details.calls : 0,
    };
  }
}

function passageItem(passage: Passage, generator: string): KnowledgeItem {
  return toPassageItem({
    documentId: passage.id,
    title: passage.title,
    sectionPath: passage.sectionPath ?? [],
    text: passage.text,
    generator,
    documentMetadata: passage.metadata ?? {},
  });
}

function emptyOutcome(passage: Passage, hash: string): PassageOutcome {
  return {
    passage,
    hash,
    items: [],
    rejected: emptyRejectionCounts(),
    annotateMs: 0,
    generateMs: 0,
    inputTokens: 0,
    outputTokens: 0,
    llmCalls: 0,
  };
}
