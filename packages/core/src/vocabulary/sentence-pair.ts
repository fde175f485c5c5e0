import type { KnowledgeItem } from '../spec/knowledge-store.js';

/** The metadata key under which an index records the passage sentence a QA pair was made from. */
export const sourceSentenceMetadataKey = 'sentence';

/**
 * True for a QA pair whose answer is its whole source sentence (`metadata.sentence`, which the offline
 * index records for every pair it builds): a rule-built "What is known about X?" pair. Its question
 * says nothing the title and the sentence do not, so the engine's context shows the sentence alone and
 * a reader reads it as a sentence, not as the answer to a question about "known about X".
 */
export function isSentencePair(item: Pick<KnowledgeItem, 'kind' | 'answer' | 'metadata'>): boolean {
  const sentence = item.metadata?.[sourceSentenceMetadataKey];
  const answer = item.answer?.trim() ?? '';
  return item.kind === 'qa' && typeof sentence === 'string' && answer !== '' && answer === sentence.trim();
}
