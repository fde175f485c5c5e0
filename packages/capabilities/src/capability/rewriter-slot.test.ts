import { FakeChatModel, InMemoryStore, qaItem, ScriptedExtractor } from '@rootweaver/core/test';
import { type MultiHopConfigInput, resolveMultiHopConfig } from '@rootweaver/innovations';
import { OpenAICompatibleTestServer } from '@rootweaver/providers/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multiHopFlagNames } from '../flags/flag-names.js';
import { FakeFlagSource } from '../test/fake-flag-source.js';
import { MultiHopCapability } from './multi-hop-capability.js';

// The rewriter slot over a real socket and the real openai SDK: a small model's server (the test server)
// grounds the dependent node; the main LLM (scripted) only decomposes. Invented entities throughout.
const items = [
  qaItem({ id: 'founder', question: 'Who founded Gull House Press?', answer: 'Odile Varga' }),
  qaItem({ id: 'birthplace', question: 'Where was Odile Varga born?', answer: 'Tarrow' }),
];
const plan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who founded Gull House Press?', refs: [] },
    { id: 1, question: 'Where was the latter born?', refs: [0] },
  ],
});
const query = 'Where was the founder of Gull House Press born?';
const rewriteRequest = 'Question: Where was the latter born?';

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
  rewriter: NonNullable<MultiHopConfigInput['rewriter']>,
  env: Record<string, string> = {},
) {
  return MultiHopCapability.create({
    config: resolveMultiHopConfig({
      retrievalMode: 'lexical',
      topK: 1,
      synthesis: 'extractive',
      rewriter: { kind: 'llm', model: 'tiny-rewriter', baseUrl: url, ...rewriter },
    }),
    flagSource: new FakeFlagSource({ toggles: { [multiHopFlagNames.enabled]: true } }),
    providers: {
      store: new InMemoryStore({ items }),
      chatModel: new FakeChatModel().on('Decompose the question into atomic', plan),
      extractor: new ScriptedExtractor([
        { match: 'Who founded Gull House Press', answer: 'Odile Varga', confidence: 0.9 },
        { match: 'Where was Odile Varga born', answer: 'Tarrow', confidence: 0.9 },
      ]),
    },
    env,
  });
}

function dependentNode(result: Awaited<ReturnType<MultiHopCapability['execute']>>) {
  return result.result.hops.flatMap((hop) => hop.nodes ?? []).find((node) => node.id === 1);
}

describe('the rewriter slot through MultiHopCapability and a real OpenAI-compatible server', () => {
  it("changes the grounded question, with its calls and tokens apart from the main LLM's", async () => {
    server.onChat(rewriteRequest, 'Where was Odile Varga born?');
    const rag = await capability({});
    const result = await rag.execute({ query });
    const node = dependentNode(result);
    expect(node?.groundedQuestion).toBe('Where was Odile Varga born?');
    expect(node?.groundingMethod).toBe('rewritten');
    expect(node?.rewrite).toMatchObject({ outcome: 'rewritten', modelId: 'llm:tiny-rewriter' });
    expect(result.answer).toBe('Tarrow');
    expect(server.chatRequests).toHaveLength(1);
    expect(server.chatRequests[0]?.body).toMatchObject({
      model: 'tiny-rewriter',
      temperature: 0,
      max_tokens: 64,
    });
    const metadata = result.metadata.multi_hop;
    expect(metadata.llm_calls).toBe(1);
    expect(metadata.rewriter).toMatchObject({
      model: 'llm:tiny-rewriter',
      calls: 1,
      fallbacks: 0,
      output_tokens: 5,
    });
    expect(metadata.rewriter?.input_tokens).toBeGreaterThan(0);
    // The main LLM's figures are its decomposition alone.
    const decompose = result.result.usage.byStage.decompose;
    expect(metadata.tokens).toBe((decompose?.inputTokens ?? 0) + (decompose?.outputTokens ?? 0));
    await rag.close();
  });

  it.each([
    [
      'HTTP 500',
      () => server.injectFault({ kind: 'server-error', status: 500 }),
      {},
      'error (llm-unavailable)',
    ],
    [
      'a reply past timeout_ms',
      () => server.injectFault({ kind: 'slow', delayMs: 5_000 }),
      { timeoutMs: 150 },
      'timeout (150 ms)',
    ],
    ['a cut-off body', () => server.injectFault({ kind: 'truncated-json' }), {}, 'error (llm-bad-response)'],
    [
      'garbage text',
      () => server.onChat(rewriteRequest, '{"rewritten": [1, 2'),
      {},
      "implausible: drops the parents' answers",
    ],
    [
      'a rewrite that drops the answer',
      () => server.onChat(rewriteRequest, 'Where was the founder born?'),
      {},
      "implausible: drops the parents' answers",
    ],
  ] as const)(
    'falls back to the rules on %s, traced, once (no retries)',
    async (_name, arrange, settings, reason) => {
      arrange();
      const rag = await capability(settings);
      const result = await rag.execute({ query });
      const node = dependentNode(result);
      expect(node?.groundingMethod).not.toBe('rewritten');
      expect(node?.groundedQuestion).toBe(node?.rewrite?.rulesQuestion);
      expect(node?.rewrite).toMatchObject({ outcome: 'fallback', reason });
      expect(result.metadata.multi_hop.rewriter).toMatchObject({ calls: 1, fallbacks: 1 });
      expect(result.result.refusal).toBeUndefined();
      expect(server.chatRequests).toHaveLength(1);
      await rag.close();
    },
  );

  it('sends ROOTWEAVER_REWRITER_API_KEY to its server, and never the main OPENAI_API_KEY', async () => {
    server.onChat(rewriteRequest, 'Where was Odile Varga born?');
    const main = 'sk-main-key-never-sent-elsewhere';
    const withKey = await capability(
      {},
      { OPENAI_API_KEY: main, ROOTWEAVER_REWRITER_API_KEY: 'rewriter-key-1' },
    );
    await withKey.execute({ query });
    const withoutKey = await capability({}, { OPENAI_API_KEY: main });
    await withoutKey.execute({ query });
    expect(server.chatRequests.map((request) => request.headers.authorization)).toEqual([
      'Bearer rewriter-key-1',
      'Bearer no-key-needed',
    ]);
    await withKey.close();
    await withoutKey.close();
  });

  it('refuses to start with kind llm and no model, saying where to name one', async () => {
    await expect(capability({ model: undefined })).rejects.toThrow(
      /rewriter\.model.*ROOTWEAVER_REWRITER_MODEL/,
    );
  });

  it('with kind rules makes no request and reports no rewriter', async () => {
    const rag = await capability({ kind: 'rules' });
    const result = await rag.execute({ query });
    expect(server.chatRequests).toHaveLength(0);
    expect(result.metadata.multi_hop.rewriter).toBeNull();
    expect(dependentNode(result)?.rewrite).toBeUndefined();
    await rag.close();
  });
});
