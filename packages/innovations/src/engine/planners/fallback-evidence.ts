import type { FallbackEvidence } from '../../composition/index.js';
import type { PoolItem } from '../answer.js';

/** The context pool as evidence for `composeFallbackAnswer`: each item's title, text and passage, and its pair. */
export function fallbackEvidence(items: readonly PoolItem[]): FallbackEvidence[] {
  return items.map((item) => ({
    id: item.id,
    text: `${item.title}. ${item.text} ${item.passage}`,
    ...(item.question === undefined ? {} : { question: item.question }),
    ...(item.answer === undefined ? {} : { answer: item.answer }),
  }));
}
