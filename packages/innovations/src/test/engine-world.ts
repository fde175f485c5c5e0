import type { KnowledgeItem } from '@rootweaver/core';
import { qaItem } from '@rootweaver/core/test';
import type { ComposeAnswerOptions, Composition } from '../composition/index.js';
import type { GroundingResult, GroundQuestionOptions } from '../grounding/index.js';

/**
 * A small hand-written atomic QA knowledge base for engine tests and examples: two chains about
 * Inception's director, and a comparison of two films' directors' deaths, with distractors.
 */
export const engineWorldItems: readonly KnowledgeItem[] = [
  qaItem({
    id: 'inception-director',
    title: 'Inception',
    question: 'Who directed Inception?',
    answer: 'Christopher Nolan',
  }),
  qaItem({
    id: 'inception-year',
    title: 'Inception',
    question: 'When was Inception released?',
    answer: '2010',
  }),
  qaItem({
    id: 'inception-producer',
    title: 'Inception',
    question: 'Who produced Inception?',
    answer: 'Emma Thomas',
  }),
  qaItem({
    id: 'nolan-university',
    title: 'Christopher Nolan',
    question: 'What university did Christopher Nolan attend?',
    answer: 'University College London',
  }),
  qaItem({
    id: 'nolan-birthplace',
    title: 'Christopher Nolan',
    question: 'Where was Christopher Nolan born?',
    answer: 'London',
  }),
  qaItem({
    id: 'thomas-university',
    title: 'Emma Thomas',
    question: 'What university did Emma Thomas attend?',
    answer: 'University College London',
  }),
  qaItem({
    id: 'orchard-director',
    title: 'The Glass Orchard',
    question: 'Who directed The Glass Orchard?',
    answer: 'Anselm Varga',
  }),
  qaItem({
    id: 'knights-director',
    title: 'Riders of the Salt Flats',
    question: 'Who directed Riders of the Salt Flats?',
    answer: 'Corwin Hale',
  }),
  qaItem({
    id: 'varga-death',
    title: 'Anselm Varga',
    question: 'When did Anselm Varga die?',
    answer: '22 November 2013',
  }),
  qaItem({
    id: 'hale-death',
    title: 'Corwin Hale',
    question: 'When did Corwin Hale die?',
    answer: '5 December 1979',
  }),
  qaItem({
    id: 'london-river',
    title: 'London',
    question: 'Which river flows through London?',
    answer: 'the Thames',
  }),
];

/**
 * A deliberately simple grounding for engine tests (independent of the real heuristics): every
 * `[...]` or `#N` placeholder is replaced by the answer of the first parent.
 */
export function placeholderGrounding(options: GroundQuestionOptions): GroundingResult {
  const parent = options.parents[0];
  if (parent === undefined || !/\[[^\]]+\]|#\d+/.test(options.question)) {
    return { text: options.question, method: 'none', insertedFrom: [] };
  }
  return {
    text: options.question.replace(/\[[^\]]+\]|#\d+/g, parent.answer),
    method: 'placeholder',
    insertedFrom: [parent.id],
  };
}

/** A deliberately simple composition for engine tests: when every node resolved, the last node's answer. */
export function lastAnswerComposition(options: ComposeAnswerOptions): Composition {
  const last = options.nodes.at(-1);
  if (last === undefined || !options.nodes.every((node) => node.resolved)) {
    return { composed: false, reason: 'low-confidence' };
  }
  return { composed: true, answer: last.answer, reason: 'chain', usedNodeIds: [last.id] };
}
