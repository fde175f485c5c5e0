import { loadGoldenSet } from '@rootweaver/eval';
import { HeuristicExtractor, MultiHopRAG } from '@rootweaver/innovations';
import { afterAll, bench, describe } from 'vitest';
import { openEngine } from './open-engine.js';
import { cacheDirectoryFor, goldenSetPath } from './repo-root.js';
import { ensureSampleIndex } from './sample-index.js';
import { createRecordingIo } from './test-io.js';

// Non-LLM time per question (issue 17 part 5) on the project's own sample corpus: the rule-built sample
// index (built once, cached like `serve`'s) and the golden set's questions, one question per
// iteration in turn, no LLM (rule plans, composed or extractive answers). The engine is the one
// `eval` and `serve` use (`openEngine`: the configured extractor, the heuristic by default; one
// extractor, its text analyses kept across questions); the second bench gives each question a fresh
// extractor, as every question paid before the analyses were kept.

const io = createRecordingIo({ env: {} });
const sample = await ensureSampleIndex({ cacheDirectory: cacheDirectoryFor(io), env: {} });
const opened = await openEngine({
  io,
  source: { kind: 'index', path: sample.directory },
  settings: { configPath: undefined, overrides: {} },
});
const questions = (await loadGoldenSet(goldenSetPath)).questions.map((question) => question.query);
// A question that would need the synthesis call gets its extractive answer, as in `eval` (no LLM here).
const askOptions = { planner: 'compact', synthesis: 'auto', synthesisFallback: 'extractive' } as const;

afterAll(async () => {
  await opened.close();
});

function rotation(): () => string {
  let next = 0;
  return () => {
    const question = questions[next % questions.length] ?? '';
    next += 1;
    return question;
  };
}

/** An engine like `opened.engine` but with an extractor of its own: no analysis carried over. */
function freshEngine(): MultiHopRAG {
  return new MultiHopRAG({
    store: opened.providers.store,
    extractor: new HeuristicExtractor(),
    // The configured rewriter slot (the trained rewriter by default): a config that names one needs it given.
    rewriter: opened.rewriter,
    config: opened.config,
  });
}

describe(`time per question, no LLM: ${questions.length} golden questions on the sample index (${opened.extractorDescription.replace(/ from .*/, '')})`, () => {
  const shared = rotation();
  bench(
    'one question (extractor and its text analyses kept across questions, as eval and serve run)',
    async () => {
      await opened.engine.ask(shared(), askOptions);
    },
  );
  const fresh = rotation();
  bench('one question, a fresh extractor each time (nothing kept from earlier questions)', async () => {
    await freshEngine().ask(fresh(), askOptions);
  });
});
