import { describe, expect, it } from 'vitest';
import { fuzzCase } from './fuzz-cases.js';
import { renderFuzzReport, runFuzz } from './run-fuzz.js';

// The CI form of the fuzz suite (issue 16): a few hundred seeded cases; `pnpm fuzz --cases 10000` runs the long form.
describe('the engine against a hostile OpenAI-compatible server', () => {
  it('300 seeded cases: no crash, no unhandled rejection, every run settles by its deadline + 1 s as an answer, a refusal or a typed error', async () => {
    const report = await runFuzz({ seed: 16, cases: 300, concurrency: 24 });
    console.log(renderFuzzReport(report));
    expect(report.failures).toEqual([]);
    expect(report.unhandledRejections).toBe(0);
    expect(report.uncaughtExceptions).toBe(0);
    expect(report.maxOverrunMs).toBeLessThanOrEqual(1_000);
    // The cases reach every planner and both outcomes: the suite is not vacuous.
    expect(report.answered).toBeGreaterThan(0);
    expect(Object.keys(report.errors).length).toBeGreaterThan(2);
    expect(report.forcedStops.deadline ?? 0).toBeGreaterThan(0);
  }, 60_000);

  it('is seeded: the same seed and index give the same case', () => {
    expect(JSON.stringify(fuzzCase(7, 42))).toBe(JSON.stringify(fuzzCase(7, 42)));
    expect(JSON.stringify(fuzzCase(7, 42))).not.toBe(JSON.stringify(fuzzCase(8, 42)));
  });
});
