import type { HopTrace, MultiHopAnswer, MultiHopEvent, NodeTrace } from '@rootweaver/core';

export interface RenderTraceOptions {
  /** Text of a pool item by id, to show the evidence of each node's answer. */
  readonly itemText?: (id: string) => string | undefined;
}

type NodeStarted = Extract<MultiHopEvent, { type: 'node-started' }>;
type Retrieved = Extract<MultiHopEvent, { type: 'retrieved' }>;

function hopExtras(hop: HopTrace | undefined): string {
  if (hop === undefined) return '';
  const extras = [
    hop.itemsAdded > 0 ? `${hop.itemsAdded} items added` : undefined,
    hop.forcedStop === undefined ? undefined : `forced stop: ${hop.forcedStop}`,
    hop.tokens === undefined ? undefined : `${hop.tokens.inputTokens}+${hop.tokens.outputTokens} tokens`,
    hop.llmLatencyMs === undefined ? undefined : `${Math.round(hop.llmLatencyMs)} ms LLM`,
    hop.note,
  ].filter((part): part is string => part !== undefined && part.length > 0);
  return extras.length === 0 ? '' : ` (${extras.join(', ')})`;
}

function retrievedLine(retrieved: Retrieved): string {
  const fresh = retrieved.itemsAdded === retrieved.itemIds.length ? '' : `, ${retrieved.itemsAdded} new`;
  return `retrieved ${retrieved.itemIds.length} pairs${fresh}`;
}

function nodeLines(
  node: NodeTrace,
  retrieved: Retrieved | undefined,
  options: RenderTraceOptions,
  lines: string[],
): void {
  const refs = node.refs.length === 0 ? '' : ` ← #${node.refs.join(', #')}`;
  lines.push(`  #${node.id} ${node.question}${refs}`);
  if (node.groundedQuestion !== node.question) {
    lines.push(`     grounded (${node.groundingMethod}): ${node.groundedQuestion}`);
  }
  if (node.rewrite?.outcome === 'fallback') {
    const wrote =
      node.rewrite.rewriterQuestion === undefined ? '' : ` (it wrote: ${node.rewrite.rewriterQuestion})`;
    lines.push(`     rewriter ${node.rewrite.modelId} not used: ${node.rewrite.reason ?? 'failed'}${wrote}`);
  }
  if (retrieved !== undefined) lines.push(`     ${retrievedLine(retrieved)}`);
  const status = node.resolved ? 'resolved' : 'unresolved';
  lines.push(
    `     answer: ${node.answer.length === 0 ? '(none)' : node.answer}  [confidence ${node.confidence.toFixed(2)}, ${status}]`,
  );
  // The pairs the answer was extracted from (not the top-ranked hit, which is often another fact).
  if (node.evidenceIds.length === 0) lines.push('     evidence: (none)');
  for (const id of node.evidenceIds) lines.push(`     evidence: ${options.itemText?.(id) ?? id}`);
}

/**
 * The trace of a run, rendered from its events (`MultiHopRAG.stream` / `onEvent`) in the order they came:
 * the plan, each hop, each node's grounded question, retrieval, answer, confidence and the evidence pairs
 * the answer came from, the decisions and the compaction. The `finished` event's hop records add each
 * hop's tokens, latency and note.
 */
export function renderTrace(events: readonly MultiHopEvent[], options: RenderTraceOptions = {}): string[] {
  const finished = events.find(
    (event): event is Extract<MultiHopEvent, { type: 'finished' }> => event.type === 'finished',
  );
  const answer: MultiHopAnswer | undefined = finished?.answer;
  const started = new Map<number, NodeStarted>();
  const nodeRetrievals = new Map<number, Retrieved>();
  const lines: string[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'plan': {
        const { plan } = event;
        const repairs = plan.repairs.length === 0 ? '' : ` — repaired: ${plan.repairs.join('; ')}`;
        lines.push(`plan (${plan.source}, ${plan.nodes.length} nodes)${repairs}`);
        for (const node of plan.nodes) {
          lines.push(
            `  #${node.id} ${node.question}${node.refs.length === 0 ? '' : `  (needs #${node.refs.join(', #')})`}`,
          );
        }
        break;
      }
      case 'hop-started': {
        const hop = answer?.hops.find((candidate) => candidate.iteration === event.iteration);
        lines.push(`hop ${event.iteration} · ${event.kind}${hopExtras(hop)}`);
        break;
      }
      case 'node-started':
        started.set(event.nodeId, event);
        break;
      case 'retrieved': {
        // A node's retrieval is shown with the node; the other planners' retrievals stand alone.
        const node = [...started.values()].find(
          (candidate) =>
            candidate.iteration === event.iteration &&
            candidate.groundedQuestion === event.subQuestion &&
            !nodeRetrievals.has(candidate.nodeId),
        );
        if (node !== undefined) nodeRetrievals.set(node.nodeId, event);
        else lines.push(`  ${event.subQuestion}: ${retrievedLine(event)}`);
        break;
      }
      case 'node-answered':
        nodeLines(event.node, nodeRetrievals.get(event.node.id), options, lines);
        started.delete(event.node.id);
        break;
      case 'decided': {
        const stop = event.forcedStop === undefined ? '' : ` (forced stop: ${event.forcedStop})`;
        const next = event.subQuestions.length === 0 ? '' : ` → ${event.subQuestions.join('; ')}`;
        lines.push(`  decision: ${event.decision}${stop}${next}`);
        break;
      }
      case 'compacted':
        lines.push(`compacted: synthesis context ${event.uncompactedChars} → ${event.chars} chars`);
        break;
      case 'answer-delta':
      case 'finished':
        break;
    }
  }
  for (const node of started.values()) {
    lines.push(`  #${node.nodeId} ${node.groundedQuestion}`, '     (not answered: the run ended first)');
  }
  return lines;
}
