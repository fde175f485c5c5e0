import { Session } from 'node:inspector/promises';
import type { AnswerExtractor, ExtractOptions } from '@rootweaver/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeuristicExtractor } from '../extraction/index.js';
import { founderChainItems, InMemoryStore, InstrumentedStore, ScriptedExtractor } from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

const question = 'Where was the founder of Vorn Keep born?';

function engine(extractor: AnswerExtractor | undefined, store: InstrumentedStore) {
  return new MultiHopRAG({
    store,
    ...(extractor === undefined ? {} : { extractor }),
    config: { planner: 'compact', retrievalMode: 'lexical', compactionEnabled: true, compactionMaxChars: 60 },
  });
}

interface ScriptCoverage {
  readonly url: string;
  readonly functions: readonly {
    readonly functionName: string;
    readonly ranges: readonly { readonly startOffset: number; readonly count: number }[];
  }[];
}

/**
 * V8's precise coverage, function by function: which named functions of the engine's sources ran
 * since the last take. (Unnamed ones are left out: the test runner's module wrappers are unnamed.)
 */
class FunctionsRun {
  private readonly session = new Session();

  async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  }

  async take(): Promise<Set<string>> {
    const { result } = (await this.session.post('Profiler.takePreciseCoverage')) as {
      result: readonly ScriptCoverage[];
    };
    const run = new Set<string>();
    for (const script of result) {
      const file = /\/packages\/innovations\/src\/(.+)$/.exec(script.url)?.[1];
      if (file === undefined || /\.test\.ts$|^test\//.test(file)) continue;
      for (const fn of script.functions) {
        const range = fn.ranges[0];
        if (fn.functionName !== '' && range !== undefined && range.count > 0)
          run.add(`${file} ${fn.functionName}@${range.startOffset}`);
      }
    }
    return run;
  }

  async stop(): Promise<void> {
    await this.session.post('Profiler.stopPreciseCoverage');
    this.session.disconnect();
  }
}

/** The extractor the engine was given, with the functions that ran inside each of its calls recorded. */
class RecordingExtractor implements AnswerExtractor {
  readonly id: string;
  readonly insideCalls = new Set<string>();
  readonly outsideCalls = new Set<string>();

  constructor(
    private readonly inner: AnswerExtractor,
    private readonly coverage: FunctionsRun,
  ) {
    this.id = inner.id;
  }

  async extract(options: ExtractOptions) {
    for (const name of await this.coverage.take()) this.outsideCalls.add(name);
    const result = await this.inner.extract(options);
    for (const name of await this.coverage.take()) this.insideCalls.add(name);
    return result;
  }

  async flush(): Promise<void> {
    for (const name of await this.coverage.take()) this.outsideCalls.add(name);
  }

  clear(): void {
    this.insideCalls.clear();
    this.outsideCalls.clear();
  }
}

describe('MultiHopRAG.warmUp: the first question compiles nothing of the extractor and compaction', () => {
  const coverage = new FunctionsRun();
  beforeAll(() => coverage.start());
  afterAll(() => coverage.stop());

  it('a question after warm-up runs no extractor or compaction function that warm-up did not run first', async () => {
    // The engine's own default extractor; a fresh engine, nothing asked before.
    const extractor = new RecordingExtractor(new HeuristicExtractor(), coverage);
    const rag = engine(extractor, new InstrumentedStore(new InMemoryStore({ items: founderChainItems })));
    await coverage.take();
    await rag.warmUp();
    await extractor.flush();
    const warmedInside = new Set(extractor.insideCalls);
    const warmedAll = new Set([...extractor.insideCalls, ...extractor.outsideCalls]);
    extractor.clear();

    const answer = await rag.ask(question, { synthesis: 'extractive' });
    await extractor.flush();
    expect(answer.answer).toBe('Quillmoor');
    expect(answer.context.compacted).toBe(true); // the question went through compaction and both renderings

    // (the engine's own functions a call touches, such as its signal, are not the extractor's)
    const coldInExtractor = [...extractor.insideCalls].filter(
      (name) => !name.startsWith('engine/') && !warmedInside.has(name),
    );
    const coldInCompaction = [...extractor.outsideCalls].filter(
      (name) => name.startsWith('compaction/') && !warmedAll.has(name),
    );
    expect(coldInExtractor).toEqual([]);
    expect(coldInCompaction).toEqual([]);
    // and it is not vacuous: the question did run extractor and compaction code
    expect(extractor.insideCalls.size).toBeGreaterThan(5);
    expect(
      [...extractor.outsideCalls].filter((name) => name.startsWith('compaction/')).length,
    ).toBeGreaterThan(3);
  });
});

describe('MultiHopRAG.warmUp', () => {
  it('calls the extractor on invented evidence only, retrieves nothing and reports the time it spent', async () => {
    const extractor = new ScriptedExtractor([]);
    const store = new InstrumentedStore(new InMemoryStore({ items: founderChainItems }));
    const started = performance.now();
    const { durationMs } = await engine(extractor, store).warmUp();
    const elapsed = performance.now() - started;
    expect(durationMs).toBeGreaterThan(0);
    expect(durationMs).toBeLessThanOrEqual(elapsed);
    expect(extractor.calls.length).toBeGreaterThanOrEqual(5);
    const storedIds = new Set(founderChainItems.map((item) => item.id));
    for (const call of extractor.calls)
      expect(call.evidence.every((hit) => !storedIds.has(hit.id))).toBe(true);
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
