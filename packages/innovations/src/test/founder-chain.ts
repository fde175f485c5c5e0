import type { KnowledgeItem } from '@rootweaver/core';
import { qaItem } from '@rootweaver/core/test';

/**
 * An invented two-hop chain (who founded Vorn Keep → where was the founder born) with two more
 * pairs around it: the knowledge base of the deadline, hostile-output and fuzz tests.
 */
export const founderChainItems: readonly KnowledgeItem[] = [
  qaItem({ id: 'a', title: 'Vorn Keep', question: 'Who founded Vorn Keep?', answer: 'Tessaly Marrow' }),
  qaItem({
    id: 'b',
    title: 'Tessaly Marrow',
    question: 'Where was Tessaly Marrow born?',
    answer: 'Quillmoor',
  }),
  qaItem({
    id: 'c',
    title: 'Quillmoor',
    question: 'Which charter governs Quillmoor?',
    answer: 'the Ashgrove Charter',
  }),
  qaItem({ id: 'd', title: 'Pell Ambry', question: 'Who succeeded Tessaly Marrow?', answer: 'Pell Ambry' }),
];
