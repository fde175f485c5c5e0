import { type AskOptions, type MultiHopAnswer, RootweaverError } from '@rootweaver/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { MultiHopEngine } from '../capability/multi-hop-engine.js';
import { FakeMultiHopEngine } from '../test/fake-multi-hop-engine.js';
import { createTestHttpServers, readEventStream } from '../test/http-test-server.js';

const servers = createTestHttpServers();
afterEach(() => servers.close());
const start = (engine?: MultiHopEngine) => servers.start(engine === undefined ? {} : { engine });

function ask(base: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(`${base}/v1/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** An engine that starts a run (a plan), then fails or waits for its signal, as told. */
function stallingEngine(input: { failAfterPlan?: Error }): MultiHopEngine & { aborted: Promise<unknown> } {
  const fake = new FakeMultiHopEngine();
  let reportAbort: (reason: unknown) => void = () => {};
  const aborted = new Promise<unknown>((resolve) => {
    reportAbort = resolve;
  });
  const ask = async (question: string, options: AskOptions = {}): Promise<MultiHopAnswer> => {
    options.onEvent?.({
      type: 'plan',
      plan: { nodes: [{ id: 1, question, refs: [] }], source: 'rules', repairs: [] },
    });
    if (input.failAfterPlan !== undefined) throw input.failAfterPlan;
    const signal = options.signal;
    await new Promise<void>((resolve) => {
      if (signal?.aborted === true) resolve();
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    reportAbort(signal?.reason);
    const answer = await fake.ask(question, {});
    return { ...answer, refusal: 'aborted', grounded: false };
  };
  return { ask, askSinglePass: ask, aborted };
}

describe('POST /v1/ask as Server-Sent Events', () => {
  it('streams the run with Accept: text/event-stream, finished last with the JSON body and metadata', async () => {
    const { base } = await start();
    const response = await ask(base, { query: 'Who built the tower?' }, { Accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    const events = await readEventStream(response);
    const types = events.map((event) => event.event);
    expect(types.slice(0, 4)).toEqual(['plan', 'node-started', 'retrieved', 'node-answered']);
    expect(types.at(-1)).toBe('finished');
    expect(types.filter((type) => type === 'finished')).toHaveLength(1);
    expect(events.map((event) => Number(event.id))).toEqual(events.map((_, index) => index + 1));
    for (const event of events) expect((event.data as { type: string }).type).toBe(event.event);
    const deltas = events
      .filter((event) => event.event === 'answer-delta')
      .map((event) => (event.data as { delta: string }).delta)
      .join('');
    const finished = events.at(-1)?.data as { answer: string; metadata: { multi_hop: { planner: string } } };
    expect(deltas).toBe('answer to Who built the tower? by compact');
    expect(finished.answer).toBe(deltas);
    expect(finished.metadata.multi_hop.planner).toBe('compact');
    expect(finished).not.toHaveProperty('trace');

    // The same run as JSON: the finished event's body is the JSON answer (but for its type and latency).
    const json = (await (await ask(base, { query: 'Who built the tower?' })).json()) as Record<
      string,
      unknown
    >;
    const { type: _type, ...streamed } = finished as unknown as Record<string, unknown>;
    const withoutLatency = (body: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(body), (key, value) => (key === 'latency_ms' ? 0 : value));
    expect(withoutLatency(streamed)).toEqual(withoutLatency(json));
  });

  it('"stream": true streams too (it was 422 before), and "trace": true puts the trace in finished', async () => {
    const { base } = await start();
    const response = await ask(base, { query: 'Who?', stream: true, trace: true });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEventStream(response);
    const finished = events.at(-1);
    expect(finished?.event).toBe('finished');
    expect((finished?.data as { trace: { hops: unknown[] } } | undefined)?.trace.hops).toHaveLength(3);
    const notStreamed = await ask(base, { query: 'Who?', stream: false });
    expect(notStreamed.headers.get('content-type')).toContain('application/json');
  });

  it('bad input and a run that fails before its first event get a status code, not a stream', async () => {
    const { base } = await start();
    const invalid = await ask(base, { query: '' }, { Accept: 'text/event-stream' });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { error: { code: string } }).error.code).toBe('invalid-input');
    const failing = await start(
      new FakeMultiHopEngine({ failWith: new RootweaverError('llm-unavailable', 'LLM down') }),
    );
    const failed = await ask(failing.base, { query: 'Who?', stream: true });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('llm-unavailable');
  });

  it('a run that fails after it began ends the stream with an error event, secrets redacted', async () => {
    const engine = stallingEngine({
      failAfterPlan: new RootweaverError('llm-timeout', 'LLM timed out (api_key=sk-abcdefghijklmnop)'),
    });
    const { base } = await start(engine);
    const response = await ask(base, { query: 'Who?' }, { Accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    const events = await readEventStream(response);
    expect(events.map((event) => event.event)).toEqual(['plan', 'error']);
    expect(events[1]?.data).toMatchObject({ type: 'error', error: { code: 'llm-timeout' } });
    expect(JSON.stringify(events)).not.toContain('sk-abcdefghijklmnop');
  });

  it('closing the connection mid-stream cancels the run', async () => {
    const engine = stallingEngine({});
    const { base, registry } = await start(engine);
    const client = new AbortController();
    const response = await ask(base, { query: 'Who?' }, { Accept: 'text/event-stream' }, client.signal);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('event: plan');
    client.abort();
    const reason = await engine.aborted;
    expect(String(reason)).toMatch(/client disconnected|closed/);
    // The run ended as a refusal (aborted), recorded once.
    await expect
      .poll(() => registry.metrics())
      .toContain('multi_hop_requests_total{planner="compact",outcome="refused"} 1');
  });
});
