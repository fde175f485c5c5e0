import { escapeRegExp } from '@rootweaver/innovations/selection';

/** How a training question was made from an atomic pair (ADR-0007). */
export type QuestionVariant =
  | 'original'
  | 'dropped-words'
  | 'reordered'
  | 'described-entity'
  | 'sibling-question'
  | 'source-withheld'
  | 'paraphrased'
  | 'grounded';

export const questionVariants: readonly QuestionVariant[] = [
  'original',
  'dropped-words',
  'reordered',
  'described-entity',
  'sibling-question',
  'source-withheld',
  'paraphrased',
  'grounded',
];

const questionWords = /^(?:who|whom|whose|what|which|when|where|why|how|in|on|at|from|to|for|by|of)$/i;
const auxiliaries =
  /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|the|a|an|many|much|long|old|year|city|country)$/i;

/**
 * Drops one or two lower-case words after the question's opening (never its wh-word, auxiliary or a
 * capitalised name): sub-questions written by a planner say less than the pair that answers them.
 */
export function dropWords(question: string, random: () => number): string | undefined {
  const words = question.replace(/\?\s*$/, '').split(/\s+/);
  const droppable = words.flatMap((word, index) =>
    index >= 2 && /^\p{Ll}[\p{Ll}'-]+$/u.test(word) && !questionWords.test(word) && !auxiliaries.test(word)
      ? [index]
      : [],
  );
  if (droppable.length === 0) return undefined;
  const count = droppable.length >= 4 && random() < 0.5 ? 2 : 1;
  const dropped = new Set<number>();
  while (dropped.size < count) dropped.add(droppable[Math.floor(random() * droppable.length)] ?? 0);
  return `${words.filter((_, index) => !dropped.has(index)).join(' ')}?`;
}

/** Moves a closing prepositional phrase to the front ("Who won X in 1990?" → "In 1990, who won X?"). */
export function reorderWords(question: string): string | undefined {
  const body = question.replace(/\?\s*$/, '');
  const match = /^(.*\S)\s+((?:in|on|at|during|for|from|by|with|after|before)\s+[^,]+)$/i.exec(body);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  const head = match[1];
  if (head.split(/\s+/).length < 2) return undefined;
  const phrase = match[2];
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}, ${head.charAt(0).toLowerCase()}${head.slice(1)}?`;
}

/**
 * Replaces the document's entity in the question with a description of it taken from another pair
 * of the same document ("Who directed Tern Bay?" + "What is Tern Bay? → a 1990 drama film" →
 * "Who directed the 1990 drama film?"): how a planner's sub-question names what an earlier hop found.
 */
export function describeEntity(question: string, entity: string, description: string): string | undefined {
  if (entity.trim().length < 3) return undefined;
  const pattern = new RegExp(`\\b${escapeRegExp(entity.trim())}\\b`, 'i');
  if (!pattern.test(question)) return undefined;
  const phrase = description
    .trim()
    .replace(/[.;,]+$/, '')
    .replace(/^(?:an?|the)\s+/i, '');
  if (phrase.length === 0 || phrase.split(/\s+/).length > 8) return undefined;
  return question.replace(pattern, `the ${phrase}`);
}
