import { resolve } from 'node:path';
import { evaluateGoldenSet, type GoldenAggregate, loadGoldenSet } from '@rootweaver/eval';
import type { CliIo } from './command.js';
import type { EngineSettings } from './engine-options.js';
import { openEngine } from './open-engine.js';
import { cacheDirectoryFor } from './repo-root.js';
import { ensureSampleIndex } from './sample-index.js';

export interface GoldenEvaluationOptions {
  readonly goldenFile: string;
  /** The index to score; the sample index (built if needed) when unset. */
  readonly indexDirectory: string | undefined;
  readonly json: boolean;
  readonly io: CliIo;
  /** `--config` and its overrides: multi-hop runs with this config. */
  readonly settings: EngineSettings;
  readonly signal: AbortSignal;
}

function line(name: string, aggregate: GoldenAggregate): string {
  return `${name.padEnd(12)} P@5 ${aggregate.precisionAt5}  P@10 ${aggregate.precisionAt10}  answer-contains ${aggregate.answerContainsHits}/${aggregate.n}  citation coverage ${aggregate.citationCoverage}%  LLM calls/q ${aggregate.llmCallsPerQuestion}`;
}

/** `rootweaver eval --golden FILE [--index DIR]`: multi-hop (the configured planner) against single-pass on the golden set. */
export async function runGoldenEvaluation(options: GoldenEvaluationOptions): Promise<number> {
  const { io, signal } = options;
  const golden = await loadGoldenSet(options.goldenFile);
  const directory =
    options.indexDirectory === undefined
      ? (
          await ensureSampleIndex({
            cacheDirectory: cacheDirectoryFor(io),
            env: io.env,
            signal,
            onProgress: (message) => io.stderr(`${message}\n`),
          })
        ).directory
      : resolve(io.cwd, options.indexDirectory);
  const opened = await openEngine({
    io,
    source: { kind: 'index', path: directory },
    settings: options.settings,
    signal,
  });
  try {
    const { engine } = opened;
    const report = await evaluateGoldenSet({
      questions: golden.questions,
      engine,
      askOptions: { signal, planner: opened.config.planner },
      onOutcome: (outcome) =>
        io.stderr(
          `${outcome.id} ${outcome.mode.padEnd(11)} ${outcome.answerContains === 1 ? 'ok ' : '   '} ${outcome.answer.slice(0, 70)}\n`,
        ),
    });
    if (options.json) {
      io.stdout(`${JSON.stringify(report)}\n`);
    } else {
      const lines = [
        `golden set: ${golden.questions.length} questions on ${opened.description}`,
        line('multi-hop', report.multiHop),
        line('single-pass', report.singlePass),
        ...Object.entries(report.byCategory).flatMap(([category, both]) => [
          `${category}:`,
          `  ${line('multi-hop', both.multiHop)}`,
          `  ${line('single-pass', both.singlePass)}`,
        ]),
      ];
      io.stdout(`${lines.join('\n')}\n`);
    }
    return 0;
  } finally {
    await opened.close();
  }
}
