import type { MultiHopEvent } from '@rootweaver/core';
import { answerContains, type GoldenQuestion, loadGoldenSet } from '@rootweaver/eval';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { engineOptions, engineOptionsUsage, engineSettingsFrom } from '../engine-options.js';
import { openEngine } from '../open-engine.js';
import { booleanOption, parseArguments } from '../parse-arguments.js';
import { renderAnswer } from '../render-answer.js';
import { cacheDirectoryFor, goldenSetPath } from '../repo-root.js';
import { ensureSampleIndex } from '../sample-index.js';

const usage = `Usage: rootweaver demo [--rebuild] [--quiet] [--config FILE] [--planner …] [--compaction on|off] [--synthesis …]

Builds an index of the sample corpus (examples/sample-corpus, rule-based, no LLM, no network) into
.rootweaver/sample-index/ — reused while the corpus is unchanged — then answers the golden questions
(examples/golden-set.json) with the planner of multi_hop.yaml (compact by default), printing the plan,
every hop, the answer with citations, LLM calls and tokens. With OPENAI_BASE_URL / OPENAI_API_KEY set,
the LLM decomposes and synthesizes.

  --rebuild       rebuild the sample index even if the corpus is unchanged
  --quiet         print only each question's answer line and the summary
${engineOptionsUsage}`;

export interface DemoResult {
  readonly hits: number;
  readonly scored: number;
  readonly llmCalls: number;
}

/** Runs the demo; returns what it printed in its summary line (tests check it). */
export async function runDemoWith(
  args: readonly string[],
  io: CliIo,
  signal: AbortSignal,
): Promise<{ exitCode: number; result: DemoResult }> {
  const { values, positionals } = parseArguments('demo', args, {
    rebuild: { type: 'boolean' },
    quiet: { type: 'boolean' },
    ...engineOptions,
  });
  if (positionals.length > 0) throw new CliUsageError(`demo: unexpected argument "${positionals[0]}".`);
  const quiet = booleanOption(values, 'quiet');
  const settings = engineSettingsFrom('demo', values, io.cwd);
  const started = performance.now();
  const sample = await ensureSampleIndex({
    cacheDirectory: cacheDirectoryFor(io),
    env: io.env,
    rebuild: booleanOption(values, 'rebuild'),
    signal,
    onProgress: (message) => io.stderr(`${message}\n`),
  });
  io.stdout(
    `sample index: ${sample.directory} (${sample.reused ? 'reused, corpus unchanged' : `built in ${(sample.buildMs / 1000).toFixed(1)} s`})\n`,
  );
  const golden = await loadGoldenSet(goldenSetPath);
  const opened = await openEngine({
    io,
    source: { kind: 'index', path: sample.directory },
    settings,
    signal,
  });
  try {
    const { chatModel } = opened.providers;
    io.stdout(
      chatModel === undefined
        ? 'LLM: none (rule-based decomposition, LLM-free hops, composed or extractive answers)\n\n'
        : `LLM: ${chatModel.modelId}\n\n`,
    );
    const { engine } = opened;
    let hits = 0;
    let llmCalls = 0;
    let tokens = 0;
    const show = async (question: GoldenQuestion, scored: boolean) => {
      const events: MultiHopEvent[] = [];
      const answer = await engine.ask(question.query, { signal, onEvent: (event) => events.push(event) });
      const hit = answerContains(answer.answer, question.expected_answer_contains) === 1;
      if (scored && hit) hits += 1;
      if (scored) {
        llmCalls += answer.usage.llmCalls;
        tokens += answer.usage.inputTokens + answer.usage.outputTokens;
      }
      const mark = hit ? '✓' : '✗';
      const label = scored ? question.category : 'extra';
      io.stdout(`${mark} [${question.id} · ${label}] ${question.query}\n`);
      if (quiet) {
        io.stdout(
          `  answer: ${answer.answer || '(no answer)'}  (expected: ${question.expected_answer_contains.join(', ')})\n`,
        );
        return;
      }
      const items = new Map(answer.pool.map((item) => [item.id, item.text]));
      const rendered = renderAnswer(answer, { events, itemText: (id) => items.get(id) });
      io.stdout(
        `${rendered.replace(/^(?=.)/gm, '  ')}  expected: ${question.expected_answer_contains.join(', ')}\n\n`,
      );
    };
    for (const question of golden.questions) await show(question, true);
    for (const question of golden.demo_questions ?? []) await show(question, false);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.stdout(
      `\nanswer-contains: ${hits}/${golden.questions.length} golden questions · LLM calls: ${llmCalls} · tokens: ${tokens} · ${seconds} s\n`,
    );
    return { exitCode: 0, result: { hits, scored: golden.questions.length, llmCalls } };
  } finally {
    await opened.close();
  }
}

export const demoCommand: CliCommand = {
  name: 'demo',
  summary: 'Index the sample corpus and answer its golden questions (no LLM needed)',
  usage,
  run: async (args, io, signal) => (await runDemoWith(args, io, signal)).exitCode,
};
