import type { MultiHopAnswer, MultiHopEvent } from '@rootweaver/core';
import { renderTrace } from './render-trace.js';

export interface RenderAnswerOptions {
  /** The run's events (`stream` / `onEvent`): when given, the trace rendered from them comes first. */
  readonly events?: readonly MultiHopEvent[];
  /** Text of a pool item by id, to show each node's evidence. */
  readonly itemText?: (id: string) => string | undefined;
}

/** A readable rendering of an answer: (with `events`) the trace, then the answer, citations and usage. */
export function renderAnswer(answer: MultiHopAnswer, options: RenderAnswerOptions): string {
  const lines: string[] = [];
  if (options.events !== undefined) {
    lines.push(
      ...renderTrace(options.events, options.itemText === undefined ? {} : { itemText: options.itemText }),
    );
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
