import type { NameKind, NameKindModel, SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { MultiHopRAG } from '../engine/multi-hop-rag.js';
import { InMemoryStore, qaItem, ScriptedExtractor } from '../test/index.js';
import { kindAgreement } from './answer-candidates.js';
import { HeuristicExtractor } from './heuristic-extractor.js';

/** A test model: the kinds it is told for the names it knows, equal shares for the rest. */
function nameKindsFrom(
  known: Readonly<Record<string, NameKind>>,
): NameKindModel & { readonly asked: string[] } {
  const asked: string[] = [];
  return {
    id: 'test-name-kinds',
    asked,
    kindsOf(name) {
      asked.push(name);
      const kind = known[name];
      const shares = { person: 0.25, place: 0.25, organisation: 0.25, title: 0.25 };
      return kind === undefined
        ? shares
        : { person: 0.1, place: 0.1, organisation: 0.1, title: 0.1, [kind]: 0.7 };
    },
  };
}

const hit = (answer: string): SearchHit => ({
  id: 'pair-1',
  documentId: 'Harbour Nights',
  kind: 'qa',
  title: 'Harbour Nights',
  passage: answer,
  question: 'Who starred in Harbour Nights?',
  answer,
  text: answer,
  score: 1,
  rank: 1,
});

describe('kindAgreement', () => {
  const model = nameKindsFrom({ 'Tern Valley': 'place', 'Mara Quill': 'person' });

  it("is the asked kind's probability over the likeliest kind's", () => {
    expect(kindAgreement('Tern Valley', 'person', model)).toBeCloseTo(0.1 / 0.7);
    expect(kindAgreement('Mara Quill', 'person', model)).toBe(1);
  });

  it('is 1 for a name the model cannot tell, for other kinds asked, and without a model', () => {
    expect(kindAgreement('Qzx Brook', 'person', model)).toBe(1);
    expect(kindAgreement('Mara Quill', 'place', model)).toBe(1);
    expect(kindAgreement('Tern Valley', 'date', model)).toBe(1);
    expect(kindAgreement('Tern Valley', 'other', model)).toBe(1);
    expect(kindAgreement('Tern Valley', 'person', undefined)).toBe(1);
  });
});

describe('HeuristicExtractor with a name-kind model', () => {
  // Two names of the same shape in one sentence: by shape alone the first one wins.
  const evidence = [hit('Blue Ferry Road starred Mara Quill and was shot in 1950.')];
  const question = 'Who starred in Harbour Nights?';

  it('answers by shape alone without a model', async () => {
    const answer = await new HeuristicExtractor().extract({ question, evidence });
    expect(answer.answer).toBe('Blue Ferry Road');
  });

  it('prefers the name whose kind is the one asked', async () => {
    const nameKinds = nameKindsFrom({ 'Blue Ferry Road': 'title', 'Mara Quill': 'person' });
    const extractor = new HeuristicExtractor({ nameKinds });
    const answer = await extractor.extract({ question, evidence });
    expect(answer.answer).toBe('Mara Quill');
    expect(extractor.id).toBe('heuristic(test-name-kinds)');
    expect(nameKinds.asked).toContain('Blue Ferry Road');
  });

  it('does not ask the model when a date is asked', async () => {
    const nameKinds = nameKindsFrom({});
    const answer = await new HeuristicExtractor({ nameKinds }).extract({
      question: 'When was Harbour Nights shot?',
      evidence,
    });
    expect(answer.answer).toBe('1950');
    expect(nameKinds.asked).toEqual([]);
  });
});

describe('MultiHopRAG nameKinds', () => {
  it('hands the model to the heuristic it makes for the typed sub-questions beside a configured extractor', async () => {
    const store = new InMemoryStore({
      items: [
        qaItem({
          id: 'cast',
          question: 'Who starred in Harbour Nights?',
          answer: 'Blue Ferry Road starred Mara Quill and was shot in 1950.',
        }),
      ],
    });
    const plan = {
      source: 'llm' as const,
      repairs: [],
      nodes: [{ id: 0, question: 'Who starred in Harbour Nights?', refs: [] }],
    };
    const answerWith = async (nameKinds: NameKindModel | undefined) => {
      const rag = new MultiHopRAG({
        store,
        extractor: new ScriptedExtractor([]),
        ...(nameKinds === undefined ? {} : { nameKinds }),
        config: {
          planner: 'compact',
          retrievalMode: 'lexical',
          synthesis: 'extractive',
          extractorScope: 'untyped',
        },
      });
      const answer = await rag.ask('Who starred in Harbour Nights?', { plan });
      return answer.hops.flatMap((hop) => hop.nodes ?? [])[0]?.answer;
    };
    expect(await answerWith(undefined)).toBe('Blue Ferry Road');
    expect(await answerWith(nameKindsFrom({ 'Blue Ferry Road': 'title', 'Mara Quill': 'person' }))).toBe(
      'Mara Quill',
    );
  });
});
