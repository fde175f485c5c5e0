import type { ForcedStop } from '@rootweaver/core';
import { renderContext, selectOpenSubQueries } from '../../compaction/index.js';
import { poolBlocks } from '../build-context.js';
import {
  adaptiveDecidePrompt,
  adaptiveDecomposePrompt,
  multiHopPromptVersion,
  multiHopSynthesisPrompt,
} from '../prompts.js';
import type { RunContext } from '../run-context.js';
import { synthesizeWithModel } from './model-synthesis.js';
import { normaliseQuestion, parseQuestionList } from './parse-question-list.js';
import { type Gathered, type Planner, type SynthesisOutcome, unansweredOutcome } from './planner.js';

/**
 * The dynamic N-hop loop (seed 002): decompose (≤ `maxSubQueriesPerIter`), retrieve every pending
 * sub-question in parallel, then an LLM `decide` call continues with new sub-questions or stops (`[]`).
 * Caps `maxDepth` (decide calls), `maxTotalSubQueries`, `maxPoolChunks` and the budgets end the loop
 * with `forcedStop` and a normal, cited synthesis. A decide reply that cannot be read forces synthesis
 * (`decide-failed`); a decomposition that cannot be read, or is empty, is refusal `decompose-failed`.
 */
export class AdaptivePlanner implements Planner {
  readonly promptTemplateVersion = multiHopPromptVersion;

  async gather(run: RunContext): Promise<Gathered> {
    const { config, question } = run;
    const asked: string[] = [];
    let forcedStop: ForcedStop | undefined;
    const seen = new Set<string>();
    const accept = (
      candidates: readonly string[],
      limit: number,
    ): { accepted: string[]; repeated: number } => {
      const accepted: string[] = [];
      let repeated = 0;
      for (const candidate of candidates) {
        const key = normaliseQuestion(candidate);
        if (key.length === 0) continue;
        if (seen.has(key)) {
          repeated += 1;
          continue;
        }
        if (accepted.length >= limit) break;
        seen.add(key);
        accepted.push(candidate.trim());
      }
      return { accepted, repeated };
    };

    const decomposePrompt = adaptiveDecomposePrompt(question, config.maxSubQueriesPerIter);
    run.emit({ type: 'hop-started', iteration: 0, kind: 'decompose' });
    if (!run.canCall(decomposePrompt, 1)) {
      run.addHop({ iteration: 0, kind: 'decompose', subQuestions: [], itemsAdded: 0, forcedStop: 'budget' });
      return { ...this.contextOf(run, asked), forcedStop: 'budget', refusal: 'budget-exhausted' };
    }
    const decomposed = await run.generate({ stage: 'decompose', prompt: decomposePrompt });
    const parsed = parseQuestionList(decomposed.text);
    const first =
      parsed === undefined
        ? []
        : accept(parsed, Math.min(config.maxSubQueriesPerIter, config.maxTotalSubQueries)).accepted;
    const candidateCount = parsed?.length ?? 0;
    run.addHop({
      iteration: 0,
      kind: 'decompose',
      subQuestions: first,
      itemsAdded: 0,
      llmLatencyMs: decomposed.latencyMs,
      tokens: decomposed.tokens,
      ...(parsed === undefined
        ? { note: 'decomposition unreadable' }
        : first.length === 0
          ? { note: 'decomposition empty' }
          : first.length < candidateCount
            ? { note: `kept ${first.length} of ${candidateCount} sub-questions (max_sub_queries_per_iter)` }
            : {}),
    });
    if (first.length === 0) return { ...this.contextOf(run, asked), refusal: 'decompose-failed' };

    let pending = first;
    for (let iteration = 1; ; iteration += 1) {
      run.emit({ type: 'hop-started', iteration, kind: 'decide' });
      const itemsAdded = await this.retrieveRound(run, pending, iteration);
      asked.push(...pending);
      const stop = (
        cap: ForcedStop,
        note: string,
        llm: { llmLatencyMs?: number; tokens?: { inputTokens: number; outputTokens: number } } = {},
      ): void => {
        forcedStop = cap;
        run.addHop({
          iteration,
          kind: 'decide',
          subQuestions: [],
          decision: 'stop',
          itemsAdded,
          forcedStop: cap,
          ...llm,
          note,
        });
        run.emit({ type: 'decided', iteration, decision: 'stop', subQuestions: [], forcedStop: cap });
      };
      if (run.pool.droppedTotal > 0 || run.pool.full) {
        stop(
          'max-pool-chunks',
          `pool holds ${run.pool.size} items (max_pool_chunks ${config.maxPoolChunks})`,
        );
        break;
      }
      if (asked.length >= config.maxTotalSubQueries) {
        stop('max-total-sub-queries', `${asked.length} sub-questions searched (max_total_sub_queries)`);
        break;
      }
      const context = renderContext(poolBlocks(run.pool.items));
      const decidePrompt = adaptiveDecidePrompt({
        question,
        context,
        items: run.pool.size,
        askedSubQuestions: asked,
        maxSubQuestions: config.maxSubQueriesPerIter,
        remainingDepth: config.maxDepth - iteration,
      });
      if (!run.canCall(decidePrompt, 1)) {
        stop('budget', 'no budget left for a decide call before the synthesis');
        break;
      }
      const decided = await run.generate({ stage: 'decide', prompt: decidePrompt });
      const llm = { llmLatencyMs: decided.latencyMs, tokens: decided.tokens };
      const reply = parseQuestionList(decided.text);
      if (reply === undefined) {
        stop('decide-failed', 'decide reply unreadable: synthesizing from what was gathered', llm);
        break;
      }
      const allowance = config.maxTotalSubQueries - asked.length;
      const { accepted, repeated } = accept(reply, Math.min(config.maxSubQueriesPerIter, allowance));
      const notes: string[] = [];
      if (repeated > 0) notes.push(`${repeated} repeated sub-question(s) ignored`);
      if (accepted.length < reply.length - repeated)
        notes.push(`kept ${accepted.length} of ${reply.length - repeated} new sub-questions`);
      if (accepted.length === 0) {
        run.addHop({
          iteration,
          kind: 'decide',
          subQuestions: [],
          decision: 'stop',
          itemsAdded,
          ...llm,
          ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
        });
        run.emit({ type: 'decided', iteration, decision: 'stop', subQuestions: [] });
        break;
      }
      if (iteration >= config.maxDepth) {
        forcedStop = 'max-depth';
        run.addHop({
          iteration,
          kind: 'decide',
          subQuestions: accepted,
          decision: 'continue',
          itemsAdded,
          forcedStop: 'max-depth',
          ...llm,
          note: [...notes, `max_depth ${config.maxDepth} reached: these sub-questions are not searched`].join(
            '; ',
          ),
        });
        run.emit({
          type: 'decided',
          iteration,
          decision: 'continue',
          subQuestions: accepted,
          forcedStop: 'max-depth',
        });
        break;
      }
      run.addHop({
        iteration,
        kind: 'decide',
        subQuestions: accepted,
        decision: 'continue',
        itemsAdded,
        ...llm,
        ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
      });
      run.emit({ type: 'decided', iteration, decision: 'continue', subQuestions: accepted });
      pending = accepted;
    }
    return { ...this.contextOf(run, asked), ...(forcedStop === undefined ? {} : { forcedStop }) };
  }

  async synthesize(run: RunContext, gathered: Gathered, context: string): Promise<SynthesisOutcome> {
    const prompt = multiHopSynthesisPrompt(run.question, context);
    const iteration = (run.hops.at(-1)?.iteration ?? 0) + 1;
    run.emit({ type: 'hop-started', iteration, kind: 'synthesize' });
    if (!run.canCall(prompt)) {
      run.addHop({
        iteration,
        kind: 'synthesize',
        subQuestions: [],
        itemsAdded: 0,
        forcedStop: 'budget',
        note: 'no budget left for the synthesis call',
      });
      return unansweredOutcome('budget', 'budget-exhausted', 'budget');
    }
    return synthesizeWithModel(run, {
      iteration,
      prompt,
      reason: gathered.forcedStop === undefined ? 'decided-stop' : `forced: ${gathered.forcedStop}`,
    });
  }

  /** Retrieves every pending sub-question in parallel; adds hits to the pool in sub-question order. */
  private async retrieveRound(
    run: RunContext,
    pending: readonly string[],
    iteration: number,
  ): Promise<number> {
    const results = await Promise.all(pending.map((subQuestion) => run.retrieve(subQuestion)));
    let itemsAdded = 0;
    pending.forEach((subQuestion, index) => {
      const hits = results[index] ?? [];
      const addition = run.pool.add(hits, subQuestion, iteration);
      itemsAdded += addition.addedIds.length;
      run.emit({
        type: 'retrieved',
        iteration,
        subQuestion,
        itemIds: hits.map((hit) => hit.id),
        itemsAdded: addition.addedIds.length,
      });
    });
    return itemsAdded;
  }

  private contextOf(run: RunContext, asked: readonly string[]): Gathered {
    const blocks = poolBlocks(run.pool.items);
    return {
      blocks,
      openSubQueries: selectOpenSubQueries(asked, renderContext(blocks), run.config.answerabilityThreshold),
      subQuestions: [...asked],
    };
  }
}
