import type { NodeTrace } from '../engine/answer.js';

export type Composition =
  | {
      readonly composed: true;
      readonly answer: string;
      readonly reason: 'chain' | 'comparison' | 'yes-no';
      readonly usedNodeIds: readonly number[];
    }
  | { readonly composed: false; readonly reason: string };

export interface ComposeAnswerOptions {
  readonly question: string;
  readonly nodes: readonly NodeTrace[];
}

/** SCAFFOLD (issue 7 replaces): composes the final answer from node answers when the form allows. */
export function composeAnswer(options: ComposeAnswerOptions): Composition {
  const last = options.nodes.at(-1);
  if (last === undefined || !options.nodes.every((node) => node.resolved)) {
    return { composed: false, reason: 'low-confidence' };
  }
  return { composed: true, answer: last.answer, reason: 'chain', usedNodeIds: [last.id] };
}
