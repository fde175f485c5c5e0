import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePlan, planFromValue } from './parse-plan.js';
import { topologicalLayers, validatePlan } from './validate-plan.js';

/**
 * The reference run's recorded decompositions: always the vendored slice (test-fixtures/compactrag/,
 * see its README), and every dev question when ../shared/datasets sits beside the checkout.
 */
const names = ['2wiki', 'hotpotqa', 'musique'];
const vendored = fileURLToPath(new URL('../test-fixtures/compactrag/', import.meta.url));
const datasets = fileURLToPath(new URL('../../../../../shared/datasets/compactrag/', import.meta.url));
const files = names.map((name) => `${datasets}${name}/questions.dev.jsonl`);
const present = files.every((file) => existsSync(file));
if (!present) {
  console.log(`recorded-plans.test.ts: the whole-dev-split run is skipped — ${datasets} is missing.`);
}

interface RecordedQuestion {
  readonly id: string;
  readonly plan: { index: number; question: string; refs: number[] }[] | null;
  readonly planRaw?: string[];
}

function read(file: string): RecordedQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as RecordedQuestion);
}

/** A recorded plan read back exactly as recorded, with no repairs. */
function expectReadAsRecorded(record: RecordedQuestion): void {
  const result = parsePlan(JSON.stringify(record.plan));
  if (!('plan' in result)) throw new Error(`${record.id}: ${result.error}`);
  expect(result.plan.nodes, record.id).toEqual(
    (record.plan ?? []).map((node) => ({ id: node.index, question: node.question, refs: node.refs })),
  );
  expect(result.plan.repairs, record.id).toEqual([]);
}

describe('the vendored slice of recorded plans', () => {
  const slice = names.flatMap((name) => read(`${vendored}${name}.questions.jsonl`));

  it('reads every recorded plan exactly as recorded, and each is a valid, ordered graph', () => {
    expect(slice).toHaveLength(24);
    for (const record of slice) {
      expectReadAsRecorded(record);
      const parsed = parsePlan(JSON.stringify(record.plan));
      if (!('plan' in parsed)) throw new Error(parsed.error);
      const validated = validatePlan(parsed.plan);
      if (!('plan' in validated)) throw new Error(`${record.id}: ${validated.error}`);
      const layers = topologicalLayers(validated.plan);
      expect(layers.flat().length, record.id).toBe(validated.plan.nodes.length);
      // A node runs in a later layer than every node it refers to.
      const layerOf = new Map(layers.flatMap((layer, index) => layer.map((node) => [node.id, index])));
      for (const node of validated.plan.nodes)
        for (const ref of node.refs)
          expect(layerOf.get(ref), record.id).toBeLessThan(layerOf.get(node.id) ?? 0);
    }
  });

  it('reads the same plans when an LLM wraps them in a code fence or in prose', () => {
    for (const record of slice) {
      const json = JSON.stringify(record.plan);
      for (const text of [`\`\`\`json\n${json}\n\`\`\``, `Here is the plan:\n${json}\nI hope this helps.`]) {
        const result = parsePlan(text);
        if (!('plan' in result)) throw new Error(`${record.id}: ${result.error}`);
        expect(
          result.plan.nodes.map((node) => [node.id, node.question, node.refs]),
          record.id,
        ).toEqual((record.plan ?? []).map((node) => [node.index, node.question, node.refs]));
      }
    }
  });
});

const records: RecordedQuestion[] = present ? files.flatMap(read) : [];

describe.skipIf(!present)('the reference run’s recorded plans', () => {
  it('reads every well-formed recorded plan exactly as recorded, with no repairs', () => {
    const clean = records.filter((record) => record.plan !== null);
    expect(clean.length).toBeGreaterThan(250);
    for (const record of clean) expectReadAsRecorded(record);
  });

  it('repairs every malformed one into a valid plan', () => {
    const malformed = records.filter((record) => record.plan === null);
    expect(malformed.length).toBe(4);
    for (const record of malformed) {
      const parsed = planFromValue(record.planRaw);
      if (!('plan' in parsed)) throw new Error(`${record.id}: ${parsed.error}`);
      const validated = validatePlan(parsed.plan);
      expect('plan' in validated, record.id).toBe(true);
    }
  });

  it('validates and orders the recorded plans, reporting the invalid ones by reason', () => {
    const reasons = new Map<string, number>();
    let valid = 0;
    for (const record of records) {
      const parsed =
        record.plan === null ? planFromValue(record.planRaw) : parsePlan(JSON.stringify(record.plan));
      if (!('plan' in parsed)) throw new Error(parsed.error);
      const validated = validatePlan(parsed.plan);
      if ('plan' in validated) {
        valid += 1;
        const layers = topologicalLayers(validated.plan);
        expect(layers.flat().length).toBe(validated.plan.nodes.length);
      } else {
        const reason = validated.error.replace(/\d+/g, 'N');
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
    }
    console.log(`recorded plans: ${valid} of ${records.length} valid`, Object.fromEntries(reasons));
    expect(valid).toBeGreaterThan(records.length * 0.9);
  });
});
