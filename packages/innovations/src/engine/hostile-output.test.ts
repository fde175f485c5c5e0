import type { PlannerName } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { balancedEnds } from '../plan/loose-literal.js';
import { maxPlanChars, parsePlan } from '../plan/parse-plan.js';
import { FakeChatModel, founderChainItems, InMemoryStore, ScriptedExtractor } from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';
import { parseQuestionList } from './planners/parse-question-list.js';

// Hostile LLM output (issue 16): what used to stall the event loop or pass as an answer. The sizes
// are those that took minutes before (quadratic); each case must now finish within the test timeout.

const items = founderChainItems;
const question = 'Who founded Vorn Keep?';
const extractor = () =>
  new ScriptedExtractor([{ match: 'Who founded Vorn Keep', answer: 'Tessaly Marrow', confidence: 0.9 }]);

function isSynthesis(prompt: string): boolean {
  return prompt.includes('Answer the question from') || prompt.includes('Answer from the numbered evidence');
}

function engine(reply: (prompt: string) => string, config: Record<string, unknown> = {}): MultiHopRAG {
  const model = new FakeChatModel().on(
    () => true,
    (options) => reply(options.messages.at(-1)?.content ?? ''),
  );
  return new MultiHopRAG({
    store: new InMemoryStore({ items }),
    chatModel: model,
    extractor: extractor(),
    config: { synthesis: 'llm', ...config },
  });
}

describe('plan parsing on hostile output', () => {
  it('reads unbalanced brackets in linear time (64k used to take 78 s)', () => {
    for (const text of ['['.repeat(48_000), '[{'.repeat(24_000), `${'{"a": ['.repeat(7_000)}`]) {
      expect('error' in parsePlan(text)).toBe(true);
      expect(parseQuestionList(text)).toBeUndefined();
    }
  });

  it('still finds a list after prose with stray brackets', () => {
    const text = `Sure ${'['.repeat(300)} here: ["Who founded Vorn Keep?", "Where was [founder] born?"]`;
    const result = parsePlan(text);
    expect('plan' in result && result.plan.nodes.map((node) => node.question)).toEqual([
      'Who founded Vorn Keep?',
      'Where was [founder] born?',
    ]);
    expect(parseQuestionList(text)).toEqual(['Who founded Vorn Keep?', 'Where was [founder] born?']);
  });

  it('maps every balanced bracket in one pass, honouring quotes', () => {
    const { ends, reliable } = balancedEnds('x [1, "]", {"a": [2]}] [ }');
    expect(reliable).toBe(true);
    expect([...ends.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [2, 22],
      [11, 21],
      [17, 20],
    ]);
  });

  it('refuses a plan over its cap, and drops sub-questions over theirs, with the reason', () => {
    const huge = parsePlan(`["${'a'.repeat(maxPlanChars)}"]`);
    expect('error' in huge && huge.error).toMatch(/the cap is 50000/);
    const long = parsePlan(JSON.stringify(['Who founded Vorn Keep?', `Why ${'x '.repeat(1_500)}?`]));
    expect('plan' in long && long.plan.nodes).toHaveLength(1);
    expect('plan' in long && long.plan.repairs.join(' ')).toMatch(/over the cap of 2000/);
  });
});

describe('caps and true outcomes in every planner', () => {
  it('a junk plan that parses (["?"]) falls back to the whole question and answers', async () => {
    const rag = engine((prompt) =>
      prompt.includes('Decompose') ? '["?", "..."]' : 'Tessaly Marrow founded it [1].',
    );
    const answer = await rag.ask(question);
    expect(answer.plan?.source).toBe('fallback');
    expect(answer.plan?.nodes.map((node) => node.question)).toEqual([question]);
    expect(answer.refusal).toBeUndefined();
    expect(answer.answer).toMatch(/Tessaly Marrow/);
  });

  it('the compact planner runs at most max_total_sub_queries nodes of a 1,000-step plan', async () => {
    const steps = Array.from({ length: 1_000 }, (_, index) => ({
      id: index,
      question: `Vorn ${index}?`,
      refs: index === 0 ? [] : [index - 1],
    }));
    const rag = engine(
      (prompt) => (prompt.includes('Decompose') ? JSON.stringify({ subQuestions: steps }) : 'Tessaly [1]'),
      { max_total_sub_queries: 12 },
    );
    const answer = await rag.ask(question);
    expect(answer.usage.retrievals).toBe(12);
    expect(answer.plan?.nodes).toHaveLength(12);
    expect(answer.forcedStop).toBe('max-total-sub-queries');
  });

  it('the keyterm planner stops at max_total_sub_queries even when max_hops allows more', async () => {
    let asked = 0;
    const rag = engine(
      (prompt) => {
        if (!prompt.includes('Decompose') && !prompt.includes('sub-question')) return 'Tessaly [1]';
        asked += 1;
        return JSON.stringify([`Who rebuilt the Kestrel${'abcdefghijkl'[asked]}mont tower?`]);
      },
      { planner: 'keyterm', max_hops: 10, max_total_sub_queries: 2, answerability_threshold: 1 },
    );
    const answer = await rag.ask(question);
    expect(answer.usage.retrievals).toBe(2);
    expect(answer.forcedStop).toBe('max-total-sub-queries');
  });

  it.each<PlannerName>(['compact', 'adaptive', 'keyterm'])(
    '%s: an empty synthesis reply is a refusal, never an empty answer',
    async (planner) => {
      const rag = engine(
        (prompt) =>
          isSynthesis(prompt)
            ? ' [9] \n '
            : prompt.includes('Is more retrieval needed?')
              ? '[]'
              : '["Who founded Vorn Keep?"]',
        { planner },
      );
      const answer = await rag.ask(question);
      expect(answer.answer).toBe('');
      expect(answer.refusal).toBe('empty-answer');
      expect(answer.grounded).toBe(false);
    },
  );

  it.each<PlannerName>(['compact', 'adaptive', 'keyterm'])(
    '%s: an answer over max_answer_chars is a typed error',
    async (planner) => {
      const rag = engine(
        (prompt) =>
          isSynthesis(prompt)
            ? 'Tessaly '.repeat(1_000)
            : prompt.includes('Is more retrieval needed?')
              ? '[]'
              : '["Who founded Vorn Keep?"]',
        { planner, max_answer_chars: 4_000 },
      );
      await expect(rag.ask(question)).rejects.toSatisfy(
        (error) => isRootweaverError(error, 'llm-bad-response') && /max_answer_chars/.test(error.message),
      );
    },
  );
});
