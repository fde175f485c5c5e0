import type { GroundingMethod, RewriteParent, RewriteTrace } from '@rootweaver/core';
import { answerEntity, checkRewrite } from '../grounding/index.js';
import type { RunContext } from './run-context.js';

/** A sub-question grounded with its parents' answers, and what the rewriter slot did, when it was asked. */
export interface SubQuestionGrounding {
  readonly text: string;
  readonly method: GroundingMethod;
  readonly insertedFrom: readonly number[];
  readonly rewrite?: RewriteTrace;
}

/**
 * The answer policy's `ground` step with CompactRAG's rewriter slot. The rules ground the sub-question
 * (`policy.ground`); with a rewriter configured, a parent answer that names something and no explicit
 * placeholder (the rules put those in exactly), the rewriter is asked too and its question is used when `checkRewrite` accepts it. On a failure, a timeout, an empty or
 * implausible rewrite the rules' question is used, and `rewrite` in the node's trace says why.
 */
export async function groundSubQuestion(
  run: RunContext,
  question: string,
  parents: readonly RewriteParent[],
): Promise<SubQuestionGrounding> {
  const rules = run.ports.policy.ground({ question, parents });
  if (run.ports.rewriter === undefined) return rules;
  // The plan's own explicit references ("[index:0]", "#1") say which parent goes where: no call.
  if (rules.method === 'placeholder') return rules;
  // Nothing a rewrite could insert: no call.
  if (!parents.some((parent) => answerEntity(parent.answer) !== undefined)) return rules;
  // The run keeps its groundings: the keyterm planner grounds the same rule node again each hop.
  const known = run.groundings;
  const key = JSON.stringify([question, parents]);
  const earlier = known.get(key);
  if (earlier !== undefined) return earlier;
  const rewritten = await run.rewrite(question, parents);
  const base = { rulesQuestion: rules.text, modelId: rewritten.modelId, latencyMs: rewritten.latencyMs };
  let grounding: SubQuestionGrounding;
  if ('failure' in rewritten) {
    grounding = { ...rules, rewrite: { outcome: 'fallback', reason: rewritten.failure, ...base } };
  } else {
    const tokens = rewritten.tokens === undefined ? {} : { tokens: rewritten.tokens };
    const verdict = checkRewrite({
      question,
      parents,
      rewrite: rewritten.text,
      maxChars: run.settings.maxQuestionChars,
    });
    grounding = verdict.usable
      ? {
          text: verdict.text,
          method: 'rewritten',
          insertedFrom: verdict.insertedFrom,
          rewrite: { outcome: 'rewritten', rewriterQuestion: verdict.text, ...base, ...tokens },
        }
      : {
          ...rules,
          rewrite: {
            outcome: 'fallback',
            reason: verdict.reason,
            ...(verdict.text === '' ? {} : { rewriterQuestion: verdict.text }),
            ...base,
            ...tokens,
          },
        };
  }
  if (grounding.rewrite?.outcome === 'fallback') run.usage.recordRewriteFallback();
  known.set(key, grounding);
  return grounding;
}
