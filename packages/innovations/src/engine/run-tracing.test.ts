import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { RootweaverError } from '@rootweaver/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { MultiHopConfigInput } from '../config.js';
import {
  FakeChatModel,
  FakeQuestionRewriter,
  InMemoryStore,
  placeholderGrounding,
  qaItem,
  ScriptedExtractor,
} from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

// Invented entities: a bridge, its designer and her birthplace; a second bridge for parallel nodes.
const items = [
  qaItem({
    id: 'harrow-designer',
    question: 'Who designed Harrow Bridge?',
    answer: 'Elsie Quarne',
    title: 'Harrow Bridge',
  }),
  qaItem({
    id: 'harrow-opened',
    question: 'When did Harrow Bridge open?',
    answer: '1871',
    title: 'Harrow Bridge',
  }),
  qaItem({
    id: 'quarne-born',
    question: 'Where was Elsie Quarne born?',
    answer: 'Dunmere',
    title: 'Elsie Quarne',
  }),
  qaItem({
    id: 'colvey-opened',
    question: 'When did Colvey Bridge open?',
    answer: '1902',
    title: 'Colvey Bridge',
  }),
];
const chainQuestion = 'Where was the designer of Harrow Bridge born?';
const chainPlan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who designed Harrow Bridge?', refs: [] },
    { id: 1, question: 'Where was [designer] born?', refs: [0] },
  ],
});
const parallelQuestion = 'Which opened first, Harrow Bridge or Colvey Bridge?';
const parallelPlan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'When did Harrow Bridge open?', refs: [] },
    { id: 1, question: 'When did Colvey Bridge open?', refs: [] },
  ],
});
const extractor = new ScriptedExtractor([
  { match: 'Who designed Harrow Bridge', answer: 'Elsie Quarne', confidence: 0.9 },
  { match: 'Where was Elsie Quarne born', answer: 'Dunmere', confidence: 0.8 },
  { match: 'When did Harrow Bridge open', answer: '1871', confidence: 0.9 },
  { match: 'When did Colvey Bridge open', answer: '1902', confidence: 0.9 },
]);

let provider: BasicTracerProvider | undefined;
afterEach(async () => {
  await provider?.shutdown();
  provider = undefined;
});

function traced(chatModel: FakeChatModel | undefined, config: MultiHopConfigInput = {}) {
  const exporter = new InMemorySpanExporter();
  provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const rag = new MultiHopRAG({
    ...(chatModel === undefined ? {} : { chatModel }),
    store: new InMemoryStore({ items }),
    extractor,
    answerPolicy: { ground: placeholderGrounding },
    config: { planner: 'compact', retrievalMode: 'lexical', topK: 2, ...config },
    tracer: provider.getTracer('rootweaver-test'),
  });
  return { rag, spans: () => exporter.getFinishedSpans() };
}

const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan): string => span.spanContext().spanId;
const named = (spans: readonly ReadableSpan[], name: string) => spans.filter((span) => span.name === name);
function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = named(spans, name);
  expect(found.map((span) => span.name)).toEqual([name]);
  return found[0] as ReadableSpan;
}
const childrenOf = (spans: readonly ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((span) => parentOf(span) === idOf(parent));

describe('OpenTelemetry spans of a run', () => {
  it('run → hops → nodes → retrieval and extraction; LLM calls with GenAI attributes; compaction', async () => {
    const chatModel = new FakeChatModel({ modelId: 'bridge-model', fallbackReply: 'Dunmere [1]' }).on(
      'Decompose the question into atomic',
      chainPlan,
    );
    const { rag, spans } = traced(chatModel, {
      synthesis: 'llm',
      compactionEnabled: true,
      compactionMaxChars: 60,
    });
    const answer = await rag.ask(chainQuestion);
    const all = spans();
    expect(all.every((span) => span.ended)).toBe(true);

    const run = only(all, 'rootweaver.run');
    expect(parentOf(run)).toBeUndefined();
    expect(new Set(all.map((span) => span.spanContext().traceId)).size).toBe(1);
    expect(run.attributes).toMatchObject({
      'rootweaver.planner': 'compact',
      'rootweaver.llm_calls': 2,
      'rootweaver.hops': answer.hops.length,
      'gen_ai.usage.input_tokens': answer.usage.inputTokens,
      'gen_ai.usage.output_tokens': answer.usage.outputTokens,
      'rootweaver.synthesis.mode': 'llm',
      'rootweaver.compaction.enabled': true,
      'rootweaver.context.chars': answer.context.chars,
    });

    const hops = childrenOf(all, run).filter((span) => span.name.startsWith('rootweaver.hop '));
    expect(hops.map((span) => span.name)).toEqual(answer.hops.map((hop) => `rootweaver.hop ${hop.kind}`));
    expect(hops.map((span) => span.attributes['rootweaver.hop.iteration'])).toEqual(
      answer.hops.map((hop) => hop.iteration),
    );

    // Each LLM call: `chat {model}`, a client span under its hop, GenAI request and usage attributes.
    const chats = named(all, 'chat bridge-model');
    expect(chats).toHaveLength(2);
    const byStage = answer.usage.byStage;
    for (const [chat, stage, hopName] of [
      [chats[0], 'decompose', 'rootweaver.hop decompose'],
      [chats[1], 'synthesize', 'rootweaver.hop synthesize'],
    ] as const) {
      expect(chat?.kind).toBe(SpanKind.CLIENT);
      expect(all.find((span) => idOf(span) === parentOf(chat as ReadableSpan))?.name).toBe(hopName);
      expect(chat?.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'bridge-model',
        'gen_ai.request.temperature': rag.config.temperature,
        'gen_ai.request.max_tokens': rag.config.maxOutputTokens,
        'gen_ai.usage.input_tokens': byStage[stage]?.inputTokens,
        'gen_ai.usage.output_tokens': byStage[stage]?.outputTokens,
        'rootweaver.llm.stage': stage,
      });
    }
    expect(chats[0]?.attributes['gen_ai.output.type']).toBe('json');
    expect(chats[1]?.attributes['gen_ai.output.type']).toBe('text');

    // Nodes under their retrieve hops, each with its retrieval and extraction.
    const nodes = named(all, 'rootweaver.node');
    expect(nodes.map((node) => node.attributes['rootweaver.node.id'])).toEqual([0, 1]);
    for (const node of nodes) {
      expect(all.find((span) => idOf(span) === parentOf(node))?.name).toBe('rootweaver.hop retrieve');
      expect(childrenOf(all, node).map((span) => span.name)).toEqual([
        'rootweaver.retrieve',
        'rootweaver.extract',
      ]);
      expect(node.attributes['rootweaver.node.evidence_count']).toBeGreaterThan(0);
    }
    const retrieval = named(all, 'rootweaver.retrieve')[0];
    expect(retrieval?.attributes).toMatchObject({
      'rootweaver.retrieval.top_k': 2,
      'rootweaver.retrieval.mode': 'lexical',
      'rootweaver.retrieval.hits': 2,
    });
    expect(named(all, 'rootweaver.extract')[1]?.attributes).toMatchObject({
      'rootweaver.extractor': 'scripted',
      'rootweaver.extraction.confidence': 0.8,
    });

    const compact = only(all, 'rootweaver.compact');
    expect(parentOf(compact)).toBe(idOf(run));
    expect(compact.attributes).toMatchObject({
      'rootweaver.compaction.enabled': true,
      'rootweaver.context.chars': answer.context.chars,
      'rootweaver.context.uncompacted_chars': answer.context.uncompactedChars,
    });
    expect(answer.context.compacted).toBe(true);

    // No question, prompt or answer text in any attribute.
    const values = all.flatMap((span) => Object.values(span.attributes).map(String));
    for (const text of [chainQuestion, 'Harrow Bridge', 'Elsie Quarne', 'Dunmere']) {
      expect(values.filter((value) => value.includes(text))).toEqual([]);
    }
  });

  it('parallel nodes of one layer each get their own retrieval and extraction', async () => {
    const chatModel = new FakeChatModel({ modelId: 'bridge-model' }).on(
      'Decompose the question into atomic',
      parallelPlan,
    );
    const { rag, spans } = traced(chatModel, { synthesis: 'extractive' });
    await rag.ask(parallelQuestion);
    const all = spans();
    const nodes = named(all, 'rootweaver.node');
    expect(nodes).toHaveLength(2);
    expect(parentOf(nodes[0] as ReadableSpan)).toBe(parentOf(nodes[1] as ReadableSpan));
    for (const node of nodes) {
      const work = childrenOf(all, node);
      expect(work.map((span) => span.name)).toEqual(['rootweaver.retrieve', 'rootweaver.extract']);
    }
    const extracted = nodes.map(
      (node) => childrenOf(all, node)[1]?.attributes['rootweaver.extraction.confidence'],
    );
    expect(extracted).toEqual([0.9, 0.9]);
  });

  it('a failed LLM call marks its span and, escaping ask, the run span; a cancelled run ends every span', async () => {
    const chatModel = new FakeChatModel({ modelId: 'bridge-model' }).on(
      'Decompose the question into atomic',
      {
        error: new RootweaverError('llm-unavailable', 'The model server is down.'),
      },
    );
    const failing = traced(chatModel);
    await expect(failing.rag.ask(chainQuestion)).rejects.toThrow('The model server is down.');
    const failed = failing.spans();
    const chat = only(failed, 'chat bridge-model');
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
    expect(chat.attributes['error.type']).toBe('llm-unavailable');
    expect(chat.events.map((event) => event.name)).toContain('exception');
    const run = only(failed, 'rootweaver.run');
    expect(run.status.code).toBe(SpanStatusCode.ERROR);
    expect(run.attributes['error.type']).toBe('llm-unavailable');
    expect(failed.every((span) => span.ended)).toBe(true);

    await provider?.shutdown();
    const slow = new FakeChatModel({ modelId: 'bridge-model' }).on(
      'Decompose the question into atomic',
      chainPlan,
      {
        delayMs: 5_000,
      },
    );
    const cancelled = traced(slow);
    const controller = new AbortController();
    const pending = cancelled.rag.ask(chainQuestion, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await pending).refusal).toBe('aborted');
    const all = cancelled.spans();
    expect(only(all, 'rootweaver.run').attributes['rootweaver.refusal']).toBe('aborted');
    expect(only(all, 'chat bridge-model').attributes['error.type']).toBe('aborted');
  });

  it("the rewriter slot's call is a chat span of its own, under the dependent node's hop", async () => {
    // A reference in words: an explicit placeholder is the rules' to fill, with no rewriter call.
    const chatModel = new FakeChatModel({ modelId: 'bridge-model' }).on(
      'Decompose the question into atomic',
      chainPlan.replace('[designer]', 'this designer'),
    );
    const exporter = new InMemorySpanExporter();
    provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const rag = new MultiHopRAG({
      chatModel,
      store: new InMemoryStore({ items }),
      extractor,
      rewriter: new FakeQuestionRewriter({ id: 'small-rewriter', reply: 'Where was Elsie Quarne born?' }),
      config: { planner: 'compact', retrievalMode: 'lexical', topK: 2, synthesis: 'extractive' },
      tracer: provider.getTracer('rootweaver-test'),
    });
    const answer = await rag.ask(chainQuestion);
    const all = exporter.getFinishedSpans();
    const rewrite = only(all, 'chat small-rewriter');
    expect(rewrite.kind).toBe(SpanKind.CLIENT);
    expect(rewrite.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'small-rewriter',
      'rootweaver.llm.stage': 'rewrite',
      'gen_ai.usage.input_tokens': answer.usage.rewrite?.inputTokens,
      'gen_ai.usage.output_tokens': answer.usage.rewrite?.outputTokens,
    });
    const parent = all.find((span) => idOf(span) === parentOf(rewrite));
    expect(parent?.name).toBe('rootweaver.hop retrieve');
    expect(parent?.attributes['rootweaver.hop.iteration']).toBe(2);
  });

  it('without a tracer the engine uses the global one: a no-op when no SDK is registered', async () => {
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items }),
      extractor,
      config: { retrievalMode: 'lexical' },
    });
    const answer = await rag.ask('Who designed Harrow Bridge?');
    expect(answer.answer).toBe('Elsie Quarne');
  });
});
