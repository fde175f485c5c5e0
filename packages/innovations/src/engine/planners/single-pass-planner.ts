import { poolBlocks } from '../build-context.js';
import { citationsForIds } from '../citations.js';
import { singlePassPrompt, singlePassPromptVersion } from '../prompts.js';
import type { RunContext } from '../run-context.js';
import { synthesizeWithModel } from './model-synthesis.js';
import { type Gathered, type Planner, type SynthesisOutcome, unansweredOutcome } from './planner.js';

/**
 * Plain RAG, for when multi-hop is switched off: one retrieval with the whole question, one synthesis
 * call — or, with no chat model, the extractor's best answer.
 */
export class SinglePassPlanner implements Planner {
  readonly promptTemplateVersion = singlePassPromptVersion;

  async gather(run: RunContext): Promise<Gathered> {
    run.emit({ type: 'hop-started', iteration: 0, kind: 'retrieve' });
    const hits = await run.retrieve(run.question);
    const addition = run.pool.add(hits, run.question, 0);
    run.emit({
      type: 'retrieved',
      iteration: 0,
      subQuestion: run.question,
      itemIds: hits.map((hit) => hit.id),
      itemsAdded: addition.addedIds.length,
    });
    run.addHop({
      iteration: 0,
      kind: 'retrieve',
      subQuestions: [run.question],
      itemsAdded: addition.addedIds.length,
    });
    return {
      blocks: poolBlocks(run.pool.items),
      openSubQueries: [],
      subQuestions: [run.question],
    };
  }

  async synthesize(run: RunContext, _gathered: Gathered, context: string): Promise<SynthesisOutcome> {
    const prompt = singlePassPrompt(run.question, context);
    const wantsLlm = run.ports.chatModel !== undefined && run.settings.synthesisMode !== 'extractive';
    if (wantsLlm && run.canCall(prompt)) {
      run.emit({ type: 'hop-started', iteration: 1, kind: 'synthesize' });
      return synthesizeWithModel(run, { iteration: 1, prompt, reason: 'single-pass' });
    }
    const forcedStop = wantsLlm ? { forcedStop: 'budget' as const } : {};
    const why = wantsLlm ? 'budget' : run.ports.chatModel === undefined ? 'no-llm' : 'extractive-mode';
    run.emit({ type: 'hop-started', iteration: 1, kind: 'compose' });
    const extraction = await run.extract(run.question, run.pool.items);
    run.addHop({
      iteration: 1,
      kind: 'compose',
      subQuestions: [],
      itemsAdded: 0,
      ...forcedStop,
      note: `best extracted span (${why})`,
    });
    if (extraction.answer.trim().length === 0) {
      return unansweredOutcome(why, wantsLlm ? 'budget-exhausted' : 'no-evidence', forcedStop.forcedStop);
    }
    return {
      answer: extraction.answer.trim(),
      citations: citationsForIds(extraction.evidenceIds, run.pool.items),
      removedCitationMarkers: 0,
      synthesis: { mode: 'extractive', reason: why },
      ...forcedStop,
    };
  }
}
