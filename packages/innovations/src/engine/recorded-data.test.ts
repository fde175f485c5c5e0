import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { KnowledgeItem, MultiHopAnswer, PlannerName } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { planFromValue } from '../plan/parse-plan.js';
import { InMemoryStore } from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

/**
 * ADR-077's invariant on real data: the 2wiki questions of ../shared/datasets (beside the checkout)
 * over the LLaMA-8B atomic QA knowledge base, no LLM (recorded plans replayed for compact, rule
 * plans for keyterm), the package's own heuristics, lexical retrieval. Skips when the data is absent.
 */
const folder = fileURLToPath(new URL('../../../../../shared/datasets/compactrag/2wiki/', import.meta.url));
const present = existsSync(`${folder}kb.llama8b.jsonl`) && existsSync(`${folder}questions.dev.jsonl`);
if (!present)
  console.log(`recorded-data.test.ts: skipped — ${folder} is missing (it lives beside the checkout).`);

const sampleSize = 6;
const budget = 400;

function load(): {
  store: InMemoryStore;
  questions: { question: string; plan: unknown; planRaw?: unknown }[];
} {
  const lines = (file: string) =>
    readFileSync(`${folder}${file}`, 'utf8')
      .split('\n')
      .filter((line) => line.trim().length > 0);
  const items: KnowledgeItem[] = lines('kb.llama8b.jsonl').flatMap((line, passageIndex) => {
    const passage = JSON.parse(line) as {
      title: string;
      passage: string;
      qa: { question: string; answer: string }[];
    };
    return passage.qa.map((pair, pairIndex) => ({
      id: `${passageIndex}-${pairIndex}`,
      documentId: String(passageIndex),
      kind: 'qa' as const,
      text: `${pair.question} ${pair.answer}`,
      title: passage.title,
      passage: passage.passage,
      question: pair.question,
      answer: pair.answer,
    }));
  });
  const all = lines('questions.dev.jsonl').map((line) => JSON.parse(line));
  const step = Math.floor(all.length / sampleSize);
  return {
    store: new InMemoryStore({ items }),
    questions: all.filter((_record, index) => index % step === 0).slice(0, sampleSize),
  };
}

const trajectory = (answer: MultiHopAnswer) => ({
  hops: answer.hops.map((hop) => [hop.kind, hop.subQuestions, hop.itemsAdded, hop.forcedStop ?? null]),
  pool: answer.pool.map((item) => item.id),
});

describe.skipIf(!present)(`2wiki, ${sampleSize} questions, compaction at ${budget} characters`, () => {
  const data = present ? load() : undefined;
  it.each(['compact', 'keyterm'] as PlannerName[])(
    '%s: identical trajectory on and off, bounded context',
    async (planner) => {
      if (data === undefined) return;
      const ratios: number[] = [];
      for (const record of data.questions) {
        const parsed = planFromValue(record.plan ?? record.planRaw);
        const options = planner === 'compact' && 'plan' in parsed ? { plan: parsed.plan } : {};
        const config = { planner, retrievalMode: 'lexical' as const, topK: 3 };
        const off = await new MultiHopRAG({ store: data.store, config }).ask(record.question, options);
        const on = await new MultiHopRAG({
          store: data.store,
          config: { ...config, compactionEnabled: true, compactionMaxChars: budget },
        }).ask(record.question, options);
        expect(trajectory(on), record.question).toEqual(trajectory(off));
        expect(on.context.chars).toBeLessThanOrEqual(budget);
        expect(on.context.uncompactedChars).toBe(off.context.chars);
        if (off.context.chars > 0) ratios.push(on.context.chars / off.context.chars);
      }
      ratios.sort((left, right) => left - right);
      console.log(
        `${planner}: median synthesis-context chars on/off ${ratios[Math.floor(ratios.length / 2)]?.toFixed(2)} over ${ratios.length} questions`,
      );
    },
  );
});
