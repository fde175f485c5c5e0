import type { NodeTrace } from '@rootweaver/core';

export interface AnsweringNodeOptions {
  /** The user's question (part of the policy port; the default `answeringNode` reads the nodes only). */
  readonly question: string;
  /** The plan's nodes as they ran, in execution order. */
  readonly nodes: readonly NodeTrace[];
}

/**
 * The node whose answer answers the question when nothing composed and no synthesis call can be
 * made: the last sink with an answer (a node no other node depends on; a plan lists its answering
 * step last); else the last node run that has an answer. Undefined when no node has an answer.
 */
export function answeringNode(options: AnsweringNodeOptions): NodeTrace | undefined {
  const { nodes } = options;
  const referenced = new Set(nodes.flatMap((node) => node.refs));
  const sink = nodes.findLast((node) => !referenced.has(node.id) && node.answer.length > 0);
  if (sink !== undefined) return sink;
  return nodes.findLast((node) => node.answer.length > 0);
}
