import type { KnowledgeItem } from '@rootweaver/innovations';
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

/** A `qa` knowledge item: text `${question} ${answer}`, a deterministic id, the source sentence in metadata. */
export function toQaItem(source: QaItemSource): KnowledgeItem {
  const metadata: Record<string, string> = { generator: source.generator };
  if (source.sentence !== undefined) metadata.sentence = source.sentence;
  if (source.rule !== undefined) metadata.rule = source.rule;
  return {
    id: qaItemId(source),
    documentId: source.documentId,
    kind: 'qa',
    text: `${source.question} ${source.answer}`,
    title: source.title,
    passage: source.passage,
    question: source.question,
    answer: source.answer,
    metadata,
  };
}
