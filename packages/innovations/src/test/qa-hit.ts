import type { SearchHit } from '@rootweaver/core';
import { qaItem } from '@rootweaver/core/test';

/** What a test may vary of a retrieved QA pair; the rest is a plain first-ranked hit. */
export interface QaHitOptions {
  readonly id?: string;
  /** Also the hit's document id. Default "Notes". */
  readonly title?: string;
}

/**
 * A retrieved atomic QA pair as the extractors read it: core's `qaItem`, first-ranked, its passage the
 * answer alone (as a rule-built index writes a pair).
 */
export function qaHit(question: string, answer: string, options: QaHitOptions = {}): SearchHit {
  const item = qaItem({ id: options.id ?? 'pair-1', question, answer, title: options.title ?? 'Notes' });
  return { ...item, passage: answer, score: 1, rank: 1 };
}
