import type { KnowledgeItem, MetadataValue } from '@rootweaver/core';
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
  /** The document's metadata (front matter, extra JSONL fields, `source`, `section`…), carried by the pair. */
  readonly documentMetadata?: Readonly<Record<string, MetadataValue>>;
}

/**
 * A `qa` knowledge item: text `${title}: ${question} ${answer}` (the title names the passage's subject,
 * which rule-built questions and whole-sentence answers often refer to only as "the film" or "he"),
 * a deterministic id, the source sentence in metadata.
 */
export function toQaItem(source: QaItemSource): KnowledgeItem {
  const metadata: Record<string, MetadataValue> = { ...source.documentMetadata, generator: source.generator };
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

/**
 * A passage as one `passage` item, found by its words (the title and section in front): a code block,
 * never turned into questions (its language in `code_language`), and prose none of whose generated
 * pairs passed validation, so that no document leaves the index unread.
 */
export function toPassageItem(source: {
  readonly documentId: string;
  readonly title: string;
  readonly sectionPath: readonly string[];
  readonly text: string;
  readonly generator: string;
  readonly documentMetadata?: Readonly<Record<string, MetadataValue>>;
}): KnowledgeItem {
  const heading = [source.title, ...source.sectionPath].filter((part) => part.trim() !== '').join(' › ');
  return {
    id: qaItemId({ documentId: source.documentId, question: '', answer: source.text }),
    documentId: source.documentId,
    kind: 'passage',
    text: heading === '' ? source.text : `${heading}: ${source.text}`,
    title: source.title,
    passage: source.text,
    metadata: { ...source.documentMetadata, generator: source.generator },
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
