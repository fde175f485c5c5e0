import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePlan, planFromValue } from './parse-plan.js';
import { topologicalLayers, validatePlan } from './validate-plan.js';

/** Reads the reference run's recorded decompositions from ../shared/datasets when they are there. */
const datasets = fileURLToPath(new URL('../../../../../shared/datasets/compactrag/', import.meta.url));
const files = ['2wiki', 'hotpotqa', 'musique'].map((name) => `${datasets}${name}/questions.dev.jsonl`);
const present = files.every((file) => existsSync(file));
if (!present) {
  console.log(
    `recorded-plans.test.ts: skipped — ${datasets} is missing (it lives beside the project checkout).`,
  );
}

interface RecordedQuestion {
  readonly id: string;
  readonly plan: { index: number; question: string; refs: number[] }[] | null;
  readonly planRaw?: string[];
}

const records: RecordedQuestion[] = present
  ? files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim().length > 0)
        .map((line) => JSON.parse(line) as RecordedQuestion),
    )
  : [];

describe.skipIf(!present)('the reference run’s recorded plans', () => {
  it('reads every well-formed recorded plan exactly as recorded, with no repairs', () => {
    const clean = records.filter((record) => record.plan !== null);
    expect(clean.length).toBeGreaterThan(250);
    for (const record of clean) {
      const result = parsePlan(JSON.stringify(record.plan));
      if (!('plan' in result)) throw new Error(`${record.id}: ${result.error}`);
      expect(result.plan.nodes, record.id).toEqual(
        (record.plan ?? []).map((node) => ({ id: node.index, question: node.question, refs: node.refs })),
      );
      expect(result.plan.repairs, record.id).toEqual([]);
    }
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
