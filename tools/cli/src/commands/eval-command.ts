import { resolve } from 'node:path';
import { RootweaverError, type SynthesisMode } from '@rootweaver/core';
import {
  type EvalSummary,
  evaluateQuestions,
  loadQuestionRecords,
  type QuestionResult,
  summarizeResults,
  writeReport,
} from '@rootweaver/eval';
import { createTokenCounter, embedderChoices, tokenizerDescription } from '@rootweaver/providers';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { engineOptions, engineSettingsFrom } from '../engine-options.js';
import { runGoldenEvaluation } from '../golden-evaluation.js';
import { type IndexSource, llmConfigured, resolveIndexSource } from '../index-source.js';
import { openEngine } from '../open-engine.js';
import {
  booleanOption,
  choiceOption,
  onnxFolderOption,
  parseArguments,
  positiveIntegerOption,
  stringOption,
} from '../parse-arguments.js';
import { formatRuleReport, runRuleReport, writeRuleReport } from '../rule-report.js';

const usage = `Usage:
  rootweaver eval --questions FILE (--kb FILE | --corpus FILE | --index DIR) [--config FILE]
                  [--plans recorded|llm|rules] [--synthesis auto|llm|extractive]
                  [--compaction on|off|both] [--compaction-max-chars N] [--limit N] [--out DIR]
                  [--json] [--rebuild] [--extractor onnx:DIR] [--embedder wordvectors|onnx:DIR]
                  [--rewriter rules|trained|llm:MODEL|llm:MODEL@URL] [--folds K]
  rootweaver eval --questions FILE --corpus FILE --rule-report [--plans …] [--synthesis …] [--limit N] [--out DIR] [--json]
  rootweaver eval --golden FILE.toml|FILE.json [--index DIR | --corpus PATH | --kb FILE] [--config FILE] [--planner …] [--json]

  --config FILE      multi_hop.yaml (default: ROOTWEAVER_MULTI_HOP_CONFIG, else configs/retrieval/multi_hop.yaml);
                     the flags below override its knobs. --questions runs the compact planner.

  --questions FILE   questions.dev.jsonl records (id, question, answer, kind, plan/planRaw, reference, baselines)
  --kb FILE          import a {title, passage, qa:[…]} knowledge base (cached under .rootweaver/eval-cache/)
  --corpus FILE      build an index from a corpus with the rule-based generator (cached the same way)
  --index DIR        use an index built by 'rootweaver index'
  --plans            recorded: replay each record's decomposition as the first LLM call (default);
                     llm: the configured LLM decomposes; rules: the rule-based decomposer, no LLM
  --synthesis        auto (default: the YAML's): compose when the plan allows, else synthesize — with no LLM
                     configured a needed synthesis falls back to the extractive answer and is counted;
                     llm: always synthesize (needs an LLM); extractive: never call the LLM to synthesize
  --compaction       ADR-077 compaction of the synthesis context: off (default: the YAML's), on, or both (runs
                     each question twice and checks that the hop trajectory is identical)
  --compaction-max-chars N   the compaction budget (default: the YAML's, 2000, ADR-077's)
  --limit N          only the first N questions
  --out DIR          write report.md, results.jsonl, summary.json and tokens-vs-em.svg
  --json             print one JSON summary object on stdout (progress goes to stderr)
  --rebuild          rebuild a cached --kb/--corpus index
  --extractor onnx:DIR   answer hops with this ONNX extractive QA model (ROOTWEAVER_EXTRACTOR_MODEL_DIR)
  --embedder wordvectors embed with the shipped word vectors (SIF, no model; ROOTWEAVER_EMBEDDER=wordvectors),
                         hybrid BM25 + dense retrieval; a cached --kb or --corpus index is built apart with it
  --embedder onnx:DIR    embed with this ONNX sentence encoder (ROOTWEAVER_EMBEDDER_MODEL_DIR): a cached --kb
                         or --corpus index is rebuilt with it; an --index must have been built with it
  --rewriter SPEC    who grounds dependent sub-questions (default: the YAML's rewriter, trained): rules,
                     trained (the shipped pointer rewriter, no LLM, the rules where it is not sure), or
                     llm:MODEL[@URL] — a small model on an OpenAI-compatible server (URL, else the YAML's
                     rewriter.base_url, ROOTWEAVER_REWRITER_BASE_URL or OPENAI_BASE_URL; key from
                     ROOTWEAVER_REWRITER_API_KEY), the rules backing it up; its calls are reported apart
  --folds K          also report EM/F1 over K splits of the question file (mean, spread, each with
                     its 95 % interval)
  --rule-report      leave-one-out over the rule-based generator's relation families (needs --corpus): how
                     often each family fires on the index build, and the EM without it (heuristic extractor,
                     compaction off); --out DIR writes rule-report.md and rule-report.json
  --golden FILE      score a golden set — the seed's TOML ([[question]] with query, category,
                     expected_answer_contains, expected_sources, multi_hop_required) or JSON — by P@5, P@10,
                     answer-contains and citation coverage, multi-hop (the YAML's planner, or --planner) beside
                     single-pass, by category; on --index DIR, --corpus PATH or --kb FILE, else on the set's own
                     corpus = "…" (relative to the file), else on the sample index

An LLM is used when OPENAI_BASE_URL / OPENAI_API_KEY are set.`;

const options = {
  ...engineOptions,
  questions: { type: 'string' },
  kb: { type: 'string' },
  corpus: { type: 'string' },
  index: { type: 'string' },
  plans: { type: 'string' },
  synthesis: { type: 'string' },
  compaction: { type: 'string' },
  'compaction-max-chars': { type: 'string' },
  limit: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  rebuild: { type: 'boolean' },
  golden: { type: 'string' },
  extractor: { type: 'string' },
  embedder: { type: 'string' },
  folds: { type: 'string' },
  'rule-report': { type: 'boolean' },
} as const;

function formatSummary(summary: EvalSummary): string {
  const lines = [
    `questions: ${summary.n}`,
    `rootweaver   EM ${summary.exactMatch} [95 % CI ${interval(summary.exactMatchInterval)}]  F1 ${summary.f1}  LLM calls/q ${summary.llmCallsPerQuestion}  tokens/q median ${summary.tokensPerQuestion.median} (mean ${summary.tokensPerQuestion.mean})`,
    summary.reference.measured === 0
      ? 'reference    not measured (no question has a reference run)'
      : `reference    EM ${summary.reference.exactMatch}  F1 ${summary.reference.f1}  LLM calls/q ${summary.reference.llmCallsPerQuestion}  tokens/q median ${summary.reference.tokensMedian}`,
    ...Object.entries(summary.baselines).map(
      ([name, baseline]) =>
        `${name.padEnd(12)} EM ${baseline.exactMatch}  F1 ${baseline.f1}  tokens/q median ${baseline.tokensMedian ?? '—'}  (n ${baseline.n})`,
    ),
    `non-LLM latency p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms`,
    `answers by mode: ${Object.entries(summary.synthesis.byMode)
      .map(([mode, count]) => `${mode} ${count} (EM ${summary.synthesis.exactMatchByMode[mode] ?? 0})`)
      .join(
        ', ',
      )}; synthesis needed but no LLM: ${summary.synthesis.neededSynthesis} (LLM calls/q with those: ${summary.llmCallsPerQuestionWithSynthesis})`,
    `confident answers (every node resolved; heuristic at ≥ ${summary.confidence.threshold}, an extractor that has its own threshold at it): ${summary.confidence.answered}, precision ${precisionOf(summary.confidence)}`,
    `composed without a synthesis call: ${summary.synthesis.composedWithoutCall.answered}, precision ${precisionOf(summary.synthesis.composedWithoutCall)}`,
    ...(summary.answerCalibration === undefined
      ? []
      : [
          `answer calibration, cross-fitted over ${summary.answerCalibration.folds} folds: ECE ${summary.answerCalibration.raw.expectedCalibrationError} raw → ${summary.answerCalibration.crossFitted.expectedCalibrationError}; at ≥ ${summary.answerCalibration.raw.confident.threshold}: raw ${summary.answerCalibration.raw.confident.answered} answers at ${precisionOf(summary.answerCalibration.raw.confident)}, cross-fitted ${summary.answerCalibration.crossFitted.confident.answered} at ${precisionOf(summary.answerCalibration.crossFitted.confident)}`,
        ]),
    `gold answer among node answers: ${summary.goldAmongNodeAnswers}%; in the retrieved pool: ${summary.goldInPool}%`,
    'by kind:',
    ...Object.entries(summary.byKind).map(
      ([kind, group]) =>
        `  ${kind.padEnd(18)} n ${String(group.n).padStart(3)}  EM ${group.exactMatch} [${interval(group.exactMatchInterval)}]  F1 ${group.f1}  calls/q with synthesis ${group.llmCallsPerQuestionWithSynthesis}  confident ${group.confident.answered} (precision ${precisionOf(group.confident)})  gold among node answers ${group.goldAmongNodeAnswers}%  gold in pool ${group.goldInPool}%  (reference ${group.reference.measured === 0 ? 'not measured' : `EM ${group.reference.exactMatch}  F1 ${group.reference.f1}`})`,
    ),
  ];
  if (summary.compaction.contextCharsMedianOn !== null || summary.compaction.trajectoryIdentical !== null) {
    lines.push(
      `context_chars median on ${summary.compaction.contextCharsMedianOn ?? '—'} / off ${summary.compaction.contextCharsMedianOff ?? '—'}; trajectory identical: ${summary.compaction.trajectoryIdenticalCount ?? '—'}/${summary.n}`,
    );
  }
  lines.push(
    `calibration: ECE ${summary.calibration.expectedCalibrationError.toFixed(3)} over ${summary.calibration.count} answers; ` +
      summary.calibration.bins
        .filter((bin) => bin.count > 0)
        .map(
          (bin) =>
            `${bin.from.toFixed(1)}–${bin.to.toFixed(1)}: ${bin.count} at ${Math.round((bin.accuracy ?? 0) * 100)} %`,
        )
        .join(', '),
  );
  if (summary.folds !== undefined) {
    const { folds } = summary;
    lines.push(
      `${folds.folds} folds: EM mean ${folds.exactMatch.mean} (sd ${folds.exactMatch.standardDeviation}, min ${folds.exactMatch.min}, max ${folds.exactMatch.max}); F1 mean ${folds.f1.mean} (sd ${folds.f1.standardDeviation}); ` +
        folds.byFold
          .map(
            (fold) =>
              `fold ${fold.fold} n ${fold.n} EM ${fold.exactMatch} [${interval(fold.exactMatchInterval)}]`,
          )
          .join(', '),
    );
  }
  if (summary.rewrite !== undefined) {
    const { rewrite } = summary;
    lines.push(
      `rewriter (not in LLM calls/q): ${rewrite.callsPerQuestion} calls/q, ${rewrite.fallbacks} of ${rewrite.calls} fell back to the rules, nodes grounded by it ${rewrite.rewrittenNodes}; tokens/q median ${rewrite.tokensPerQuestion.median} (mean ${rewrite.tokensPerQuestion.mean}); latency/q p50 ${rewrite.latencyMsPerQuestion.p50} ms`,
    );
  }
  if (summary.errors > 0) lines.push(`harness errors: ${summary.errors} (see results.jsonl)`);
  return `${lines.join('\n')}\n`;
}

/** A precision in %, or "not measured" when no answer was counted (0 % of nothing is no figure). */
export function precisionOf(counted: { readonly answered: number; readonly precision: number }): string {
  return counted.answered === 0 ? 'not measured' : `${counted.precision}%`;
}

function interval(bounds: readonly [number, number]): string {
  return `${bounds[0]}–${bounds[1]}`;
}

function progress(io: CliIo, result: QuestionResult, index: number, total: number): void {
  const mark = result.error !== undefined ? 'ERR' : result.exactMatch === 1 ? 'ok ' : '   ';
  io.stderr(`[${index + 1}/${total}] ${mark} ${result.id}  ${result.prediction.slice(0, 60)}\n`);
}

export async function runEval(args: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parseArguments('eval', args, options);
  if (positionals.length > 0) throw new CliUsageError(`eval: unexpected argument "${positionals[0]}".`);
  const json = booleanOption(values, 'json');
  const golden = stringOption(values, 'golden');
  const compactionMaxChars = positiveIntegerOption('eval', values, 'compaction-max-chars');
  // --compaction (on|off|both) and --synthesis are per-run choices of the harness; the config gives their defaults.
  const engineSettings = engineSettingsFrom('eval', values, io.cwd, { compaction: false });
  const extractorFolder = onnxFolderOption('eval', values, 'extractor', io.cwd);
  const settings = {
    configPath: engineSettings.configPath,
    overrides: {
      ...engineSettings.overrides,
      synthesis: undefined,
      ...(compactionMaxChars === undefined ? {} : { compactionMaxChars }),
      // A model named for the hops answers every hop, not only the untyped ones (`extractor_scope`).
      ...(extractorFolder === undefined ? {} : { extractorScope: 'all' as const }),
    },
  };
  if (golden !== undefined) {
    const given = ['index', 'kb', 'corpus'].some((kind) => stringOption(values, kind) !== undefined);
    return runGoldenEvaluation({
      goldenFile: resolve(io.cwd, golden),
      source: given ? resolveIndexSource('eval', values, io.cwd) : undefined,
      json,
      io,
      settings,
      signal,
    });
  }
  const questions = stringOption(values, 'questions');
  if (questions === undefined)
    throw new CliUsageError('eval: --questions FILE (or --golden FILE) is required.');
  const source: IndexSource = resolveIndexSource('eval', values, io.cwd);
  const plans = choiceOption('eval', values, 'plans', ['recorded', 'llm', 'rules'] as const, 'recorded');
  const synthesisFlag = choiceOption(
    'eval',
    values,
    'synthesis',
    ['auto', 'llm', 'extractive'] as const satisfies readonly SynthesisMode[],
    undefined,
  );
  const compactionFlag = choiceOption(
    'eval',
    values,
    'compaction',
    ['on', 'off', 'both'] as const,
    undefined,
  );
  const limit = positiveIntegerOption('eval', values, 'limit');
  const out = stringOption(values, 'out');
  const namedEmbedder = stringOption(values, 'embedder');
  const embedderByName =
    namedEmbedder !== undefined && (embedderChoices as readonly string[]).includes(namedEmbedder);
  const embedderFolder = embedderByName ? undefined : onnxFolderOption('eval', values, 'embedder', io.cwd);
  const env = {
    ...io.env,
    ...(embedderByName ? { ROOTWEAVER_EMBEDDER: namedEmbedder } : {}),
    ...(extractorFolder === undefined ? {} : { ROOTWEAVER_EXTRACTOR_MODEL_DIR: extractorFolder }),
    ...(embedderFolder === undefined ? {} : { ROOTWEAVER_EMBEDDER_MODEL_DIR: embedderFolder }),
  };
  const folds = positiveIntegerOption('eval', values, 'folds');
  if (folds !== undefined && folds < 2) throw new CliUsageError('eval: --folds needs at least 2 folds.');

  if (!llmConfigured(io.env) && (plans === 'llm' || synthesisFlag === 'llm')) {
    throw new RootweaverError(
      'not-configured',
      `--${plans === 'llm' ? 'plans' : 'synthesis'} llm needs an LLM: set OPENAI_BASE_URL (and OPENAI_API_KEY) or use --plans recorded --synthesis auto.`,
    );
  }
  const records = await loadQuestionRecords({
    file: resolve(io.cwd, questions),
    ...(limit === undefined ? {} : { limit }),
  });
  if (booleanOption(values, 'rule-report')) {
    if (source.kind !== 'corpus')
      throw new CliUsageError(
        'eval: --rule-report measures the rule-based generator, so it needs --corpus FILE (not --kb or --index).',
      );
    const report = await runRuleReport({
      io: { ...io, env },
      corpus: source.path,
      records,
      plans,
      synthesis: synthesisFlag ?? 'auto',
      settings,
      signal,
    });
    if (out !== undefined) {
      const written = await writeRuleReport(resolve(io.cwd, out), report);
      io.stderr(`wrote ${written.join(', ')}\n`);
    }
    io.stdout(json ? `${JSON.stringify(report)}\n` : formatRuleReport(report));
    return 0;
  }
  const opened = await openEngine({
    io: { ...io, env },
    source,
    settings,
    rebuild: booleanOption(values, 'rebuild'),
    signal,
    onProgress: (message) => io.stderr(`${message}\n`),
  });
  try {
    const llm = opened.providers.chatModel;
    // Loaded at start-up, outside every question's clock, and reported apart.
    const tokenizerStarted = performance.now();
    const tokenCounter = createTokenCounter('llama3', { preload: true });
    io.stderr(
      `tokenizer ${tokenizerDescription('llama3')} loaded in ${Math.round(performance.now() - tokenizerStarted)} ms (start-up)\n`,
    );
    // The extractor's first use compiles its patterns (tens of ms): at start-up too, not in question 1.
    const warmedUp = await opened.engine.warmUp({ signal });
    io.stderr(`engine warmed up in ${Math.round(warmedUp.durationMs)} ms (start-up)\n`);
    const { config } = opened;
    const synthesis = synthesisFlag ?? config.synthesis;
    const compaction = compactionFlag ?? (config.compactionEnabled ? 'on' : 'off');
    if (!llmConfigured(io.env) && plans !== 'llm' && synthesis === 'llm') {
      throw new RootweaverError(
        'not-configured',
        `synthesis: llm (from ${opened.configSource}) needs an LLM: set OPENAI_BASE_URL (and OPENAI_API_KEY) or pass --synthesis auto.`,
      );
    }
    io.stderr(`${opened.extractorDescription}\n`);
    if (opened.rewriter !== undefined) io.stderr(`rewriter: ${opened.rewriter.id} (rules when it fails)\n`);
    const started = performance.now();
    const results = await evaluateQuestions({
      records,
      plans,
      synthesis,
      compaction,
      tokenCounter,
      ...(llm === undefined ? {} : { llm }),
      signal,
      createEngine: ({ chatModel }) => opened.engineWith({ chatModel, tokenCounter }),
      onResult: (result, index, total) => progress(io, result, index, total),
    });
    const summary = summarizeResults(results, {
      confidenceThreshold: config.extractionConfidenceThreshold,
      composeMinConfidence: config.composeMinConfidence,
      ...(folds === undefined ? {} : { folds }),
    });
    io.stderr(
      `evaluated ${results.length} questions in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    if (out !== undefined) {
      const written = await writeReport({
        directory: resolve(io.cwd, out),
        results,
        summary,
        settings: {
          questions,
          source: opened.description,
          plans,
          synthesis,
          compaction:
            compactionMaxChars === undefined
              ? compaction
              : `${compaction} (budget ${compactionMaxChars} chars)`,
          llm: llm?.modelId ?? 'none',
          extractor: opened.extractorDescription,
          ...(opened.rewriter === undefined ? {} : { rewriter: opened.rewriter.id }),
          tokenizer: `${tokenizerDescription(tokenCounter.family)} (message contents)`,
          command: `rootweaver eval ${args.join(' ')}`,
        },
      });
      io.stderr(`wrote ${written.files.join(', ')}\n`);
    }
    io.stdout(json ? `${JSON.stringify(summary)}\n` : formatSummary(summary));
    return 0;
  } finally {
    await opened.close();
  }
}

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'Measure EM/F1, LLM calls and tokens on a dataset, or score the golden set',
  usage,
  run: runEval,
};
