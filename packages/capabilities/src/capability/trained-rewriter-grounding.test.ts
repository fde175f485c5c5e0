import { existsSync } from 'node:fs';
import { InMemoryStore, qaItem, ScriptedExtractor } from '@rootweaver/core/test';
import { resolveMultiHopConfig } from '@rootweaver/innovations';
import { shippedRewriterPath, shippedWordVectorsPath } from '@rootweaver/models';
import { OpenAIChatModel } from '@rootweaver/providers';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { MultiHopCapability } from './multi-hop-capability.js';

// `rewriter.kind: trained` end to end: the plan comes from the main LLM through the real openai SDK and
// a local OpenAI-compatible server, in the project's own prompt format; its dependent nodes refer to
// their parents in words ("this director", "that city"), which the shipped rewriter grounds. Invented
// entities throughout.
const facts = [
  { id: 'director', question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' },
  { id: 'birthplace', question: 'In which city was Ines Marlow born?', answer: 'Corvelle' },
  { id: 'river', question: 'Which river flows through Corvelle?', answer: 'the Aubel' },
];
const items = facts.map((fact) => qaItem(fact));
const extractor = new ScriptedExtractor(
  facts.map((fact) => ({ match: fact.question.replace(/\?$/u, ''), answer: fact.answer, confidence: 0.9 })),
);

const shipped = existsSync(shippedRewriterPath) && existsSync(shippedWordVectorsPath);
const server = new OpenAICompatibleTestServer();
let url = '';
beforeAll(async () => {
  url = await server.start();
});
afterAll(() => server.close());
afterEach(() => {
  server.reset();
});

async function capability(
  plan: readonly { id: number; question: string; refs: number[] }[],
  minConfidence?: number,
) {
  server.onChat('Decompose the question into atomic', JSON.stringify({ subQuestions: plan }));
  return MultiHopCapability.create({
    config: resolveMultiHopConfig({
      planner: 'compact',
      retrievalMode: 'lexical',
      topK: 1,
      synthesis: 'extractive',
      rewriter: { kind: 'trained', ...(minConfidence === undefined ? {} : { minConfidence }) },
    }),
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: {
      store: new InMemoryStore({ items }),
      chatModel: new OpenAIChatModel({ baseURL: url, apiKey: 'test-key', maxRetries: 0, env: {} }),
      extractor,
    },
    env: {},
  });
}

function node(result: Awaited<ReturnType<MultiHopCapability['execute']>>, id: number) {
  return result.result.hops.flatMap((hop) => hop.nodes ?? []).find((entry) => entry.id === id);
}

describe.runIf(shipped)('rewriter.kind trained, with a plan from a real OpenAI-compatible server', () => {
  it('grounds each node of a 3-step chain with its own parent, referred to in words', async () => {
    const rag = await capability([
      { id: 0, question: 'Who directed The Lantern Field?', refs: [] },
      { id: 1, question: 'In which city was this director born?', refs: [0] },
      { id: 2, question: 'Which river flows through that city?', refs: [1] },
    ]);
    const result = await rag.execute({
      query: 'Which river flows through the city where the director of The Lantern Field was born?',
    });
    expect(node(result, 1)?.groundedQuestion).toBe('In which city was Ines Marlow born?');
    expect(node(result, 1)?.groundingMethod).toBe('rewritten');
    expect(node(result, 2)?.groundedQuestion).toBe('Which river flows through Corvelle?');
    expect(node(result, 2)?.rewrite).toMatchObject({ outcome: 'rewritten' });
    expect(result.answer).toBe('the Aubel');
    expect(server.chatRequests).toHaveLength(1);
    expect(result.metadata.multi_hop.rewriter).toMatchObject({ calls: 2, fallbacks: 0, input_tokens: 0 });
    await rag.close();
  });

  it('puts a possessive in place of "his"', async () => {
    const rag = await capability([
      { id: 0, question: 'Who directed The Lantern Field?', refs: [] },
      { id: 1, question: 'In which city was his first film shot?', refs: [0] },
    ]);
    const result = await rag.execute({
      query: 'Where was the first film of the director of The Lantern Field shot?',
    });
    expect(node(result, 1)?.groundedQuestion).toBe("In which city was Ines Marlow's first film shot?");
    await rag.close();
  });

  it('takes rewriter.min_confidence as the model\'s floor: at 1 it declines even "this director"', async () => {
    const rag = await capability(
      [
        { id: 0, question: 'Who directed The Lantern Field?', refs: [] },
        { id: 1, question: 'In which city was this director born?', refs: [0] },
      ],
      1,
    );
    const result = await rag.execute({ query: 'In which city was the director of The Lantern Field born?' });
    const dependent = node(result, 1);
    expect(dependent?.rewrite).toMatchObject({ outcome: 'fallback' });
    expect(dependent?.rewrite?.reason).toMatch(
      /^declined \(not confident: "this director" at [01]\.\d\d, under 1\)/u,
    );
    expect(dependent?.groundedQuestion).toBe(dependent?.rewrite?.rulesQuestion);
    await rag.close();
  });

  it('declines when nothing in the sub-question refers to the parent, and the rules ground it (traced)', async () => {
    const rag = await capability([
      { id: 0, question: 'Who directed The Lantern Field?', refs: [] },
      { id: 1, question: 'Which river flows through Corvelle?', refs: [0] },
    ]);
    const result = await rag.execute({ query: 'Which river flows through Corvelle?' });
    const dependent = node(result, 1);
    expect(dependent?.groundingMethod).not.toBe('rewritten');
    expect(dependent?.groundedQuestion).toBe(dependent?.rewrite?.rulesQuestion);
    expect(dependent?.rewrite).toMatchObject({ outcome: 'fallback' });
    expect(dependent?.rewrite?.reason).toMatch(/^declined \(not confident: /u);
    expect(result.metadata.multi_hop.rewriter).toMatchObject({ calls: 1, fallbacks: 1 });
    await rag.close();
  });
});
