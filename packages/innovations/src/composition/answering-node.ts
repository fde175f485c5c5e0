import type { NodeTrace } from '@rootweaver/core';
import { answeringSink } from './compose-answer.js';

export interface AnsweringNodeOptions {
  /** The user's question. */
  readonly question: string;
  /** The plan's nodes as they ran, in execution order. */
  readonly nodes: readonly NodeTrace[];
}

/**
 * The node whose answer answers the question when nothing composed and no synthesis call can be
 * made: the answering sink (see `answeringSink`); else the last node run that has an answer.
 * Undefined when no node has an answer.
 */
export function answeringNode(options: AnsweringNodeOptions): NodeTrace | undefined {
  const { nodes, question } = options;
  const referenced = new Set(nodes.flatMap((node) => node.refs));
  const sinks = nodes.filter((node) => !referenced.has(node.id) && node.answer.length > 0);
  const sink = answeringSink(sinks, question);
  if (sink !== undefined) return sink;
  return nodes.findLast((node) => node.answer.length > 0);
}
