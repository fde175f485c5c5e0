import type { HopTrace, MultiHopAnswer, NodeTrace } from '@rootweaver/core';

export interface RenderAnswerOptions {
  /** Show every hop with its nodes (the plan, grounded forms, top pairs, confidences). */
  readonly trace: boolean;
  /** Text of a pool item by id, to show a node's top pair. */
  readonly itemText?: (id: string) => string | undefined;
}

function confidence(value: number): string {
  return value.toFixed(2);
}

function renderNode(node: NodeTrace, options: RenderAnswerOptions, last: boolean, lines: string[]): void {
  const branch = last ? '└─' : '├─';
  const pad = last ? '   ' : '│  ';
  const refs = node.refs.length === 0 ? '' : ` ← #${node.refs.join(', #')}`;
  lines.push(`  ${branch} #${node.id} ${node.question}${refs}`);
  if (node.groundedQuestion !== node.question) {
    lines.push(`  ${pad}   grounded (${node.groundingMethod}): ${node.groundedQuestion}`);
  }
  if (node.rewrite?.outcome === 'fallback') {
    const wrote =
      node.rewrite.rewriterQuestion === undefined ? '' : ` (it wrote: ${node.rewrite.rewriterQuestion})`;
    lines.push(
      `  ${pad}   rewriter ${node.rewrite.modelId} not used: ${node.rewrite.reason ?? 'failed'}${wrote}`,
    );
  }
  if (node.topItemId !== undefined) {
    const text = options.itemText?.(node.topItemId);
    lines.push(`  ${pad}   top pair: ${text === undefined ? node.topItemId : text}`);
  }
  const status = node.resolved ? 'resolved' : 'unresolved';
  lines.push(
    `  ${pad}   answer: ${node.answer.length === 0 ? '(none)' : node.answer}  [confidence ${confidence(node.confidence)}, ${status}]`,
  );
}

function renderHop(hop: HopTrace, options: RenderAnswerOptions, lines: string[]): void {
  const extras = [
    hop.decision === undefined ? undefined : `decision ${hop.decision}`,
    hop.itemsAdded > 0 ? `${hop.itemsAdded} items added` : undefined,
    hop.forcedStop === undefined ? undefined : `forced stop: ${hop.forcedStop}`,
    hop.tokens === undefined ? undefined : `${hop.tokens.inputTokens}+${hop.tokens.outputTokens} tokens`,
    hop.llmLatencyMs === undefined ? undefined : `${Math.round(hop.llmLatencyMs)} ms LLM`,
    hop.note,
  ].filter((part): part is string => part !== undefined && part.length > 0);
  lines.push(`hop ${hop.iteration} · ${hop.kind}${extras.length === 0 ? '' : ` (${extras.join(', ')})`}`);
  const nodes = hop.nodes ?? [];
  if (nodes.length > 0) {
    nodes.forEach((node, index) => {
      renderNode(node, options, index === nodes.length - 1, lines);
    });
  } else {
    hop.subQuestions.forEach((subQuestion, index) => {
      lines.push(`  ${index === hop.subQuestions.length - 1 ? '└─' : '├─'} ${subQuestion}`);
    });
  }
}

/** A readable rendering of an answer: the answer, citations, usage and (with `trace`) the hop tree. */
export function renderAnswer(answer: MultiHopAnswer, options: RenderAnswerOptions): string {
  const lines: string[] = [];
  if (options.trace) {
    if (answer.plan !== undefined) {
      const repairs =
        answer.plan.repairs.length === 0 ? '' : ` — repaired: ${answer.plan.repairs.join('; ')}`;
      lines.push(`plan (${answer.plan.source}, ${answer.plan.nodes.length} nodes)${repairs}`);
      for (const node of answer.plan.nodes) {
        lines.push(
          `  #${node.id} ${node.question}${node.refs.length === 0 ? '' : `  (needs #${node.refs.join(', #')})`}`,
        );
      }
    }
    for (const hop of answer.hops) renderHop(hop, options, lines);
    lines.push('');
  }
  const refusal = answer.refusal === undefined ? '' : `  (refused: ${answer.refusal})`;
  lines.push(`answer: ${answer.answer.length === 0 ? '(no answer)' : answer.answer}${refusal}`);
  lines.push(`synthesis: ${answer.synthesis.mode} (${answer.synthesis.reason})`);
  if (answer.citations.length > 0) {
    lines.push('citations:');
    for (const citation of answer.citations) {
      lines.push(`  [${citation.marker}] ${citation.title} (${citation.documentId}): ${citation.text}`);
    }
  }
  const usage = answer.usage;
  lines.push(
    `LLM calls: ${usage.llmCalls} · tokens: ${usage.inputTokens} in + ${usage.outputTokens} out · retrievals: ${usage.retrievals} · ` +
      `non-LLM ${Math.round(usage.nonLlmLatencyMs)} ms · context_chars ${answer.context.chars}${answer.context.compacted ? ` (compacted from ${answer.context.uncompactedChars})` : ''}`,
  );
  if (usage.rewrite !== undefined) {
    const rewrite = usage.rewrite;
    lines.push(
      `rewriter calls: ${rewrite.calls} (${rewrite.fallbacks} fell back to the rules) · tokens: ${rewrite.inputTokens} in + ${rewrite.outputTokens} out · ${Math.round(rewrite.latencyMs)} ms`,
    );
  }
  return `${lines.join('\n')}\n`;
}
