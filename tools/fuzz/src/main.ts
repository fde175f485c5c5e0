#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { renderFuzzReport, runFuzz } from './run-fuzz.js';

// `pnpm fuzz --cases 10000 [--seed N] [--first N] [--concurrency N]`: the long form of the CI fuzz suite
// (`--first 433 --cases 1` replays one case).
// `pnpm <script> -- --flag` passes the `--` through: read what follows it as options.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: {
    cases: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '16' },
    first: { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '16' },
  },
});
const integer = (name: string, text: string | undefined): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`fuzz: --${name} must be a whole number (got ${String(text)}).\n`);
    process.exit(2);
  }
  return value;
};
const cases = integer('cases', values.cases);
const report = await runFuzz({
  seed: integer('seed', values.seed),
  cases,
  first: integer('first', values.first),
  concurrency: Math.max(1, integer('concurrency', values.concurrency)),
  onCase: (done) => {
    if (done % 500 === 0) process.stderr.write(`fuzz: ${done}/${cases}\n`);
  },
});
process.stdout.write(`${renderFuzzReport(report)}\n`);
const broken = report.failures.length + report.unhandledRejections + report.uncaughtExceptions;
process.exitCode = broken === 0 ? 0 : 1;
