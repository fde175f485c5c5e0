import { describe, expect, it } from 'vitest';
import { MultiHopRAG } from '../engine/multi-hop-rag.js';
import { InMemoryStore, qaItem, ScriptedExtractor } from '../test/index.js';
import { AnswerTypeRouter } from './answer-type-router.js';

describe('AnswerTypeRouter', () => {
  it('sends a question of no known answer type to the untyped extractor and every other to the typed one', async () => {
    const typed = new ScriptedExtractor([{ match: '', answer: 'typed', confidence: 0.5 }]);
    const untyped = new ScriptedExtractor([{ match: '', answer: 'untyped', confidence: 0.5 }]);
    const router = new AnswerTypeRouter({ typed, untyped });
    const answerOf = async (question: string) => (await router.extract({ question, evidence: [] })).answer;
    expect(await answerOf('What kind of role did the Tern Council hold after 1950?')).toBe('untyped');
    expect(await answerOf('What did Ada Marlow study?')).toBe('untyped');
    expect(await answerOf('Who founded the Gull Press?')).toBe('typed');
    expect(await answerOf('When was Ada Marlow born?')).toBe('typed');
    expect(await answerOf('In which city is the Gull Press?')).toBe('typed');
    expect(await answerOf('How many seats does the Orlen Hall have?')).toBe('typed');
    expect(typed.calls).toHaveLength(4);
    expect(untyped.calls).toHaveLength(2);
    expect(router.id).toBe('answer-type-router(scripted, scripted)');
  });
});

describe('MultiHopRAG extractorScope', () => {
  const store = new InMemoryStore({
    items: [
      qaItem({
        id: 'founder',
        question: 'Who founded the Gull Press?',
        answer: 'Ada Marlow founded the Gull Press.',
      }),
      qaItem({ id: 'role', question: 'What kind of role did Ada Marlow hold?', answer: 'an honorary role' }),
    ],
  });
  const plan = {
    source: 'llm' as const,
    repairs: [],
    nodes: [
      { id: 0, question: 'Who founded the Gull Press?', refs: [] },
      { id: 1, question: 'What kind of role did Ada Marlow hold?', refs: [] },
    ],
  };

  it('with "untyped", gives the configured extractor only the untyped sub-questions; with "all", every one', async () => {
    for (const [scope, questions] of [
      ['untyped', ['What kind of role did Ada Marlow hold?']],
      ['all', ['Who founded the Gull Press?', 'What kind of role did Ada Marlow hold?']],
    ] as const) {
      const extractor = new ScriptedExtractor([{ match: 'role', answer: 'honorary', confidence: 0.9 }]);
      const rag = new MultiHopRAG({
        store,
        extractor,
        config: {
          planner: 'compact',
          retrievalMode: 'lexical',
          topK: 2,
          synthesis: 'extractive',
          extractorScope: scope,
        },
      });
      const answer = await rag.ask('Who founded the Gull Press, and what kind of role did she hold?', {
        plan,
      });
      expect(extractor.calls.map((call) => call.question).sort()).toEqual([...questions].sort());
      // The typed sub-question is answered either way: by the heuristic under "untyped".
      expect(answer.hops.flatMap((hop) => hop.nodes ?? []).find((node) => node.id === 0)?.answer).toBe(
        scope === 'untyped' ? 'Ada Marlow' : '',
      );
    }
  });
});
