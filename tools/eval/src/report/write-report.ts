import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QuestionResult } from '../run/question-result.js';
import type { EvalSummary } from '../run/summarize-results.js';
import { renderReliabilityChart } from './reliability-chart.js';
import { type ChartPoint, renderTokensChart } from './tokens-chart.js';

export interface EvalSettings {
  readonly questions: string;
  readonly source: string;
  readonly plans: string;
  readonly synthesis: string;
  readonly compaction: string;
  readonly llm: string;
  readonly tokenizer: string;
  /** Which extractor answered the sub-questions (the trained reader or the heuristic one). */
  readonly extractor?: string;
  /** The rewriter slot, when one grounded the dependent sub-questions (`llm:<model>`). */
  readonly rewriter?: string;
  readonly command?: string;
}

export interface WriteReportOptions {
  readonly directory: string;
  readonly results: readonly QuestionResult[];
  readonly summary: EvalSummary;
  readonly settings: EvalSettings;
}

export interface WrittenReport {
  readonly files: readonly string[];
}

function chartPoints(summary: EvalSummary): ChartPoint[] {
  const points: ChartPoint[] = [
    {
      label: 'rootweaver',
      tokens: summary.tokensPerQuestion.median,
      exactMatch: summary.exactMatch,
      highlight: true,
    },
    // No point for a reference no question has: it would sit at EM 0 as if measured.
    ...(summary.reference.measured === 0
      ? []
      : [
          {
            label: 'reference CompactRAG',
            tokens: summary.reference.tokensMedian,
            exactMatch: summary.reference.exactMatch,
          },
        ]),
  ];
  for (const [name, baseline] of Object.entries(summary.baselines)) {
    if (baseline.tokensMedian !== null)
      points.push({ label: name, tokens: baseline.tokensMedian, exactMatch: baseline.exactMatch });
  }
  return points;
}

function withInterval(value: number, interval: readonly [number, number]): string {
  return `${value} [${interval[0]}–${interval[1]}]`;
}

/** The confidence bins of the answers against their EM, and the expected calibration error. */
function calibrationSection(summary: EvalSummary): string[] {
  const { calibration } = summary;
  return [
    '## Calibration (answer confidence vs EM)',
    '',
    `Expected calibration error ${calibration.expectedCalibrationError.toFixed(3)} over ${calibration.count} answers; ` +
      "the answer confidence is the lowest confidence of the plan's nodes. Diagram: `reliability.svg`.",
    '',
    row(['confidence', 'answers', 'mean confidence', 'EM %']),
    row(['---', '---:', '---:', '---:']),
    ...calibration.bins.map((bin) =>
      row([
        `${bin.from.toFixed(1)}–${bin.to.toFixed(1)}`,
        bin.count,
        bin.meanConfidence === null ? null : (bin.meanConfidence * 100).toFixed(1),
        bin.accuracy === null ? null : (bin.accuracy * 100).toFixed(1),
      ]),
    ),
    '',
  ];
}

function foldsSection(summary: EvalSummary): string[] {
  const folds = summary.folds;
  if (folds === undefined) return [];
  return [
    `## ${folds.folds} folds of the question file`,
    '',
    `EM mean ${folds.exactMatch.mean} (sd ${folds.exactMatch.standardDeviation}, min ${folds.exactMatch.min}, max ${folds.exactMatch.max}); ` +
      `F1 mean ${folds.f1.mean} (sd ${folds.f1.standardDeviation}). Questions go to folds by a hash of their id.`,
    '',
    row(['fold', 'n', 'EM % [95 % CI]', 'F1 %']),
    row(['---', '---:', '---:', '---:']),
    ...folds.byFold.map((fold) =>
      row([fold.fold, fold.n, withInterval(fold.exactMatch, fold.exactMatchInterval), fold.f1]),
    ),
    '',
  ];
}

/** A reference figure, or "not measured" when no question of the group has a reference run. */
function referenceFigure(reference: { readonly measured: number }, value: number): string | number {
  return reference.measured === 0 ? 'not measured' : value;
}

function row(cells: readonly (string | number | null)[]): string {
  return `| ${cells.map((cell) => (cell === null ? '—' : String(cell))).join(' | ')} |`;
}

/** The human-readable report: settings, headline table, breakdowns and what the harness did. */
export function renderReportMarkdown(options: Omit<WriteReportOptions, 'directory'>): string {
  const { summary, settings, results } = options;
  const lines: string[] = [
    '# rootweaver evaluation',
    '',
    row(['setting', 'value']),
    row(['---', '---']),
    row(['questions', settings.questions]),
    row(['index source', settings.source]),
    row(['plans', settings.plans]),
    row(['synthesis', settings.synthesis]),
    row(['compaction', settings.compaction]),
    row(['LLM', settings.llm]),
    row(['tokenizer', settings.tokenizer]),
    row(['extractor', settings.extractor ?? 'default']),
    ...(settings.rewriter === undefined
      ? []
      : [
          row([
            'rewriter',
            summary.rewrite === undefined
              ? settings.rewriter
              : `${settings.rewriter}: ${summary.rewrite.callsPerQuestion} calls / q (not in the LLM calls below), ${summary.rewrite.fallbacks} of ${summary.rewrite.calls} fell back to the rules, median ${summary.rewrite.tokensPerQuestion.median} tokens / q`,
          ]),
        ]),
    ...(settings.command === undefined ? [] : [row(['command', `\`${settings.command}\``])]),
    '',
    '## Side by side (same questions)',
    '',
    row(['system', 'n', 'EM % [95 % CI]', 'F1 %', 'LLM calls / q', 'median tokens / q']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
    row([
      'rootweaver',
      summary.n,
      withInterval(summary.exactMatch, summary.exactMatchInterval),
      summary.f1,
      summary.llmCallsPerQuestion,
      summary.tokensPerQuestion.median,
    ]),
    row([
      'reference CompactRAG (LLaMA-3-8B)',
      summary.reference.measured,
      referenceFigure(summary.reference, summary.reference.exactMatch),
      referenceFigure(summary.reference, summary.reference.f1),
      referenceFigure(summary.reference, summary.reference.llmCallsPerQuestion),
      referenceFigure(summary.reference, summary.reference.tokensMedian),
    ]),
    ...Object.entries(summary.baselines).map(([name, baseline]) =>
      row([name, baseline.n, baseline.exactMatch, baseline.f1, null, baseline.tokensMedian]),
    ),
    '',
    `Tokens by stage (median per question): decomposition ${summary.tokensByStageMedian.decompose}, ` +
      `decide ${summary.tokensByStageMedian.decide}, synthesis ${summary.tokensByStageMedian.synthesize}; ` +
      `mean total ${summary.tokensPerQuestion.mean}. Adding the prompts of the synthesis calls no LLM answered: ` +
      `median ${summary.tokensPerQuestionWithSynthesisPrompt.median}, mean ${summary.tokensPerQuestionWithSynthesisPrompt.mean} (outputs not included).`,
    `Non-LLM latency per question: p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms.`,
    '',
    '## By kind',
    '',
    row([
      'kind',
      'n',
      'EM % [95 % CI]',
      'F1 %',
      'reference EM %',
      'reference F1 %',
      'LLM calls / q',
      'with synthesis',
      'confident (all nodes resolved)',
      'confident EM %',
      'gold among node answers %',
      'gold in pool %',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...Object.entries(summary.byKind).map(([kind, group]) =>
      row([
        kind,
        group.n,
        withInterval(group.exactMatch, group.exactMatchInterval),
        group.f1,
        referenceFigure(group.reference, group.reference.exactMatch),
        referenceFigure(group.reference, group.reference.f1),
        group.llmCallsPerQuestion,
        group.llmCallsPerQuestionWithSynthesis,
        group.confident.answered,
        group.confident.precision,
        group.goldAmongNodeAnswers,
        group.goldInPool,
      ]),
    ),
    '',
    ...calibrationSection(summary),
    ...foldsSection(summary),
    '## By dataset',
    '',
    row(['dataset', 'n', 'EM %', 'F1 %', 'reference EM %', 'reference F1 %']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
    ...Object.entries(summary.byDataset).map(([dataset, group]) =>
      row([
        dataset,
        group.n,
        group.exactMatch,
        group.f1,
        referenceFigure(group.reference, group.reference.exactMatch),
        referenceFigure(group.reference, group.reference.f1),
      ]),
    ),
    '',
    '## Answer composition and confidence',
    '',
    `Final answers by mode: ${Object.entries(summary.synthesis.byMode)
      .map(([mode, count]) => `${mode} ${count} (EM ${summary.synthesis.exactMatchByMode[mode] ?? 0}%)`)
      .join(', ')}.`,
    `Questions where the engine asked for a synthesis call that no LLM could answer: ${summary.synthesis.neededSynthesis} ` +
      `(LLM calls per question had an LLM answered them: ${summary.llmCallsPerQuestionWithSynthesis}).`,
    `Answers whose every hop was resolved (heuristic confidence ≥ ${summary.confidence.threshold}, an extractor with its own threshold at it): ${summary.confidence.answered}, ` +
      `of which ${summary.confidence.precision}% exact match (precision).`,
    `Gold answer equal to some sub-question's answer (sub-answer accuracy proxy): ${summary.goldAmongNodeAnswers}%; gold answer in the text of some retrieved item: ${summary.goldInPool}%.`,
    `Plans by source: ${Object.entries(summary.plans.bySource)
      .map(([source, count]) => `${source} ${count}`)
      .join(', ')}; plans the parser had to repair: ${summary.plans.repaired}.`,
    `Refusals: ${summary.refusals}. Harness errors: ${summary.errors}.`,
    '',
    '## Compaction (ADR-077 gate)',
    '',
    `context_chars median with compaction on: ${summary.compaction.contextCharsMedianOn ?? 'not run'}; ` +
      `off: ${summary.compaction.contextCharsMedianOff ?? 'not run'}.`,
    `Trajectory identical with compaction on and off: ${
      summary.compaction.trajectoryIdentical === null
        ? 'not measured (use --compaction both)'
        : `${summary.compaction.trajectoryIdenticalCount}/${summary.n} questions`
    }.`,
    '',
    '## How the harness counts',
    '',
    '- `--plans recorded`: the first LLM call of each question (the decomposition prompt) is answered by',
    "  replaying the record's `plan` serialised as JSON (or its raw `planRaw` output when `plan` is null),",
    '  and counts as one LLM call. Grounding, retrieval, extraction and composition run for real.',
    '- A synthesis call is never faked. With `--synthesis auto` and no LLM configured, a question whose engine',
    "  asks for synthesis is re-run with the engine's `extractive` synthesis (no LLM call) and counted in",
    '  "asked for a synthesis call" above; its LLM calls are then 1 (the replayed decomposition).',
    "- Tokens are counted with the tokenizer above (Llama 3's; cl100k's without llama3-tokenizer-js) over",
    '  message contents (no chat-template tokens):',
    '  decomposition = the prompt this project sends + the replayed output; synthesis = prompt + output',
    '  only where an LLM answered. The reference figures are as recorded by the reference run.',
    "- Latency is the engine's non-LLM wall time (retrieval, grounding, extraction, composition).",
    '',
    '## Errors and misses (first 20)',
    '',
    row(['id', 'kind', 'gold', 'prediction', 'mode']),
    row(['---', '---', '---', '---', '---']),
    ...results
      .filter((result) => result.exactMatch === 0)
      .slice(0, 20)
      .map((result) =>
        row([
          result.id,
          result.kind,
          result.gold.replace(/\|/g, '/'),
          (result.error ?? result.prediction).replace(/\|/g, '/').replace(/\n/g, ' ').slice(0, 80),
          result.synthesisMode,
        ]),
      ),
    '',
  ];
  return lines.join('\n');
}

/** Writes report.md, results.jsonl, summary.json, tokens-vs-em.svg and reliability.svg into `directory`. */
export async function writeReport(options: WriteReportOptions): Promise<WrittenReport> {
  await mkdir(options.directory, { recursive: true });
  const files = {
    report: join(options.directory, 'report.md'),
    results: join(options.directory, 'results.jsonl'),
    summary: join(options.directory, 'summary.json'),
    chart: join(options.directory, 'tokens-vs-em.svg'),
    reliability: join(options.directory, 'reliability.svg'),
  };
  await writeFile(files.report, renderReportMarkdown(options));
  await writeFile(files.results, `${options.results.map((result) => JSON.stringify(result)).join('\n')}\n`);
  await writeFile(
    files.summary,
    `${JSON.stringify({ settings: options.settings, ...options.summary }, null, 2)}\n`,
  );
  await writeFile(
    files.chart,
    renderTokensChart(
      chartPoints(options.summary),
      `Tokens per question vs exact match — ${options.settings.questions}`,
    ),
  );
  await writeFile(
    files.reliability,
    renderReliabilityChart(options.summary.calibration, `Reliability — ${options.settings.questions}`),
  );
  return { files: Object.values(files) };
}
