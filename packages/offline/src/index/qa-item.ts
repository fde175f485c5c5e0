import type { KnowledgeItem } from '@rootweaver/core';
import { qaItemId } from './hashing.js';

export interface QaItemSource {
  readonly documentId: string;
  readonly title: string;
  readonly passage: string;
  readonly question: string;
  readonly answer: string;
  readonly sentence?: string;
  readonly rule?: string;
  readonly generator: string;
}

/**
 * A `qa` knowledge item: text `${title}: ${question} ${answer}` (the title names the passage's subject,
 * which rule-built questions and whole-sentence answers often refer to only as "the film" or "he"),
 * a deterministic id, the source sentence in metadata.
 */
export function toQaItem(source: QaItemSource): KnowledgeItem {
  const metadata: Record<string, string> = { generator: source.generator };
  if (source.sentence !== undefined) metadata.sentence = source.sentence;
  if (source.rule !== undefined) metadata.rule = source.rule;
  return {
    id: qaItemId(source),
    documentId: source.documentId,
    kind: 'qa',
    text: qaItemText(source),
    title: source.title,
    passage: source.passage,
    question: source.question,
    answer: source.answer,
    metadata,
  };
}

/** The indexed text of a pair: its passage title, question and answer. */
export function qaItemText(source: {
  readonly title: string;
  readonly question: string;
  readonly answer: string;
}): string {
  const title = source.title.trim();
  return title.length === 0
    ? `${source.question} ${source.answer}`
    : `${title}: ${source.question} ${source.answer}`;
}
