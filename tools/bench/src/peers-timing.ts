// How `pnpm bench:peers` times engines against each other and prints the tables.
import { median, ms, percentile } from './bench-statistics.js';

/**
 * Runs each engine's query in turn for every query, rotating who goes first; per-engine wall-clock
 * latencies, and CPU times (this process's user + system time around the call, which a preempted
 * call on a busy machine does not inflate).
 */
export async function interleave<Q>(
  engines: Record<string, (query: Q) => unknown>,
  queries: readonly Q[],
): Promise<{ wall: Record<string, number[]>; cpu: Record<string, number[]> }> {
  const names = Object.keys(engines);
  const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const query of queries.slice(0, Math.min(50, queries.length))) {
    for (const name of names) await engines[name]?.(query); // warm-up
  }
  for (let index = 0; index < queries.length; index += 1) {
    const query = queries[index] as Q;
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(index + turn) % names.length] as string;
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      await engines[name]?.(query);
      wall[name]?.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu[name]?.push((used.user + used.system) / 1000);
    }
  }
  return { wall, cpu };
}

/** Wall-clock and CPU-time tables, EmbeddedStore against each engine. */
export function latencySection(samples: {
  wall: Record<string, number[]>;
  cpu: Record<string, number[]>;
}): string[] {
  return [
    ...latencyTable(samples.wall, 'EmbeddedStore'),
    '',
    'CPU time per query (ms; not inflated by preemption on a busy machine):',
    '',
    ...latencyTable(samples.cpu, 'EmbeddedStore'),
  ];
}

function latencyTable(samples: Record<string, number[]>, ours: string): string[] {
  const oursP50 = median(samples[ours] ?? []);
  const oursP95 = percentile(samples[ours] ?? [], 0.95);
  const rows = Object.entries(samples).map(([name, values]) => {
    const p50 = median(values);
    const p95 = percentile(values, 0.95);
    return `| ${name} | ${ms(p50)} | ${ms(p95)} | ${(oursP50 / p50).toFixed(2)}× | ${(oursP95 / p95).toFixed(2)}× |`;
  });
  return [
    '| engine | p50 ms | p95 ms | EmbeddedStore p50 ÷ this | EmbeddedStore p95 ÷ this |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ];
}
