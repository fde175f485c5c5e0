import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SynthesisMode } from '@rootweaver/core';
import { evaluateQuestions, type QuestionRecord } from '@rootweaver/eval';
import type { FamilyFirings } from '@rootweaver/offline';
import { createProviderSet, createTokenCounter } from '@rootweaver/providers';
import type { CliIo } from './command.js';
import type { EngineSettings } from './engine-options.js';
import { openEngine } from './open-engine.js';

/** One relation family of the rule-based generator: how often it fired, and what switching it off changed. */
export interface RuleReportRow {
  readonly family: string;
  /** Sentences it added pairs to, and pairs it added, on the index build with every family on. */
  readonly sentences: number;
  readonly pairs: number;
  /** EM (per cent) of the evaluation questions with this family switched off. */
  readonly exactMatchWithout: number;
  /** Questions answered right with every family and wrong without this one (`lost`), and the reverse. */
  readonly lost: number;
  readonly gained: number;
}

export interface RuleReport {
  readonly corpus: string;
  readonly questions: number;
  /** EM (per cent) with every family on. */
  readonly exactMatch: number;
  readonly pairs: number;
  /** Pairs the fallbacks made: a sentence no family matched, the whole passage. */
  readonly fallbacks: { readonly sentence: FamilyFirings; readonly passage: FamilyFirings };
  readonly rows: readonly RuleReportRow[];
  readonly seconds: number;
}

export interface RuleReportOptions {
  readonly io: CliIo;
  readonly corpus: string;
  readonly records: readonly QuestionRecord[];
  readonly plans: 'recorded' | 'llm' | 'rules';
  readonly synthesis: SynthesisMode;
  readonly settings: EngineSettings;
  readonly signal?: AbortSignal;
}

const none: FamilyFirings = { sentences: 0, pairs: 0 };

/**
 * Leave-one-out over the rule-based generator's relation families: builds the corpus's index with every
 * family, then once without each family that fired, and evaluates the questions on each index (the
 * configured extractor, the heuristic by default; compaction off).
 * The indexes live in a temporary folder, removed afterwards.
 */
export async function runRuleReport(options: RuleReportOptions): Promise<RuleReport> {
  const started = performance.now();
  const { io } = options;
  // Loaded only here: the offline package (with its NLP library) takes a second to load.
  const { buildIndex, RuleBasedGenerator, ruleFamilies } = await import('@rootweaver/offline');
  const root = await mkdtemp(join(tmpdir(), 'rootweaver-rule-report-'));
  const tokenCounter = createTokenCounter('llama3', { preload: true });
  const variant = async (
    disabled: readonly string[],
  ): Promise<{
    correct: ReadonlyMap<string, number>;
    firings: ReadonlyMap<string, FamilyFirings>;
    pairs: number;
  }> => {
    const directory = join(root, disabled.length === 0 ? 'all' : `without-${disabled.join('+')}`);
    await mkdir(directory, { recursive: true });
    const generator = new RuleBasedGenerator({ disabledFamilies: disabled });
    const providers = await createProviderSet({ indexDirectory: directory, env: io.env, create: true });
    let pairs = 0;
    try {
      const summary = await buildIndex({
        corpus: options.corpus,
        store: providers.store,
        generator,
        checkpointDirectory: directory,
        // Generated on this thread, so the generator's firings are counted.
        workers: 0,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      pairs = summary.pairs;
    } finally {
      await providers.close();
    }
    const opened = await openEngine({
      io,
      source: { kind: 'index', path: directory },
      settings: options.settings,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    try {
      const results = await evaluateQuestions({
        records: options.records,
        plans: options.plans,
        synthesis: options.synthesis,
        compaction: 'off',
        tokenCounter,
        ...(opened.providers.chatModel === undefined ? {} : { llm: opened.providers.chatModel }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        createEngine: ({ chatModel }) => opened.engineWith({ chatModel, tokenCounter }),
      });
      const correct = new Map(results.map((result) => [result.id, result.exactMatch]));
      io.stderr(
        `rule report: ${disabled.length === 0 ? 'every family' : `without ${disabled.join(', ')}`} — ${pairs} pairs, EM ${percent(correct)}\n`,
      );
      return { correct, firings: generator.firings(), pairs };
    } finally {
      await opened.close();
    }
  };
  try {
    const all = await variant([]);
    const rows: RuleReportRow[] = [];
    for (const family of ruleFamilies) {
      const fired = all.firings.get(family.id) ?? none;
      if (fired.pairs === 0) {
        rows.push({
          family: family.id,
          ...fired,
          exactMatchWithout: percent(all.correct),
          lost: 0,
          gained: 0,
        });
        continue;
      }
      const without = await variant([family.id]);
      let lost = 0;
      let gained = 0;
      for (const [id, right] of all.correct) {
        const rightWithout = without.correct.get(id) ?? 0;
        if (right > rightWithout) lost += 1;
        if (rightWithout > right) gained += 1;
      }
      rows.push({
        family: family.id,
        sentences: fired.sentences,
        pairs: fired.pairs,
        exactMatchWithout: percent(without.correct),
        lost,
        gained,
      });
    }
    return {
      corpus: options.corpus,
      questions: options.records.length,
      exactMatch: percent(all.correct),
      pairs: all.pairs,
      fallbacks: {
        sentence: all.firings.get('sentence') ?? none,
        passage: all.firings.get('passage') ?? none,
      },
      rows,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function percent(correct: ReadonlyMap<string, number>): number {
  if (correct.size === 0) return 0;
  let sum = 0;
  for (const value of correct.values()) sum += value;
  return Math.round((sum / correct.size) * 1000) / 10;
}

/** The report as a Markdown table: one row per family, with what switching it off lost and gained. */
export function formatRuleReport(report: RuleReport): string {
  const lines = [
    `rule report: ${report.corpus}, ${report.questions} questions, ${report.pairs} pairs; EM with every family ${report.exactMatch} (heuristic extractor, compaction off; ${report.seconds} s)`,
    `fallbacks: ${report.fallbacks.sentence.pairs} sentence pairs ("What is known about X?"), ${report.fallbacks.passage.pairs} passage pairs`,
    '',
    '| family | sentences | pairs | EM without | ΔEM (with − without) | questions lost | questions gained |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...report.rows.map(
      (row) =>
        `| ${row.family} | ${row.sentences} | ${row.pairs} | ${row.exactMatchWithout} | ${(Math.round((report.exactMatch - row.exactMatchWithout) * 10) / 10).toFixed(1)} | ${row.lost} | ${row.gained} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** Writes `rule-report.md` and `rule-report.json` into `directory`. */
export async function writeRuleReport(directory: string, report: RuleReport): Promise<string[]> {
  const folder = resolve(directory);
  await mkdir(folder, { recursive: true });
  const files = [join(folder, 'rule-report.md'), join(folder, 'rule-report.json')];
  await writeFile(files[0] as string, formatRuleReport(report));
  await writeFile(files[1] as string, `${JSON.stringify(report, null, 2)}\n`);
  return files;
}
