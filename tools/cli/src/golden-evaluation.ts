import { evaluateGoldenSet, type GoldenAggregate, loadGoldenSet } from '@rootweaver/eval';
import type { CliIo } from './command.js';
import type { EngineSettings } from './engine-options.js';
import type { IndexSource } from './index-source.js';
import { openEngine } from './open-engine.js';
import { sampleIndexSource } from './sample-index.js';

export interface GoldenEvaluationOptions {
  readonly goldenFile: string;
  /**
   * What to score: `--index`, `--kb` or `--corpus` (a cached rule-built index); else the golden set's
   * own `corpus`; else the sample index (built if needed).
   */
  readonly source: IndexSource | undefined;
  readonly json: boolean;
  readonly io: CliIo;
  /** `--config` and its overrides: multi-hop runs with this config. */
  readonly settings: EngineSettings;
  readonly signal: AbortSignal;
}

function line(name: string, aggregate: GoldenAggregate): string {
  return `${name.padEnd(12)} P@5 ${aggregate.precisionAt5}  P@10 ${aggregate.precisionAt10}  answer-contains ${aggregate.answerContainsHits}/${aggregate.n}  citation coverage ${aggregate.citationCoverage}%  answer in pool ${aggregate.answerInPoolHits}/${aggregate.n}  LLM calls/q ${aggregate.llmCallsPerQuestion}`;
}

/** `rootweaver eval --golden FILE [--index DIR]`: multi-hop (the configured planner) against single-pass on the golden set. */
export async function runGoldenEvaluation(options: GoldenEvaluationOptions): Promise<number> {
  const { io, signal } = options;
  const golden = await loadGoldenSet(options.goldenFile);
  const onProgress = (message: string): void => io.stderr(`${message}\n`);
  const source: IndexSource =
    options.source ??
    (golden.corpus === undefined
      ? await sampleIndexSource({ io, signal, onProgress })
      : { kind: 'corpus', path: golden.corpus });
  const opened = await openEngine({ io, source, settings: options.settings, signal, onProgress });
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
