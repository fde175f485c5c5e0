import { bench, describe } from 'vitest';
import { asPythonLiteral, malformedPlanRaws } from '../plan/fixtures/malformed-plan-raw.js';
import { parsePlan } from '../plan/parse-plan.js';
import {
  citeLineWith,
  engineWorldItems,
  FakeChatModel,
  InMemoryStore,
  lastAnswerComposition,
  placeholderGrounding,
  promptOf,
  ScriptedExtractor,
} from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

/**
 * The engine's own overhead per question (planning, pool, context, compaction, citations, trace),
 * with a zero-latency scripted model and the in-memory store over the 11-pair engine world: what a
 * question costs beyond its LLM calls and retrievals.
 */
const question = 'What university did the director of Inception attend?';
const store = new InMemoryStore({ items: engineWorldItems });
const extractor = new ScriptedExtractor([
  { match: 'Who directed Inception', answer: 'Christopher Nolan', confidence: 0.9 },
  {
    match: 'What university did Christopher Nolan attend',
    answer: 'University College London',
    confidence: 0.9,
  },
]);
const answerPolicy = { ground: placeholderGrounding, compose: lastAnswerComposition };
const chainPlan = JSON.stringify({
  subQuestions: [
    { id: 0, question: 'Who directed Inception?', refs: [] },
    { id: 1, question: 'What university did [director] attend?', refs: [0] },
  ],
});

const compactModel = new FakeChatModel()
  .on('Decompose the question into atomic', chainPlan)
  .on('Sub-questions, answers and evidence', citeLineWith('Nolan attend', 'University College London'));
const compact = (synthesis: 'auto' | 'llm', compactionEnabled: boolean) =>
  new MultiHopRAG({
    chatModel: compactModel,
    store,
    extractor,
    answerPolicy,
    config: {
      planner: 'compact',
      retrievalMode: 'lexical',
      topK: 3,
      synthesis,
      compactionEnabled,
      compactionMaxChars: 200,
    },
  });

const adaptiveModel = new FakeChatModel()
  .on('by multi-hop reasoning', '["Who directed Inception?"]')
  .on(
    (options) =>
      promptOf(options).includes('Is more retrieval needed?') && !promptOf(options).includes('Nolan attend'),
    '["What university did Christopher Nolan attend?"]',
  )
  .on('Is more retrieval needed?', '[]')
  .on('Answer from the numbered evidence', citeLineWith('Nolan attend', 'University College London'));
const adaptive = new MultiHopRAG({
  chatModel: adaptiveModel,
  store,
  extractor,
  config: { planner: 'adaptive', retrievalMode: 'lexical', topK: 3 },
});

const keyterm = new MultiHopRAG({
  store,
  extractor,
  answerPolicy: {
    ...answerPolicy,
    decompose: () => ({
      source: 'rules',
      repairs: [],
      nodes: [
        { id: 0, question: 'Who directed Inception?', refs: [] },
        { id: 1, question: 'What university did [director] attend?', refs: [0] },
      ],
    }),
  },
  config: { planner: 'keyterm', retrievalMode: 'lexical', topK: 3 },
});

describe('MultiHopRAG.ask, engine overhead per question (scripted model, in-memory store)', () => {
  bench('compact, composed (1 LLM call)', async () => {
    await compact('auto', false).ask(question);
  });
  bench('compact, synthesis call, compaction on (2 LLM calls)', async () => {
    await compact('llm', true).ask(question);
  });
  bench('adaptive, 2 rounds (4 LLM calls)', async () => {
    await adaptive.ask(question);
  });
  bench('keyterm, no LLM (rule plan, composed)', async () => {
    await keyterm.ask(question);
  });
});

const malformedTexts = malformedPlanRaws.map((record) => asPythonLiteral(record.planRaw));
describe('parsePlan', () => {
  bench('the 4 malformed recorded plans (Python token lists)', () => {
    for (const text of malformedTexts) parsePlan(text);
  });
  bench('a clean compact-v1 plan in prose and a code fence', () => {
    parsePlan(`Here is the plan:\n\`\`\`json\n${chainPlan}\n\`\`\``);
  });
});
