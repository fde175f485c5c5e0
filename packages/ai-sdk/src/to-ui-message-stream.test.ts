import { abortable, type ChatModel, type MultiHopAnswer, RootweaverError } from '@rootweaver/core';
import { MultiHopRAG } from '@rootweaver/innovations';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunEvent, toUIMessageStream } from './to-ui-message-stream.js';

const question = 'What is the nationality of the director of The Copper Tide?';
let engine: Awaited<ReturnType<typeof openSampleEngine>>;
beforeAll(async () => {
  engine = await openSampleEngine();
});
afterAll(() => engine.close());

/** The last state of the message the AI SDK's own reader builds from the stream. */
async function lastMessage(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage | undefined> {
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, terminateOnError: true })) last = message;
  return last;
}

describe('toUIMessageStream', () => {
  it('renders a run as reasoning for the plan and each hop, the answer as text and the citations as sources', async () => {
    const answer = await engine.rag.ask(question);
    expect(answer.citations.length).toBeGreaterThan(0);
    const message = await lastMessage(toUIMessageStream(engine.rag.stream(question), { messageId: 'm1' }));
    expect(message?.id).toBe('m1');
    const parts = message?.parts ?? [];
    const reasoning = parts.flatMap((part) => (part.type === 'reasoning' ? [part.text] : []));
    // One part per hop, the plan in the decomposition's: every node's grounded question and answer is in them.
    expect(reasoning[0]).toMatch(/^Hop 0: decompose\nPlan \(rules\):\n#0 /);
    expect(reasoning.length).toBeGreaterThanOrEqual(3);
    for (const node of answer.plan?.nodes ?? []) expect(reasoning.join('')).toContain(node.question);
    const hopTrace = answer.hops.flatMap((hop) => hop.nodes ?? []);
    for (const node of hopTrace) expect(reasoning.join('')).toContain(`#${node.id} → "${node.answer}"`);
    expect(parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual([answer.answer]);
    const sources = parts.flatMap((part) => (part.type === 'source-document' ? [part] : []));
    expect(sources.map((source) => [source.sourceId, source.title])).toEqual(
      answer.citations.map((citation) => [citation.itemId, citation.title]),
    );
    expect(sources[0]?.providerMetadata?.rootweaver).toMatchObject({
      marker: answer.citations[0]?.marker,
      text: answer.citations[0]?.text,
    });
    expect(message?.metadata).toEqual({
      rootweaver: {
        grounded: true,
        refusal: null,
        planner: 'compact',
        llmCalls: 0,
        inputTokens: 0,
        outputTokens: 0,
      },
    });
  });

  it('says why for a refusal', async () => {
    const message = await lastMessage(toUIMessageStream(engine.rag.stream('Zyxwv qwerty plugh?')));
    const text = message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    expect(message?.metadata).toMatchObject({ rootweaver: { refusal: expect.any(String), grounded: false } });
    expect(text?.[0]).toMatch(/^No answer: /);
  });

  it('a run that fails ends with an error chunk that carries the RootweaverError message', async () => {
    async function* failing(): AsyncGenerator<RunEvent> {
      yield { type: 'hop-started', iteration: 1, kind: 'retrieve' };
      throw new RootweaverError('store-unavailable', 'The index is gone: rebuild it.');
    }
    const chunks: UIMessageChunk[] = [];
    const reader = toUIMessageStream(failing()).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'The index is gone: rebuild it.' });
    await expect(lastMessage(toUIMessageStream(failing()))).rejects.toThrow('The index is gone');
  });

  it('is pulled lazily, and cancelling the stream cancels the run', async () => {
    // An LLM that never answers: the run waits in its decomposition until it is cancelled.
    const waiting: ChatModel = {
      modelId: 'waiting',
      generate: ({ signal }) => abortable(new Promise<never>(() => {}), signal),
    };
    const rag = new MultiHopRAG({
      store: engine.store,
      chatModel: waiting,
      config: { retrievalMode: 'lexical' },
    });
    let finished: MultiHopAnswer | undefined;
    const events = rag.stream(question, {
      onEvent: (event) => {
        if (event.type === 'finished') finished = event.answer;
      },
    });
    const reader = toUIMessageStream(events).getReader();
    expect((await reader.read()).value).toEqual({ type: 'start' });
    expect((await reader.read()).value).toMatchObject({ type: 'reasoning-start' });
    expect(finished).toBeUndefined();
    await reader.cancel();
    expect(finished?.refusal).toBe('aborted');
  });
});
