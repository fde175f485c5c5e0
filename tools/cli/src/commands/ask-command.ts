import { resolve } from 'node:path';
import { type MultiHopAnswer, type MultiHopEvent, RootweaverError } from '@rootweaver/core';
import { streamRun } from '@rootweaver/innovations';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { engineOptions, engineOptionsUsage, engineSettingsFrom } from '../engine-options.js';
import { filterFrom, filterOptions, filterOptionsUsage } from '../filter-option.js';
import { openEngine } from '../open-engine.js';
import { booleanOption, parseArguments, stringOption } from '../parse-arguments.js';
import { renderAnswer } from '../render-answer.js';

const usage = `Usage: rootweaver ask "question" --index DIR [--config FILE] [--planner compact|adaptive|keyterm]
                      [--single-pass] [--compaction on|off] [--synthesis auto|llm|extractive]
                      [--rewriter rules|trained|llm:MODEL@URL] [--filter KEY=VALUE …] [--source-prefix FOLDER]
                      [--json] [--trace]

  --index DIR     an index built by 'rootweaver index' (the demo's is .rootweaver/sample-index)
${engineOptionsUsage}
${filterOptionsUsage}
  --single-pass   plain RAG: one retrieval, one answer
  --json          print the whole answer object as JSON
  --trace         show the run as it happened: the plan, every hop, each node's grounded question,
                  answer, confidence and the evidence pairs the answer came from

An LLM is used when OPENAI_BASE_URL / OPENAI_API_KEY are set; without one, rules and heuristics answer.`;

const options = {
  index: { type: 'string' },
  ...engineOptions,
  ...filterOptions,
  'single-pass': { type: 'boolean' },
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
  const filter = filterFrom('ask', values);
  const runOptions = { signal, ...(filter === undefined ? {} : { filter }) };
  const opened = await openEngine({
    io,
    source: { kind: 'index', path: resolve(io.cwd, index) },
    settings: engineSettingsFrom('ask', values, io.cwd),
    signal,
  });
  try {
    // The run as a stream of events; `--trace` is rendered from them, the answer is the `finished` one's.
    const { engine } = opened;
    const run = booleanOption(values, 'single-pass')
      ? streamRun((options) => engine.askSinglePass(question, options), runOptions)
      : engine.stream(question, runOptions);
    const events: MultiHopEvent[] = [];
    let answer: MultiHopAnswer | undefined;
    for await (const event of run) {
      events.push(event);
      if (event.type === 'finished') answer = event.answer;
    }
    if (answer === undefined) throw new RootweaverError('aborted', 'The run ended without an answer.');
    if (booleanOption(values, 'json')) {
      io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
    } else {
      const items = new Map(answer.pool.map((item) => [item.id, item.text]));
      io.stdout(
        renderAnswer(answer, {
          ...(booleanOption(values, 'trace') ? { events } : {}),
          itemText: (id) => items.get(id),
        }),
      );
    }
    return 0;
  } finally {
    await opened.close();
  }
}

export const askCommand: CliCommand = {
  name: 'ask',
  summary: 'Answer one question from an index',
  usage,
  run: runAsk,
};
