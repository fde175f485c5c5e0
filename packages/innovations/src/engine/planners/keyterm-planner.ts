import type { ForcedStop, HopTrace, NodeTrace, RewriteTrace } from '@rootweaver/core';
import {
  type ContextBlock,
  isSubQueryOpen,
  renderContext,
  selectOpenSubQueries,
} from '../../compaction/index.js';
import { factLine } from '../build-context.js';
import { citationsForIds } from '../citations.js';
import { groundSubQuestion } from '../ground-sub-question.js';
import { keytermDecomposePrompt, multiHopPromptVersion, multiHopSynthesisPrompt } from '../prompts.js';
import type { RunContext } from '../run-context.js';
import { formFallbackOutcome } from './form-fallback.js';
import { synthesizeWithModel } from './model-synthesis.js';
import { normaliseQuestion, parseQuestionList } from './parse-question-list.js';
import { type Gathered, type Planner, type SynthesisOutcome, unansweredOutcome } from './planner.js';

interface Candidate {
  readonly question: string;
  /** The rule plan's node, when the candidates come from `decomposeByRules`. */
  readonly nodeId?: number;
  readonly refs?: readonly number[];
  readonly original?: string;
  readonly groundingMethod?: NodeTrace['groundingMethod'];
  readonly rewrite?: RewriteTrace;
}

/**
 * ADR-077's original loop: every hop re-decomposes the question on the FULL context (an LLM call, or
 * `decomposeByRules` with no LLM), picks the first sub-question still open by key-term answerability
 * (`isSubQueryOpen`, threshold `answerabilityThreshold`) and not yet searched, retrieves it and
 * appends a `From query: <sub-question>` block with one fact per line. It stops when no sub-question
 * is open, or at `maxHops` (`forcedStop: 'max-hops'`). Without an LLM the answer is composed from the
 * rule plan's node answers, or is the extractor's best span over the pool.
 */
export class KeytermPlanner implements Planner {
  readonly promptTemplateVersion = multiHopPromptVersion;

  async gather(run: RunContext): Promise<Gathered> {
    const { config, question } = run;
    const blocks: ContextBlock[] = [];
    const asked: string[] = [];
    const askedKeys = new Set<string>();
    const nodes: NodeTrace[] = [];
    let lastCandidates: Candidate[] = [];
    let endedBeforeCap = false;
    let forcedStop: ForcedStop | undefined;
    for (let iteration = 1; iteration <= config.maxHops; iteration += 1) {
      const fullContext = renderContext(blocks);
      run.emit({ type: 'hop-started', iteration, kind: 'select' });
      let llm: Pick<HopTrace, 'llmLatencyMs' | 'tokens'> = {};
      let note: string | undefined;
      const stop = (details: { readonly forcedStop?: 'budget'; readonly note?: string }): void => {
        if (details.forcedStop !== undefined) forcedStop = details.forcedStop;
        run.addHop({
          iteration,
          kind: 'select',
          subQuestions: [],
          decision: 'stop',
          itemsAdded: 0,
          ...llm,
          ...details,
        });
        run.emit({
          type: 'decided',
          iteration,
          decision: 'stop',
          subQuestions: [],
          ...(details.forcedStop === undefined ? {} : { forcedStop: details.forcedStop }),
        });
        endedBeforeCap = true;
      };
      if (run.ports.chatModel !== undefined) {
        const prompt = keytermDecomposePrompt(question, fullContext, config.maxSubQueriesPerIter);
        if (!run.canCall(prompt, run.settings.synthesisMode === 'extractive' ? 0 : 1)) {
          stop({ forcedStop: 'budget' });
          break;
        }
        const generated = await run.generate({ stage: 'decompose', prompt });
        llm = { llmLatencyMs: generated.latencyMs, tokens: generated.tokens };
        const parsed = parseQuestionList(generated.text);
        if (parsed === undefined || parsed.length === 0)
          note = 'decomposition unreadable or empty: searched the question itself';
        lastCandidates = (parsed === undefined || parsed.length === 0 ? [question] : parsed).map((text) => ({
          question: text,
        }));
      } else {
        lastCandidates = await this.ruleCandidates(run, nodes);
      }
      const selected = lastCandidates.find(
        (candidate) =>
          !askedKeys.has(normaliseQuestion(candidate.question)) &&
          isSubQueryOpen(candidate.question, fullContext, config.answerabilityThreshold),
      );
      if (selected === undefined) {
        stop({ note: note ?? 'no open sub-question left' });
        break;
      }
      run.emit({ type: 'decided', iteration, decision: 'continue', subQuestions: [selected.question] });
      if (selected.nodeId !== undefined) {
        run.emit({
          type: 'node-started',
          iteration,
          nodeId: selected.nodeId,
          question: selected.original ?? selected.question,
          groundedQuestion: selected.question,
        });
      }
      const hits = await run.retrieve(selected.question);
      const addition = run.pool.add(hits, selected.question, iteration);
      asked.push(selected.question);
      askedKeys.add(normaliseQuestion(selected.question));
      run.emit({
        type: 'retrieved',
        iteration,
        subQuestion: selected.question,
        itemIds: hits.map((hit) => hit.id),
        itemsAdded: addition.addedIds.length,
      });
      if (addition.addedIds.length > 0) {
        blocks.push({
          subQuestion: selected.question,
          lines: addition.addedIds.flatMap((id) => {
            const item = run.pool.get(id);
            const marker = run.pool.markerOf(id);
            return item === undefined || marker === undefined ? [] : [factLine(marker, item)];
          }),
        });
      }
      if (selected.nodeId !== undefined) {
        const extraction = await run.extract(selected.question, hits);
        const answer = extraction.answer.trim();
        const node: NodeTrace = {
          id: selected.nodeId,
          question: selected.original ?? selected.question,
          groundedQuestion: selected.question,
          groundingMethod: selected.groundingMethod ?? 'none',
          refs: selected.refs ?? [],
          answer,
          confidence: extraction.confidence,
          resolved:
            answer.length > 0 &&
            extraction.confidence >= (extraction.resolveThreshold ?? config.extractionConfidenceThreshold),
          evidenceIds: extraction.evidenceIds,
          ...(hits[0] === undefined ? {} : { topItemId: hits[0].id }),
          ...(selected.rewrite === undefined ? {} : { rewrite: selected.rewrite }),
        };
        nodes.push(node);
        run.announceNode(node, iteration);
      }
      const poolCapped = run.pool.droppedTotal > 0;
      run.addHop({
        iteration,
        kind: 'select',
        subQuestions: [selected.question],
        decision: 'continue',
        itemsAdded: addition.addedIds.length,
        ...(poolCapped ? { forcedStop: 'max-pool-chunks' as const } : {}),
        ...llm,
        ...(note === undefined ? {} : { note }),
      });
      if (poolCapped) {
        forcedStop = 'max-pool-chunks';
        endedBeforeCap = true;
        break;
      }
    }
    if (!endedBeforeCap) {
      // The cap ended the loop before a re-decomposition found nothing open: ADR-077's max_hops.
      forcedStop = 'max-hops';
      run.amendLastHop((last) => ({
        ...last,
        forcedStop: 'max-hops',
        note: `max_hops ${config.maxHops} reached`,
      }));
    }
    const candidates = lastCandidates.map((candidate) => candidate.question);
    return {
      blocks,
      openSubQueries: selectOpenSubQueries(
        [...new Set([...asked, ...candidates])],
        renderContext(blocks),
        config.answerabilityThreshold,
      ),
      subQuestions: asked,
      ...(nodes.length === 0 ? {} : { nodes }),
      ...(forcedStop === undefined ? {} : { forcedStop }),
    };
  }

  async synthesize(run: RunContext, gathered: Gathered, context: string): Promise<SynthesisOutcome> {
    const iteration = (run.hops.at(-1)?.iteration ?? 0) + 1;
    const prompt = multiHopSynthesisPrompt(run.question, context);
    const wantsLlm = run.ports.chatModel !== undefined && run.settings.synthesisMode !== 'extractive';
    if (wantsLlm && run.canCall(prompt)) {
      run.emit({ type: 'hop-started', iteration, kind: 'synthesize' });
      return synthesizeWithModel(run, { iteration, prompt, reason: 'keyterm' });
    }
    const forcedStop = wantsLlm ? { forcedStop: 'budget' as const } : {};
    const why = wantsLlm ? 'budget' : run.ports.chatModel === undefined ? 'no-llm' : 'extractive-mode';
    run.emit({ type: 'hop-started', iteration, kind: 'compose' });
    const nodes = gathered.nodes ?? [];
    const composition =
      nodes.length > 0 ? run.ports.policy.compose({ question: run.question, nodes }) : undefined;
    if (composition?.composed === true) {
      run.addHop({
        iteration,
        kind: 'compose',
        subQuestions: [],
        itemsAdded: 0,
        ...forcedStop,
        note: `composed (${composition.reason}) from nodes ${composition.usedNodeIds.join(', ')} (${why})`,
      });
      const evidence = nodes
        .filter((node) => composition.usedNodeIds.includes(node.id))
        .flatMap((node) => node.evidenceIds);
      return {
        answer: composition.answer,
        citations: citationsForIds(evidence, run.pool.items),
        removedCitationMarkers: 0,
        synthesis: { mode: 'composed', reason: composition.reason },
        ...forcedStop,
      };
    }
    // A choice or yes/no question still gets an answer of its form, not a span of the pool.
    const formed = formFallbackOutcome(run, { iteration, nodes, budgetStop: wantsLlm, why });
    if (formed !== undefined) return formed;
    const extraction = await run.extract(run.question, run.pool.items);
    run.addHop({
      iteration,
      kind: 'compose',
      subQuestions: [],
      itemsAdded: 0,
      ...forcedStop,
      note: `best extracted span over the pool (${why})`,
    });
    const answer = extraction.answer.trim();
    if (answer.length === 0) {
      return unansweredOutcome(why, wantsLlm ? 'budget-exhausted' : 'no-evidence', forcedStop.forcedStop);
    }
    return {
      answer,
      citations: citationsForIds(extraction.evidenceIds, run.pool.items),
      removedCitationMarkers: 0,
      synthesis: { mode: 'extractive', reason: why },
      ...forcedStop,
    };
  }

  /** The rule plan's nodes, each grounded with the answers of parents already searched. */
  private async ruleCandidates(run: RunContext, nodes: readonly NodeTrace[]): Promise<Candidate[]> {
    const plan = run.ports.policy.decompose(run.question);
    const candidates: Candidate[] = [];
    for (const node of plan.nodes) {
      const parents = node.refs.flatMap((ref) => {
        const parent = nodes.find((candidate) => candidate.id === ref);
        return parent === undefined || parent.answer.length === 0
          ? []
          : [{ id: parent.id, question: parent.groundedQuestion, answer: parent.answer }];
      });
      const grounding = await groundSubQuestion(run, node.question, parents);
      candidates.push({
        question: grounding.text,
        nodeId: node.id,
        refs: node.refs,
        original: node.question,
        groundingMethod: grounding.method,
        ...(grounding.rewrite === undefined ? {} : { rewrite: grounding.rewrite }),
      });
    }
    return candidates;
  }
}
