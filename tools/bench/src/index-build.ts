// `pnpm bench:build`: `index build` (rule-based) of a corpus into the EmbeddedStore, on one thread
// and with worker threads, from the compiled packages (workers need the compiled worker module).
// Reports wall time, CPU time (every thread of the process) and wall ÷ (CPU ÷ cores), the target
// of issue 17 being ≤ 1.3; and the index's bytes per pair by table. Writes the figures between the
// index-build markers of docs/benchmarks.md.
//
//   node tools/bench/dist/index-build.js --corpus FILE [--workers 2] [--out docs/benchmarks.md]
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIndex, type CorpusReadResult, RuleBasedGenerator, readCorpus } from '@rootweaver/offline';
import { EmbeddedStore } from '@rootweaver/providers';
import Database from 'better-sqlite3';
import { writeBenchmarkSection } from './benchmark-page.js';

// `pnpm <script> -- --flag` passes the `--` through: read what follows it as options.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: {
    corpus: { type: 'string' },
    workers: { type: 'string', default: String(availableParallelism()) },
    // The corpus N times over (ids prefixed): a bigger build from the same text.
    repeat: { type: 'string', default: '1' },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});
if (values.corpus === undefined) {
  console.error('index-build: give --corpus FILE (a JSONL corpus of {id, title, text}).');
  process.exit(2);
}
const corpus = resolve(values.corpus);
const repeat = Math.max(1, Number(values.repeat));
const read = await readCorpus({ path: corpus });
const passages: CorpusReadResult = {
  problems: read.problems,
  passages: Array.from({ length: repeat }, (_value, round) =>
    read.passages.map((passage) => ({
      ...passage,
      id: repeat === 1 ? passage.id : `${round}:${passage.id}`,
    })),
  ).flat(),
};
const workers = Number(values.workers);
const cores = availableParallelism();
const root = mkdtempSync(join(tmpdir(), 'rootweaver-build-bench-'));

interface Run {
  readonly workers: number;
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
  readonly passages: number;
  readonly pairs: number;
  readonly directory: string;
}

let runCount = 0;

async function run(threads: number): Promise<Run> {
  runCount += 1;
  const directory = join(root, `run-${runCount}-workers-${threads}`);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const store = await EmbeddedStore.open({ directory });
  const summary = await buildIndex({
    corpus: passages,
    generator: new RuleBasedGenerator(),
    store,
    checkpointDirectory: directory,
    workers: threads,
  });
  await store.close();
  const used = process.cpuUsage(cpu);
  return {
    workers: threads,
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1_000_000,
    passages: summary.passages,
    pairs: summary.pairs,
    directory,
  };
}

function bytesByTable(directory: string, pairs: number): string[] {
  const database = new Database(join(directory, 'store.sqlite'), { readonly: true });
  const rows = database
    .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
    .all() as { name: string; bytes: number }[];
  database.close();
  const files = readdirSync(directory).map((name) => ({ name, bytes: statSync(join(directory, name)).size }));
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  return [
    '| file or SQLite table/index | bytes | bytes per pair |',
    '|---|---:|---:|',
    ...files.map(
      (file) => `| ${file.name} | ${file.bytes.toLocaleString('en')} | ${(file.bytes / pairs).toFixed(1)} |`,
    ),
    ...rows.map(
      (row) =>
        `| store.sqlite: ${row.name} | ${row.bytes.toLocaleString('en')} | ${(row.bytes / pairs).toFixed(1)} |`,
    ),
    `| **whole index directory** | ${total.toLocaleString('en')} | **${(total / pairs).toFixed(1)}** |`,
  ];
}

const runs: Run[] = [];
try {
  // Alternate, twice each, so that load on a shared machine falls on both alike.
  for (const threads of [0, workers, 0, workers]) {
    runs.push(await run(threads));
    console.log(`workers ${threads}: ${JSON.stringify(runs.at(-1))}`);
  }
  const best = (threads: number): Run =>
    runs
      .filter((entry) => entry.workers === threads)
      .sort((left, right) => left.wallSeconds - right.wallSeconds)[0] as Run;
  const single = best(0);
  const threaded = best(workers);
  const lines = [
    '<!-- index-build:begin -->',
    '## `index build` on all cores (`pnpm bench:build`)',
    '',
    `Written by \`tools/bench/src/index-build.ts\` on ${new Date().toISOString().slice(0, 19)}Z: \`node tools/bench/dist/index-build.js --corpus …/${basename(dirname(corpus))}/${basename(corpus)} --repeat ${repeat} --workers ${workers}\` (rule generator, EmbeddedStore, checkpoints on); ${cores} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average at the end ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}. Each setting ran twice, alternating; the faster run is shown.`,
    '',
    '| threads | passages | pairs | wall s | CPU s (all threads) | wall ÷ (CPU ÷ cores) (target ≤ 1.3) |',
    '|---|---:|---:|---:|---:|---:|',
    ...[single, threaded].map(
      (entry) =>
        `| ${entry.workers === 0 ? 'one (workers 0)' : `${entry.workers} workers + the writer`} | ${entry.passages} | ${entry.pairs} | ${entry.wallSeconds.toFixed(2)} | ${entry.cpuSeconds.toFixed(2)} | ${(entry.wallSeconds / (entry.cpuSeconds / cores)).toFixed(2)} |`,
    ),
    '',
    `Index size (the threaded build; the single-threaded one holds the same items):`,
    '',
    ...bytesByTable(threaded.directory, threaded.pairs),
    '<!-- index-build:end -->',
  ];
  const section = lines.join('\n');
  const here = dirname(fileURLToPath(import.meta.url));
  const outPath = resolve(here, '..', '..', '..', values.out);
  writeBenchmarkSection(outPath, 'index-build', section);
  console.log(section);
} finally {
  rmSync(root, { recursive: true, force: true });
}
