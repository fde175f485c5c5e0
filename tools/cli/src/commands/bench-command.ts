import { spawn } from 'node:child_process';
import type { CliCommand, CliIo } from '../command.js';
import { booleanOption, parseArguments } from '../parse-arguments.js';
import { findRepoRoot } from '../repo-root.js';

const usage = `Usage: rootweaver bench [--run]

Benchmarks are vitest bench files (*.bench.ts) in every package. From the checkout:

  pnpm bench        runs them all, writes bench-results.json and docs/benchmarks.md

  --run   run 'pnpm bench' now from the checkout (takes a few minutes; uses every core)`;

function runPnpmBench(io: CliIo, signal: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['bench'], { cwd: findRepoRoot(io.cwd), stdio: 'inherit', signal });
    child.on('error', (error) => {
      io.stderr(
        `rootweaver: could not start 'pnpm bench' (${error.message}); install pnpm or run it by hand.\n`,
      );
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

export const benchCommand: CliCommand = {
  name: 'bench',
  summary: "Run the benchmarks (or say how: 'pnpm bench')",
  usage,
  async run(args, io, signal) {
    const { values } = parseArguments('bench', args, { run: { type: 'boolean' } });
    if (!booleanOption(values, 'run')) {
      io.stdout(`${usage}\n`);
      return 0;
    }
    return runPnpmBench(io, signal);
  },
};
