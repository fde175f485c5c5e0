import type { Plan } from '../plan/plan.js';

/** SCAFFOLD (issue 7 replaces): decomposes a question into a plan without an LLM. */
export function decomposeByRules(question: string): Plan {
  return { nodes: [{ id: 0, question, refs: [] }], source: 'rules', repairs: [] };
}
