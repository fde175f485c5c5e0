// `pnpm bench:startup`: the spawned `rootweaver` command as a user starts it — `--version`, `--help` and
// `ask` on the sample index (rules, no LLM) — against the issue-26 targets (`--version` ≤ 0.3 s, `ask` ≤
// 1 s wall). Each command runs N times, interleaved with `node -e 0` (the floor: Node starting and
// exiting), so load on a shared machine falls on all alike. Reports the wall-time median and range and
// the CPU time the child used (its user + system time, from /proc), then writes the figures between the
// cli-startup markers of docs/benchmarks.md.
//
//   node tools/bench/dist/cli-startup.js [--runs 10] [--out docs/benchmarks.md]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from './bench-statistics.js';
import { writeBenchmarkSection } from './benchmark-page.js';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: {
    runs: { type: 'string', default: '10' },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});
const runs = Math.max(1, Number(values.runs));
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cli = join(root, 'tools', 'cli', 'dist', 'main.js');
if (!existsSync(cli)) {
  console.error(`cli-startup: ${cli} is not built; run pnpm build first.`);
  process.exit(2);
}

/** User + system seconds of every child this process has waited for (Linux: /proc/self/stat). */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces) start at the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name; clock ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface Sample {
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
}

function timeOnce(args: readonly string[], env: NodeJS.ProcessEnv): Sample {
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const result = spawnSync(process.execPath, [...args], { env, encoding: 'utf8' });
  const wallSeconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.slice(-2000)}`);
  }
  return { wallSeconds, cpuSeconds: childrenCpuSeconds() - cpuBefore };
}

const cache = mkdtempSync(join(tmpdir(), 'rootweaver-startup-bench-'));
const env = { PATH: process.env.PATH ?? '', ROOTWEAVER_CACHE_DIR: cache };
try {
  // The sample index, built once by the demo (as a new user's first command does).
  timeOnce([cli, 'demo', '--quiet'], env);
  const index = join(cache, 'sample-index');
  const cases: readonly {
    readonly label: string;
    readonly args: readonly string[];
    readonly target?: number;
  }[] = [
    { label: '`node -e 0` (the floor)', args: ['-e', '0'] },
    { label: '`rootweaver --version`', args: [cli, '--version'], target: 0.3 },
    { label: '`rootweaver --help`', args: [cli, '--help'] },
    {
      label: '`rootweaver ask "Who directed The Glass Orchard?" --index …/sample-index`',
      args: [cli, 'ask', 'Who directed The Glass Orchard?', '--index', index],
      target: 1,
    },
  ];
  const samples = cases.map(() => [] as Sample[]);
  const loadBefore = loadavg();
  for (let round = 0; round < runs; round += 1) {
    cases.forEach((entry, position) => {
      samples[position]?.push(timeOnce(entry.args, env));
    });
  }
  const loadAfter = loadavg();
  const rows = cases.map((entry, position) => {
    const walls = (samples[position] ?? []).map((sample) => sample.wallSeconds).sort((a, b) => a - b);
    const cpu = (samples[position] ?? []).map((sample) => sample.cpuSeconds).sort((a, b) => a - b);
    const median = percentile(walls, 0.5);
    const verdict =
      entry.target === undefined ? '—' : `≤ ${entry.target} s: ${median <= entry.target ? 'met' : 'missed'}`;
    return `| ${entry.label} | ${median.toFixed(3)} | ${(walls[0] ?? 0).toFixed(3)}–${(walls.at(-1) ?? 0).toFixed(3)} | ${percentile(cpu, 0.5).toFixed(2)} | ${verdict} |`;
  });
  const section = [
    '<!-- cli-startup:begin -->',
    '## CLI start-up (`pnpm bench:startup`)',
    '',
    `Written by \`tools/bench/src/cli-startup.ts\` on ${new Date().toISOString().slice(0, 19)}Z: each command spawned ${runs} times, interleaved; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadBefore.map((value) => value.toFixed(2)).join(' / ')} before and ${loadAfter.map((value) => value.toFixed(2)).join(' / ')} after. CPU is the child's user + system time (1/100 s ticks): on a loaded machine the wall time is the CPU time plus the wait for a core.`,
    '',
    '| command | wall s, median | wall s, range | CPU s, median | target |',
    '|---|---:|---:|---:|---|',
    ...rows,
    '<!-- cli-startup:end -->',
  ].join('\n');
  writeBenchmarkSection(resolve(root, values.out), 'cli-startup', section);
  console.log(section);
} finally {
  rmSync(cache, { recursive: true, force: true });
}
