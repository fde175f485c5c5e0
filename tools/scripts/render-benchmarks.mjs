#!/usr/bin/env node
// Renders the JSON report of `vitest bench --run --outputJson bench-results.json` as docs/benchmarks.md.
// Plain Node ESM, no dependencies. Usage (from anywhere):
//   node tools/scripts/render-benchmarks.mjs [input.json] [output.md] [--command "<how the report was made>"]
// Relative paths resolve against the repository root. Fields missing from the JSON render as "—".
// Pass --command when the report was not produced by `pnpm bench`, so the page names the real command.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { positionals, commandOption } = parseArguments(process.argv.slice(2));
const inputPath = path.resolve(repositoryRoot, positionals[0] ?? 'bench-results.json');
const outputPath = path.resolve(repositoryRoot, positionals[1] ?? 'docs/benchmarks.md');
const command =
  commandOption ??
  'pnpm bench  # vitest bench --run --outputJson bench-results.json && node tools/scripts/render-benchmarks.mjs';

function parseArguments(values) {
  const positionals = [];
  let commandOption;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === '--command') {
      commandOption = values[index + 1];
      index++;
    } else if (value.startsWith('--command=')) {
      commandOption = value.slice('--command='.length);
    } else {
      positionals.push(value);
    }
  }
  return { positionals, commandOption };
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

// Keep the sections `pnpm bench:peers` and `pnpm bench:build` write (between their markers).
let keptSections = [];
try {
  keptSections =
    readFileSync(outputPath, 'utf8').match(/<!-- ([a-z-]+):begin -->[\s\S]*?<!-- \1:end -->/g) ?? [];
} catch {
  // no page yet
}
writeFileSync(outputPath, `${[render(readReport(inputPath)).trimEnd(), ...keptSections].join('\n\n')}\n`);
console.log(`render-benchmarks: wrote ${path.relative(process.cwd(), outputPath) || outputPath}`);
