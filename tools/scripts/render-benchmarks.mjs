#!/usr/bin/env node
// Renders the JSON report of `vitest bench --run --outputJson bench-results.json` as docs/benchmarks.md,
// and the README's headline table (between `<!-- bench-headline:begin -->` and `<!-- bench-headline:end -->`)
// from the same report, so every figure there comes from one run, with its command, date and load.
// Plain Node ESM, no dependencies. Usage (from anywhere):
//   node tools/scripts/render-benchmarks.mjs [input.json] [output.md] [--command "<how the report was made>"]
// Relative paths resolve against the repository root. Fields missing from the JSON render as "—".
// Pass --command when the report was not produced by `pnpm bench`, so the page names the real command.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { positionals, commandOption, noReadme } = parseArguments(process.argv.slice(2));
const inputPath = path.resolve(repositoryRoot, positionals[0] ?? 'bench-results.json');
const outputPath = path.resolve(repositoryRoot, positionals[1] ?? 'docs/benchmarks.md');
const command =
  commandOption ??
  'pnpm bench  # vitest bench --run --outputJson bench-results.json && node tools/scripts/render-benchmarks.mjs';

function parseArguments(values) {
  const positionals = [];
  let commandOption;
  let noReadme = false;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === '--command') {
      commandOption = values[index + 1];
      index++;
    } else if (value === '--no-readme') {
      noReadme = true;
    } else if (value.startsWith('--command=')) {
      commandOption = value.slice('--command='.length);
    } else {
      positionals.push(value);
    }
  }
  return { positionals, commandOption, noReadme };
}

function readReport(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(
      `cannot read ${file} (${error.code ?? error.message}); run \`pnpm vitest bench --run --outputJson bench-results.json\` at the repository root first.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`${file} is not valid JSON (${error.message}); re-run the benchmarks to write it again.`);
  }
}

function fail(message) {
  console.error(`render-benchmarks: ${message}`);
  process.exit(1);
}

const isNumber = (value) => typeof value === 'number' && Number.isFinite(value);
const asArray = (value) => (Array.isArray(value) ? value : []);
const escapeCell = (value) => String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');

function formatRate(value) {
  return isNumber(value) ? Math.round(value).toLocaleString('en-US') : '—';
}

function formatMilliseconds(value) {
  if (!isNumber(value)) return '—';
  if (value >= 100) return value.toFixed(1);
  if (value >= 1) return value.toFixed(3);
  return value.toPrecision(3);
}

function formatPercent(value) {
  return isNumber(value) ? `±${value.toFixed(2)}%` : '—';
}

function formatCount(value) {
  return isNumber(value) ? value.toLocaleString('en-US') : '—';
}

function relativeToRoot(file) {
  if (typeof file !== 'string' || file === '') return 'unknown file';
  return path.isAbsolute(file) ? path.relative(repositoryRoot, file) : file;
}

function groupTitle(group, fileLabel) {
  const fullName = typeof group?.fullName === 'string' ? group.fullName : '';
  const prefix = `${fileLabel} > `;
  if (fullName.startsWith(prefix)) return fullName.slice(prefix.length);
  return fullName === '' || fullName === fileLabel ? '(top level)' : fullName;
}

const columns = [
  'benchmark',
  'ops/s (hz)',
  'ops/s at median',
  'mean ms',
  'median ms',
  'p75 ms',
  'p99 ms',
  'min ms',
  'max ms',
  'rme',
  'samples',
];

function renderRow(benchmark) {
  const samples = isNumber(benchmark?.sampleCount)
    ? benchmark.sampleCount
    : asArray(benchmark?.samples).length || undefined;
  return [
    escapeCell(benchmark?.name ?? '(unnamed)'),
    formatRate(benchmark?.hz),
    formatRate(isNumber(benchmark?.median) && benchmark.median > 0 ? 1000 / benchmark.median : undefined),
    formatMilliseconds(benchmark?.mean),
    formatMilliseconds(benchmark?.median),
    formatMilliseconds(benchmark?.p75),
    formatMilliseconds(benchmark?.p99),
    formatMilliseconds(benchmark?.min),
    formatMilliseconds(benchmark?.max),
    formatPercent(benchmark?.rme),
    formatCount(samples),
  ];
}

function renderTable(benchmarks) {
  const lines = [
    `| ${columns.join(' | ')} |`,
    `|${columns.map((_, index) => (index === 0 ? '---' : '---:')).join('|')}|`,
  ];
  for (const benchmark of benchmarks) {
    lines.push(`| ${renderRow(benchmark).join(' | ')} |`);
  }
  return lines.join('\n');
}

function renderMachine() {
  const cpus = os.cpus();
  const models = [...new Set(cpus.map((cpu) => cpu.model.trim()))].join(', ') || 'unknown';
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  return [
    `- CPU: ${cpus.length} × ${models}`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node: ${process.version}`,
    `- Load average (1 / 5 / 15 min) when this page was rendered: ${load}`,
  ].join('\n');
}

function render(report) {
  const files = asArray(report?.files);
  const sections = [];
  let benchmarkCount = 0;
  for (const file of files) {
    const fileLabel = relativeToRoot(file?.filepath);
    for (const group of asArray(file?.groups)) {
      const benchmarks = asArray(group?.benchmarks);
      if (benchmarks.length === 0) continue;
      benchmarkCount += benchmarks.length;
      sections.push(
        `### ${escapeCell(groupTitle(group, fileLabel))}\n\n\`${fileLabel}\`\n\n${renderTable(benchmarks)}`,
      );
    }
  }
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return [
    '# Benchmarks',
    '',
    'Generated by `tools/scripts/render-benchmarks.mjs` from the vitest bench JSON report. Do not edit by hand:',
    're-run the command below to refresh it.',
    '',
    `- Date: ${date}`,
    `- Command: \`${command}\``,
    renderMachine(),
    '',
    "Times are per operation, in milliseconds. `ops/s (hz)` is tinybench's `hz`: operations per second over",
    'the whole sampling window, so a few preempted samples on a busy machine drag it down; `ops/s at median`',
    'is 1000 / median ms, which is robust to them. `rme` is the relative margin of error. Figures measured on',
    'a shared or loaded machine are lower bounds: check the load average above before comparing runs.',
    '',
    '## Results',
    '',
    sections.length > 0 ? sections.join('\n\n') : '_The report holds no benchmark results._',
    '',
    `${benchmarkCount} benchmark${benchmarkCount === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}.`,
    '',
  ].join('\n');
}

/**
 * The README's headline rows: what each one measures, the benchmark (by name) whose figures it shows,
 * how to show them and the target. A benchmark missing from the report (its data absent, or skipped)
 * renders as "not in this run".
 */
export const headlineRows = [
  {
    what: 'compaction as the engine runs it: `compactBlocks` + render, 100 lines / 7,930 chars, to 2,000',
    bench: 'compactBlocks + renderContext + renderCompactedContext, maxChars 2000',
    show: 'rate',
    target: '≥ 20,000/s',
  },
  {
    what: '`compactContext(string)` alone, the same context',
    bench: 'compact to maxChars 2000 (target ≥ 20,000/s)',
    show: 'rate',
    target: '—',
  },
  {
    what: 'EmbeddedStore lexical query, 100k QA pairs',
    bench: 'lexical search topK=10 (100,000)',
    show: 'latency',
    target: '≤ 2 ms',
  },
  {
    what: 'EmbeddedStore dense query, 100k × 384',
    bench: 'dense search topK=10 (100k × 384)',
    show: 'latency',
    target: '≤ 1 ms',
  },
  {
    what: 'EmbeddedStore lexical upsert, 5,000 new pairs in one call',
    bench: 'upsert 5000 new QA pairs in one call',
    show: 'latency',
    target: '≥ 20,000 pairs/s (≤ 250 ms)',
  },
  {
    what: 'rule-based build of musique (4,013 passages) into the EmbeddedStore',
    bench: 'into EmbeddedStore with checkpoints (what `rootweaver index build` does)',
    show: 'latency',
    target: '≥ 500 passages/s (≤ 8 s)',
  },
  {
    what: 'import of 2wiki `kb.gpt4.jsonl` (14,517 pairs)',
    bench: 'into EmbeddedStore (what `rootweaver index import` does)',
    show: 'latency',
    target: '≤ 5 s',
  },
  {
    what: 'non-LLM time per question on the real path (index extractor, answer policy, embedded store; 2wiki dev questions, recorded plans, or a generated index of that size)',
    bench: 'one question (the index’s extractor, default answer policy, embedded store)',
    show: 'latency',
    target: 'p50 ≤ 10 ms',
  },
  {
    what: '`rootweaver serve`, JSON, cold: each distinct sample question the first time a fresh server sees it',
    bench: 'JSON, cold: each distinct question the first time a fresh server sees it',
    show: 'latency',
    target: '—',
  },
  {
    what: '`rootweaver serve`, JSON, warm: the same questions again',
    bench: 'JSON, warm: the same questions again on that server',
    show: 'latency',
    target: '—',
  },
  {
    what: '`rootweaver serve`, Server-Sent Events to `finished`, warm',
    bench: 'Server-Sent Events to the finished event, warm',
    show: 'latency',
    target: '—',
  },
];

function findBenchmark(report, name) {
  for (const file of asArray(report?.files))
    for (const group of asArray(file?.groups))
      for (const benchmark of asArray(group?.benchmarks)) if (benchmark?.name === name) return benchmark;
  return undefined;
}

/** The README's headline table, every figure read from `report`. */
export function renderHeadline(report, { date, load, commandText }) {
  const lines = [
    `<!-- bench-headline:begin --> (generated by \`tools/scripts/render-benchmarks.mjs\` from \`${commandText}\`, ${date}, load average ${load}; do not edit)`,
    '',
    '| what | measured | target |',
    '|---|---|---|',
  ];
  for (const row of headlineRows) {
    const benchmark = findBenchmark(report, row.bench);
    let measured = 'not in this run';
    if (benchmark !== undefined && isNumber(benchmark.median) && benchmark.median > 0)
      measured =
        row.show === 'rate'
          ? `${formatRate(1000 / benchmark.median)}/s at the median`
          : `median ${formatMilliseconds(benchmark.median)} ms, p99 ${formatMilliseconds(benchmark.p99)} ms`;
    lines.push(`| ${escapeCell(row.what)} | ${measured} | ${escapeCell(row.target)} |`);
  }
  lines.push('', '<!-- bench-headline:end -->');
  return lines.join('\n');
}

// Keep the sections `pnpm bench:peers`, `pnpm bench:build` and `pnpm bench:soak` write (between their markers).
let keptSections = [];
try {
  keptSections =
    readFileSync(outputPath, 'utf8').match(/<!-- ([a-z-]+):begin -->[\s\S]*?<!-- \1:end -->/g) ?? [];
} catch {
  // no page yet
}
const report = readReport(inputPath);
writeFileSync(outputPath, `${[render(report).trimEnd(), ...keptSections].join('\n\n')}\n`);
console.log(`render-benchmarks: wrote ${path.relative(process.cwd(), outputPath) || outputPath}`);
if (!noReadme) {
  const readmePath = path.join(repositoryRoot, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const block = /<!-- bench-headline:begin -->[\s\S]*?<!-- bench-headline:end -->/;
  if (!block.test(readme))
    fail('README.md has no <!-- bench-headline:begin --> … <!-- bench-headline:end --> block to fill.');
  const headline = renderHeadline(report, {
    date: new Date().toISOString().slice(0, 10),
    load: os.loadavg()[0].toFixed(1),
    commandText: command.replace(/\s+#.*$/, ''),
  });
  writeFileSync(readmePath, readme.replace(block, headline));
  console.log('render-benchmarks: wrote the headline table of README.md');
}
// A bench whose task throws has no samples (tinybench keeps the error to itself and vitest prints an
// empty row): say which, and fail, after writing what was measured.
const empty = asArray(report?.files).flatMap((file) =>
  asArray(file?.groups).flatMap((group) =>
    asArray(group?.benchmarks)
      .filter((benchmark) => !(isNumber(benchmark?.sampleCount) && benchmark.sampleCount > 0))
      .map((benchmark) => `${group?.fullName ?? file?.filepath ?? '?'} > ${benchmark?.name ?? '(unnamed)'}`),
  ),
);
if (empty.length > 0) {
  console.error(
    `render-benchmarks: ${empty.length} benchmark${empty.length === 1 ? '' : 's'} measured nothing — its task threw (tinybench keeps the error to itself); run the bench file alone with a try/catch around its body to see why:\n  ${empty.join('\n  ')}`,
  );
  process.exitCode = 1;
}
