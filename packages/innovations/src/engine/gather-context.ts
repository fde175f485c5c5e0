import type { ContextReport, ForcedStop, NodeTrace, Plan, RefusalReason } from '@rootweaver/core';
import { isAbort } from '@rootweaver/core';
import { compactBlocks, renderCompactedContext, renderContext } from '../compaction/index.js';
import type { Gathered, Planner } from './planners/planner.js';
import { lastForcedStop, type RunContext } from './run-context.js';
import { deadlineHop } from './run-deadline.js';

/** A run after its loop and the one compaction: what the planner returned, or what it announced before a cancel. */
export interface Finished {
  readonly run: RunContext;
  readonly planner: Planner;
  /** Undefined when the loop was cancelled. */
  readonly gathered: Gathered | undefined;
  readonly plan: Plan | undefined;
  readonly nodes: readonly NodeTrace[] | undefined;
  readonly forcedStop: ForcedStop | undefined;
  /** The full context, rendered once. */
  readonly fullContext: string;
  /** The synthesis context: the compacted blocks rendered when compaction is on, else `fullContext` itself. */
  readonly finalContext: string;
  readonly context: ContextReport;
  readonly refusal: RefusalReason | undefined;
}

/**
 * The planner's loop and the one compaction after it; the contexts are rendered here, once. A
 * cancelled loop becomes refusal `aborted` with what the run announced before it.
 */
export async function gatherContext(run: RunContext, planner: Planner): Promise<Finished> {
  let gathered: Gathered;
  try {
    run.throwIfAborted();
    gathered = await planner.gather(run);
  } catch (error) {
    if (!isAbort(error, run.signal)) throw error;
    const { plan, nodes } = run.announced;
    const deadline = run.deadlineReached;
    if (deadline) run.addHop(deadlineHop(run));
    return {
      run,
      planner,
      gathered: undefined,
      plan,
      // The compact planner announces its plan before its nodes; keyterm announces nodes only.
      nodes: plan !== undefined || nodes.length > 0 ? nodes : undefined,
      forcedStop: deadline ? 'deadline' : lastForcedStop(run.hops),
      fullContext: '',
      finalContext: '',
      context: emptyContext(),
      refusal: deadline ? undefined : 'aborted',
    };
  }
  const { compactionEnabled } = run.settings;
  const { compactionMaxChars } = run.config;
  // ADR-077's compaction belongs to no hop: its span is the run's child.
  run.tracing.endHop();
  const compaction = await run.tracing.span(
    'rootweaver.compact',
    {
      attributes: {
        'rootweaver.compaction.enabled': compactionEnabled,
        'rootweaver.compaction.max_chars': compactionMaxChars,
      },
    },
    async () =>
      compactBlocks(gathered.blocks, {
        enabled: compactionEnabled,
        maxChars: compactionMaxChars,
        openSubQueries: gathered.openSubQueries,
        query: run.question,
      }),
    (result) => ({
      'rootweaver.context.chars': result.chars,
      'rootweaver.context.uncompacted_chars': result.uncompactedChars,
      'rootweaver.compaction.kept_lines': result.keptLines,
      'rootweaver.compaction.dropped_lines': result.droppedLines,
    }),
  );
  const context: ContextReport = {
    chars: compaction.chars,
    uncompactedChars: compaction.uncompactedChars,
    compacted: compaction.compacted,
    ...(compactionEnabled ? { keptLines: compaction.keptLines, droppedLines: compaction.droppedLines } : {}),
  };
  if (compactionEnabled) {
    run.emit({ type: 'compacted', chars: compaction.chars, uncompactedChars: compaction.uncompactedChars });
  }
  const fullContext = renderContext(gathered.blocks);
  // Uncompacted (compaction off, or the context fits), the synthesis context is the full context itself.
  const finalContext = compaction.compacted ? renderCompactedContext(compaction.blocks) : fullContext;
  return {
    run,
    planner,
    gathered,
    plan: gathered.plan,
    nodes: gathered.nodes,
    forcedStop: gathered.forcedStop,
    fullContext,
    finalContext,
    context,
    refusal: gathered.refusal,
  };
}

function emptyContext(): ContextReport {
  return { chars: 0, uncompactedChars: 0, compacted: false };
}
