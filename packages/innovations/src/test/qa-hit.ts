import type { SearchHit } from '@rootweaver/core';

/** What a test may vary of a retrieved QA pair; the rest is a plain first-ranked hit. */
export interface QaHitOptions {
  readonly id?: string;
  /** Also the hit's document id. Default "Notes". */
  readonly title?: string;
}

/** A retrieved atomic QA pair as the extractors read it: its question, its answer, nothing else ranked. */
export function qaHit(question: string, answer: string, options: QaHitOptions = {}): SearchHit {
  const title = options.title ?? 'Notes';
  return {
    id: options.id ?? 'pair-1',
    documentId: title,
    kind: 'qa',
    title,
    passage: answer,
    question,
    answer,
    text: `${question} ${answer}`,
    score: 1,
    rank: 1,
  };
}
