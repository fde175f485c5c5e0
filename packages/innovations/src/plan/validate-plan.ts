import type { Plan, PlanNode } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { maxSubQuestionChars, type PlanResult } from './parse-plan.js';

/**
 * Checks a plan before it runs: at least one node, unique ids, every ref names an existing node,
 * no dependency cycle (the error names it, e.g. `1 → 2 → 1`). Self-references and repeated refs are
 * dropped and recorded in `repairs`. Refs may point at later nodes as long as there is no cycle:
 * `topologicalLayers` orders them.
 */
export function validatePlan(plan: Plan): PlanResult {
  if (plan.nodes.length === 0) return { error: 'The plan has no sub-questions.' };
  const repairs = [...plan.repairs];
  const ids = new Set<number>();
  for (const node of plan.nodes) {
    if (!Number.isInteger(node.id) || node.id < 0) {
      return { error: `Sub-question id ${node.id} is not a non-negative integer.` };
    }
    if (ids.has(node.id)) return { error: `Two sub-questions share the id ${node.id}; ids must be unique.` };
    ids.add(node.id);
    if (node.question.trim().length === 0) return { error: `Sub-question ${node.id} is empty.` };
    if (node.question.length > maxSubQuestionChars) {
      return {
        error: `Sub-question ${node.id} is ${node.question.length} characters long; the cap is ${maxSubQuestionChars}.`,
      };
    }
  }
  const nodes: PlanNode[] = plan.nodes.map((node) => {
    const refs: number[] = [];
    for (const ref of node.refs) {
      if (ref === node.id) {
        repairs.push(`dropped sub-question ${node.id}'s reference to itself`);
        continue;
      }
      if (refs.includes(ref)) {
        repairs.push(`dropped sub-question ${node.id}'s repeated reference to ${ref}`);
        continue;
      }
      refs.push(ref);
    }
    return { id: node.id, question: node.question, refs };
  });
  for (const node of nodes) {
    const missing = node.refs.find((ref) => !ids.has(ref));
    if (missing !== undefined) {
      return {
        error: `Sub-question ${node.id} depends on ${missing}, which does not exist (ids: ${listIds([...ids])}).`,
      };
    }
  }
  const cycle = findCycle(nodes);
  if (cycle !== undefined) {
    return {
      error: `The sub-questions depend on each other in a cycle: ${cycle.length > 21 ? `${cycle.slice(0, 20).join(' → ')} → … (${cycle.length - 1} sub-questions)` : cycle.join(' → ')} (→ reads "needs the answer of"). Remove one of these refs.`,
    };
  }
  return { plan: { nodes, source: plan.source, repairs } };
}

/** At most 20 ids, then how many more: an error message stays short whatever the plan. */
function listIds(ids: readonly number[]): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `${shown} and ${ids.length - 20} more` : shown;
}

/** A dependency cycle as a list of ids that starts and ends with the same id, or undefined. */
export function findCycle(nodes: readonly PlanNode[]): number[] | undefined {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const state = new Map<number, 'visiting' | 'done'>();
  const path: number[] = [];
  const visit = (id: number): number[] | undefined => {
    const seen = state.get(id);
    if (seen === 'done') return undefined;
    if (seen === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    // A ref to a missing node visits nothing (no node, no refs): it cannot be on a cycle.
    for (const ref of byId.get(id)?.refs ?? []) {
      const cycle = visit(ref);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const node of nodes) {
    const cycle = visit(node.id);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

/**
 * Groups a valid plan's nodes into layers: every node comes after all the nodes it refers to, and the
 * nodes of one layer do not depend on each other (they may run in parallel). Within a layer, nodes
 * keep plan order. Throws on a cycle; validate first.
 */
export function topologicalLayers(plan: Plan): PlanNode[][] {
  const remaining = new Map(plan.nodes.map((node) => [node.id, node]));
  const known = new Set(plan.nodes.map((node) => node.id));
  const done = new Set<number>();
  const layers: PlanNode[][] = [];
  while (remaining.size > 0) {
    const layer = [...remaining.values()].filter((node) =>
      node.refs.every((ref) => done.has(ref) || !known.has(ref)),
    );
    if (layer.length === 0) {
      throw new RootweaverError(
        'invalid-plan',
        `The plan has a dependency cycle among sub-questions ${[...remaining.keys()].join(', ')}; run validatePlan first.`,
      );
    }
    for (const node of layer) {
      remaining.delete(node.id);
      done.add(node.id);
    }
    layers.push(layer);
  }
  return layers;
}
