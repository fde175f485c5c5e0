import { describe, expect, it } from 'vitest';
import { HeuristicExtractor } from '../extraction/index.js';
import { founderChainItems, InMemoryStore, InstrumentedStore, ScriptedExtractor } from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

const question = 'Where was the founder of Vorn Keep born?';

function engine(extractor: HeuristicExtractor | ScriptedExtractor, store: InstrumentedStore) {
  return new MultiHopRAG({ store, extractor, config: { planner: 'compact', retrievalMode: 'lexical' } });
}

describe('MultiHopRAG.warmUp', () => {
  it('runs the extractor on invented text, retrieves nothing and reports how long it took', async () => {
    const extractor = new ScriptedExtractor([]);
    const store = new InstrumentedStore(new InMemoryStore({ items: founderChainItems }));
    const { durationMs } = await engine(extractor, store).warmUp();
    expect(durationMs).toBeGreaterThanOrEqual(0);
    expect(extractor.calls.length).toBeGreaterThanOrEqual(5);
    expect(store.log).toHaveLength(0);
  });

  it('leaves the next answers as they would have been', async () => {
    const store = () => new InstrumentedStore(new InMemoryStore({ items: founderChainItems }));
    const warmed = engine(new HeuristicExtractor(), store());
    await warmed.warmUp();
    const after = await warmed.ask(question, { synthesis: 'extractive' });
    const cold = await engine(new HeuristicExtractor(), store()).ask(question, { synthesis: 'extractive' });
    expect(after.answer).toBe(cold.answer);
    expect(after.pool).toEqual(cold.pool);
    expect(after.hops.map(({ llmLatencyMs: _latency, ...hop }) => hop)).toEqual(
      cold.hops.map(({ llmLatencyMs: _latency, ...hop }) => hop),
    );
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const store = new InstrumentedStore(new InMemoryStore({ items: founderChainItems }));
    await expect(
      engine(new HeuristicExtractor(), store).warmUp({ signal: controller.signal }),
    ).rejects.toThrow();
  });
});
