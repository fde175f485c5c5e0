import { resolve } from 'node:path';
import { type PlannerName, plannerNames } from '@rootweaver/core';
import { MultiHopRAG, resolveMultiHopConfig } from '@rootweaver/innovations';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { openIndex } from '../index-source.js';
import { booleanOption, choiceOption, parseArguments, stringOption } from '../parse-arguments.js';
import { renderAnswer } from '../render-answer.js';
import { findRepoRoot } from '../repo-root.js';

const usage = `Usage: rootweaver ask "question" --index DIR [--planner compact|adaptive|keyterm] [--single-pass]
                      [--compaction on|off] [--synthesis auto|llm|extractive] [--json] [--trace]

  --index DIR     an index built by 'rootweaver index' (the demo's is .rootweaver/sample-index)
  --planner       compact (default): one plan, LLM-free hops; adaptive: an LLM decides after each round
                  (needs an LLM); keyterm: ADR-077's key-term loop
  --single-pass   plain RAG: one retrieval, one answer
  --compaction    ADR-077 compaction of the synthesis context (default off)
  --synthesis     auto (default), llm, or extractive
  --json          print the whole answer object as JSON
  --trace         show the plan and every hop (sub-question, grounded form, top pair, answer, confidence)

An LLM is used when OPENAI_BASE_URL / OPENAI_API_KEY are set; without one, rules and heuristics answer.`;

const options = {
  index: { type: 'string' },
  planner: { type: 'string' },
  'single-pass': { type: 'boolean' },
  compaction: { type: 'string' },
  synthesis: { type: 'string' },
  json: { type: 'boolean' },
  trace: { type: 'boolean' },
} as const;

export async function runAsk(args: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parseArguments('ask', args, options);
  const question = positionals.join(' ').trim();
  if (question.length === 0)
    throw new CliUsageError(
      'ask: give the question in quotes, e.g. rootweaver ask "Who directed X?" --index DIR.',
    );
  const index = stringOption(values, 'index');
  if (index === undefined)
    throw new CliUsageError('ask: --index DIR is required (build one with rootweaver index build).');
  const planner = choiceOption<PlannerName>('ask', values, 'planner', plannerNames, 'compact');
  const compaction = choiceOption('ask', values, 'compaction', ['on', 'off'] as const, 'off');
  const synthesis = choiceOption('ask', values, 'synthesis', ['auto', 'llm', 'extractive'] as const, 'auto');
  const opened = await openIndex({
    source: { kind: 'index', path: resolve(io.cwd, index) },
    repoRoot: findRepoRoot(io.cwd),
    env: io.env,
    rebuild: false,
    signal,
  });
  try {
    const engine = new MultiHopRAG({ ...opened.providers, config: resolveMultiHopConfig({ planner }) });
    const askOptions = { planner, compaction: compaction === 'on', synthesis, signal } as const;
    const answer = booleanOption(values, 'single-pass')
      ? await engine.askSinglePass(question, askOptions)
      : await engine.ask(question, askOptions);
    if (booleanOption(values, 'json')) {
      io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
    } else {
      const items = new Map(answer.pool.map((item) => [item.id, item.text]));
      io.stdout(
        renderAnswer(answer, { trace: booleanOption(values, 'trace'), itemText: (id) => items.get(id) }),
      );
    }
    return 0;
  } finally {
    await opened.providers.close();
  }
}

export const askCommand: CliCommand = {
  name: 'ask',
  summary: 'Answer one question from an index',
  usage,
  run: runAsk,
};
