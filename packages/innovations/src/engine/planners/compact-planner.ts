import type { ForcedStop, NodeTrace, Plan, PlanNode, PoolItem, SearchHit } from '@rootweaver/core';
import type { ContextBlock } from '../../compaction/index.js';
import type { ConformedAnswer } from '../../composition/index.js';
import { parsePlan, topologicalLayers, validatePlan } from '../../plan/index.js';
import { factLine } from '../build-context.js';
import { citationsForIds } from '../citations.js';
import { groundSubQuestion } from '../ground-sub-question.js';
import { compactDecomposePrompt, compactPromptVersion, compactSynthesisPrompt } from '../prompts.js';
import type { RunContext } from '../run-context.js';
import { formFallbackOutcome } from './form-fallback.js';
import { synthesizeWithModel } from './model-synthesis.js';
import { ancestorsOf, parentsOf } from './node-ancestors.js';
import { type Gathered, type Planner, type SynthesisOutcome, unansweredOutcome } from './planner.js';

/** The single-node plan used when no decomposition could be read: single-hop retrieval of the question. */
export function fallbackPlan(question: string, reason: string, repairs: readonly string[] = []): Plan {
  return { nodes: [{ id: 0, question, refs: [] }], source: 'fallback', repairs: [...repairs, reason] };
}

/**
 * The plan cut to `maxNodes` sub-questions (`max_total_sub_queries`): nodes are kept layer by layer
 * in dependency order, so every kept node's parents are kept too. Undefined when it fits.
 */
export function capPlanNodes(plan: Plan, maxNodes: number): Plan | undefined {
  if (plan.nodes.length <= maxNodes) return undefined;
  const kept: PlanNode[] = [];
  for (const layer of topologicalLayers(plan)) {
    for (const node of layer) {
      if (kept.length < maxNodes) kept.push(node);
    }
  }
  return {
    nodes: kept,
    source: plan.source,
    repairs: [
      ...plan.repairs,
      `kept ${maxNodes} of ${plan.nodes.length} sub-questions (max_total_sub_queries)`,
    ],
  };
}

/** Validates a plan, or falls back to single-hop retrieval of the whole question, saying why. */
function checkedPlan(plan: Plan, question: string): { plan: Plan; note?: string } {
  const result = validatePlan(plan);
  if ('plan' in result) return { plan: result.plan };
  return { plan: fallbackPlan(question, result.error, plan.repairs), note: `fallback: ${result.error}` };
}

interface NodeRun {
  readonly node: PlanNode;
  readonly trace: NodeTrace;
  readonly hits: readonly SearchHit[];
}

/**
 * CompactRAG (seed 003): LLM call 1 decomposes the question into a dependency graph; nodes run in
 * topological layers (a layer's nodes in parallel), each grounded with its parents' answers, retrieved
 * and answered by the extractor, with no LLM; LLM call 2 synthesizes — or is skipped when the answer
 * can be composed from the node answers (`synthesis: 'auto'`). With no chat model the plan comes from
 * `decomposeByRules` and no LLM is called at all.
 */
export class CompactPlanner implements Planner {
  readonly promptTemplateVersion = compactPromptVersion;

  async gather(run: RunContext): Promise<Gathered> {
    const decomposed = await this.decompose(run);
    const capped = capPlanNodes(decomposed.plan, run.config.maxTotalSubQueries);
    if (capped !== undefined) {
      run.amendLastHop((hop) => ({
        ...hop,
        subQuestions: capped.nodes.map((node) => node.question),
        forcedStop: 'max-total-sub-queries',
      }));
    }
    const plan = capped ?? decomposed.plan;
    const forcedStop = capped === undefined ? decomposed.forcedStop : 'max-total-sub-queries';
    run.announcePlan(plan);
    const layers = topologicalLayers(plan);
    const nodeRuns: NodeRun[] = [];
    const answers = new Map<number, NodeTrace>();
    for (const [layerIndex, layer] of layers.entries()) {
      const iteration = layerIndex + 1;
      run.emit({ type: 'hop-started', iteration, kind: 'retrieve' });
      const results = await Promise.all(layer.map((node) => this.runNode(run, node, answers, iteration)));
      let itemsAdded = 0;
      const traces: NodeTrace[] = [];
      for (const result of results) {
        const addition = run.pool.add(result.hits, result.trace.groundedQuestion, iteration);
        itemsAdded += addition.addedIds.length;
        run.emit({
          type: 'retrieved',
          iteration,
          subQuestion: result.trace.groundedQuestion,
          itemIds: result.hits.map((hit) => hit.id),
          itemsAdded: addition.addedIds.length,
        });
        run.announceNode(result.trace, iteration);
        answers.set(result.node.id, result.trace);
        traces.push(result.trace);
        nodeRuns.push(result);
      }
      run.addHop({
        iteration,
        kind: 'retrieve',
        subQuestions: traces.map((trace) => trace.groundedQuestion),
        itemsAdded,
        nodes: traces,
      });
    }
    return {
      blocks: this.blocks(run, nodeRuns),
      openSubQueries: nodeRuns
        .filter((entry) => !entry.trace.resolved)
        .map((entry) => entry.trace.groundedQuestion),
      subQuestions: nodeRuns.map((entry) => entry.trace.groundedQuestion),
      plan,
      nodes: nodeRuns.map((entry) => entry.trace),
      ...(forcedStop === undefined ? {} : { forcedStop }),
    };
  }

  async synthesize(run: RunContext, gathered: Gathered, context: string): Promise<SynthesisOutcome> {
    const nodes = gathered.nodes ?? [];
    const mode = run.settings.synthesisMode;
    const iteration = run.hops.length === 0 ? 0 : (run.hops.at(-1)?.iteration ?? 0) + 1;
    const prompt = compactSynthesisPrompt(run.question, context);
    const wantsLlm = mode !== 'extractive' && run.ports.chatModel !== undefined;
    const llmAllowed = wantsLlm && run.canCall(prompt);
    const budgetBlocked = wantsLlm && !llmAllowed;
    let notComposedReason = 'forced-llm';
    // `llm` mode composes only when the call cannot be made (no model, no budget).
    if (mode !== 'llm' || !llmAllowed) {
      const composition = run.ports.policy.compose({ question: run.question, nodes });
      const confidence = composition.composed ? answerConfidence(nodes, composition.usedNodeIds) : 0;
      // With a synthesis call to make instead, an answer is composed only when it is likely right.
      const confident = !llmAllowed || confidence >= run.config.composeMinConfidence;
      if (composition.composed && !confident)
        notComposedReason = `low answer confidence ${confidence.toFixed(2)} < ${run.config.composeMinConfidence}`;
      if (composition.composed && confident) {
        const budgetStop = budgetBlocked && mode === 'llm';
        run.emit({ type: 'hop-started', iteration, kind: 'compose' });
        const evidence = nodes
          .filter((node) => composition.usedNodeIds.includes(node.id))
          .flatMap((node) => node.evidenceIds);
        const conformed =
          composition.reason === 'chain'
            ? conformToQuestion(run, composition.answer, evidence)
            : { answer: composition.answer, changes: [] };
        run.addHop({
          iteration,
          kind: 'compose',
          subQuestions: [],
          itemsAdded: 0,
          ...(budgetStop ? { forcedStop: 'budget' as const } : {}),
          note: `composed (${composition.reason}) from nodes ${composition.usedNodeIds.join(', ')}: no synthesis call${conformedNote(conformed.changes)}`,
        });
        return {
          answer: conformed.answer,
          citations: citationsForIds(evidence, run.pool.items),
          removedCitationMarkers: 0,
          synthesis: { mode: 'composed', reason: composition.reason, confidence },
          ...(budgetStop ? { forcedStop: 'budget' as const } : {}),
        };
      }
      if (!composition.composed) notComposedReason = composition.reason;
    }
    if (llmAllowed) {
      run.emit({ type: 'hop-started', iteration, kind: 'synthesize' });
      return synthesizeWithModel(run, {
        iteration,
        prompt,
        reason: notComposedReason,
        note: `not composed (${notComposedReason}); ${run.pool.size} pool items`,
      });
    }
    const forcedStop: { forcedStop?: ForcedStop } = budgetBlocked ? { forcedStop: 'budget' } : {};
    const why = mode === 'extractive' ? 'extractive-mode' : budgetBlocked ? 'budget' : 'no-llm';
    run.emit({ type: 'hop-started', iteration, kind: 'compose' });
    // No synthesis call: a choice or yes/no question still gets an answer of its form.
    const formed = formFallbackOutcome(run, {
      iteration,
      nodes,
      budgetStop: budgetBlocked,
      why: `${why}; not composed: ${notComposedReason}`,
    });
    if (formed !== undefined) return formed;
    const best = run.ports.policy.answeringNode({ question: run.question, nodes });
    const conformed = best === undefined ? undefined : conformToQuestion(run, best.answer, best.evidenceIds);
    run.addHop({
      iteration,
      kind: 'compose',
      subQuestions: [],
      itemsAdded: 0,
      ...forcedStop,
      note: `best extracted span (${why}; not composed: ${notComposedReason})${conformedNote(conformed?.changes ?? [])}`,
    });
    if (best === undefined || conformed === undefined) {
      return unansweredOutcome(
        why,
        budgetBlocked ? 'budget-exhausted' : 'no-evidence',
        forcedStop.forcedStop,
      );
    }
    return {
      answer: conformed.answer,
      citations: citationsForIds(best.evidenceIds, run.pool.items),
      removedCitationMarkers: 0,
      synthesis: {
        mode: 'extractive',
        reason: `${why}; not composed: ${notComposedReason}`,
        confidence: answerConfidence(nodes, [best.id]),
      },
      ...forcedStop,
    };
  }

  /** The plan: given, from LLM call 1, or by rules (with `forcedStop: 'budget'` when the call did not fit). */
  private async decompose(run: RunContext): Promise<{ plan: Plan; forcedStop?: ForcedStop }> {
    const { question } = run;
    const given = run.settings.givenPlan;
    if (given !== undefined) {
      const checked = checkedPlan(given, question);
      this.decomposeHop(run, checked.plan, { note: checked.note ?? `given plan (${given.source})` });
      return { plan: checked.plan };
    }
    const prompt = compactDecomposePrompt(question);
    if (run.ports.chatModel !== undefined && run.canCall(prompt)) {
      run.emit({ type: 'hop-started', iteration: 0, kind: 'decompose' });
      const generated = await run.generate({
        stage: 'decompose',
        prompt,
        responseFormat: { type: 'json_object' },
      });
      const parsed = parsePlan(generated.text, { source: 'llm' });
      const checked =
        'plan' in parsed
          ? checkedPlan(parsed.plan, question)
          : { plan: fallbackPlan(question, parsed.error), note: `fallback: ${parsed.error}` };
      this.decomposeHop(run, checked.plan, {
        llmLatencyMs: generated.latencyMs,
        tokens: generated.tokens,
        ...(checked.note === undefined ? {} : { note: checked.note }),
      });
      return { plan: checked.plan };
    }
    const budgetBlocked = run.ports.chatModel !== undefined;
    const checked = checkedPlan(run.ports.policy.decompose(question), question);
    this.decomposeHop(run, checked.plan, {
      note:
        checked.note ??
        (budgetBlocked ? 'budget: rule-based decomposition' : 'no LLM: rule-based decomposition'),
      ...(budgetBlocked ? { forcedStop: 'budget' as const } : {}),
    });
    return budgetBlocked ? { plan: checked.plan, forcedStop: 'budget' } : { plan: checked.plan };
  }

  private decomposeHop(
    run: RunContext,
    plan: Plan,
    extra: {
      note?: string;
      llmLatencyMs?: number;
      tokens?: { inputTokens: number; outputTokens: number };
      forcedStop?: 'budget';
    },
  ): void {
    if (extra.llmLatencyMs === undefined) run.emit({ type: 'hop-started', iteration: 0, kind: 'decompose' });
    run.addHop({
      iteration: 0,
      kind: 'decompose',
      subQuestions: plan.nodes.map((node) => node.question),
      itemsAdded: 0,
      ...extra,
    });
  }

  private async runNode(
    run: RunContext,
    node: PlanNode,
    answers: ReadonlyMap<number, NodeTrace>,
    iteration: number,
  ): Promise<NodeRun> {
    const parents = parentsOf(node, answers).flatMap((parent) =>
      parent.answer.length === 0
        ? []
        : [{ id: parent.id, question: parent.groundedQuestion, answer: parent.answer }],
    );
    const grounding = await groundSubQuestion(run, node.question, parents);
    run.emit({
      type: 'node-started',
      iteration,
      nodeId: node.id,
      question: node.question,
      groundedQuestion: grounding.text,
    });
    const hits = await run.retrieve(grounding.text);
    const extraction = await run.extract(grounding.text, hits);
    const answer = extraction.answer.trim();
    const trace: NodeTrace = {
      id: node.id,
      question: node.question,
      groundedQuestion: grounding.text,
      groundingMethod: grounding.method,
      refs: node.refs,
      answer,
      confidence: extraction.confidence,
      resolved:
        answer.length > 0 &&
        extraction.confidence >= (extraction.resolveThreshold ?? run.config.extractionConfidenceThreshold),
      evidenceIds: extraction.evidenceIds,
      ...(hits[0] === undefined ? {} : { topItemId: hits[0].id }),
      ...(grounding.rewrite === undefined ? {} : { rewrite: grounding.rewrite }),
    };
    return { node, trace, hits };
  }

  /**
   * One block per node, in execution order: the grounded sub-question, its answer (or `unresolved`),
   * then evidence lines — the extracted answer's evidence when resolved, all its retrieved pairs when
   * not (they go to synthesis, seed 003).
   */
  private blocks(run: RunContext, nodeRuns: readonly NodeRun[]): ContextBlock[] {
    return nodeRuns.map(({ trace, hits }) => {
      const evidenceIds = trace.resolved
        ? trace.evidenceIds.length > 0
          ? trace.evidenceIds
          : hits.slice(0, 1).map((hit) => hit.id)
        : hits.map((hit) => hit.id);
      const lines = evidenceIds.flatMap((id) => {
        const marker = run.pool.markerOf(id);
        const item: PoolItem | undefined = run.pool.get(id);
        return marker === undefined || item === undefined ? [] : [factLine(marker, item)];
      });
      return {
        subQuestion: trace.groundedQuestion,
        lines: [trace.resolved ? `Answer: ${trace.answer}` : 'Answer: unresolved', ...lines],
      };
    });
  }
}

/**
 * The answer in the terms of the user's question (`conformAnswer`), read from the answer's own
 * evidence first, then from the rest of the pool.
 */
function conformToQuestion(run: RunContext, answer: string, evidenceIds: readonly string[]): ConformedAnswer {
  const first = new Set(evidenceIds);
  const items = [
    ...run.pool.items.filter((item) => first.has(item.id)),
    ...run.pool.items.filter((item) => !first.has(item.id)),
  ];
  return run.ports.policy.conform({
    question: run.question,
    answer,
    // Not the item's text: it opens with the document title, named by the title's own conventions (singular).
    texts: items.map((item) => `${item.question ?? ''} ${item.answer ?? ''} ${item.passage}`),
  });
}

function conformedNote(changes: ConformedAnswer['changes']): string {
  return changes.length === 0 ? '' : ` (answer put in the question's terms: ${changes.join(', ')})`;
}

/**
 * The probability that an answer resting on `usedNodeIds` is right: the product of the confidences of
 * those nodes and of every node they depend on (a chain's answer is right only if every hop is), each
 * calibrated by its extractor.
 */
export function answerConfidence(nodes: readonly NodeTrace[], usedNodeIds: readonly number[]): number {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const needed = new Map<number, NodeTrace>();
  for (const id of usedNodeIds) {
    const node = byId.get(id);
    if (node === undefined) continue;
    needed.set(id, node);
    for (const ancestor of ancestorsOf(node, byId)) needed.set(ancestor.id, ancestor);
  }
  let product = needed.size === 0 ? 0 : 1;
  for (const node of needed.values()) product *= node.confidence;
  return product;
}
