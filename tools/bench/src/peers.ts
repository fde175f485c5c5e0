// `pnpm bench:peers`: the embedded store side by side with the engines it competes with, on the
// same generated pairs (issue 17): lexical — EmbeddedStore, raw FTS5 (bm25() in
// the same SQLite), MiniSearch, FlexSearch; dense — EmbeddedStore, usearch used directly (same
// HNSW settings) and hnswlib-node. Queries are interleaved across engines so that load on a shared
// machine hits all of them alike; each section (peers-lexical.ts, peers-dense.ts; one size) runs in
// a process of its own. Writes the figures and ratios between the peers markers of
// docs/benchmarks.md.
//
//   node tools/bench/dist/peers.js [--sizes 10000,100000] [--million] [--queries 1000] [--no-dense] [--no-lexical]
//     [--lexical-peers 'raw FTS5,FlexSearch'] [--lexical-peers-at-million 'raw FTS5'] [--dense-at-million]
//   EmbeddedStore's lexical search alone at 1M: --sizes '' --million --no-dense --lexical-peers-at-million ''

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { denseSection } from './peers-dense.js';
import { lexicalSection } from './peers-lexical.js';

// `pnpm <script> -- --flag` passes the `--` through: read what follows it as options.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    million: { type: 'boolean', default: false },
    queries: { type: 'string', default: '1000' },
    dimension: { type: 'string', default: '384' },
    'no-dense': { type: 'boolean', default: false },
    'no-lexical': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
    // Lexical peers to run (MiniSearch takes seconds per query at 1M): a comma-separated subset.
    'lexical-peers': { type: 'string', default: 'raw FTS5,MiniSearch,FlexSearch' },
    // At 1M: MiniSearch takes seconds per query, and an HNSW build of 1M × 384 takes tens of minutes.
    'lexical-peers-at-million': { type: 'string', default: 'raw FTS5,FlexSearch' },
    'dense-at-million': { type: 'boolean', default: false },
    // Internal: run one section (`lexical:10000`, `dense:1000000`) and write its lines to `section-out`.
    section: { type: 'string' },
    'section-out': { type: 'string' },
  },
});
// `--sizes ''` with `--million`: only the 1M run.
const sizes = values.sizes.split(',').filter(Boolean).map(Number);
if (values.million) sizes.push(1_000_000);
const queryCount = Number(values.queries);
const dimension = Number(values.dimension);
const root = mkdtempSync(join(tmpdir(), 'rootweaver-peers-'));
const lines: string[] = [];
const say = (line: string): void => {
  console.log(line);
};
/** The lexical peers beside EmbeddedStore at `size` (MiniSearch takes seconds per query at 1M). */
const lexicalPeersAt = (size: number): Set<string> =>
  new Set(
    (size >= 1_000_000 ? values['lexical-peers-at-million'] : values['lexical-peers'])
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(here, '..', '..', '..');
if (values.section !== undefined) {
  // A child: one section, its lines to the file the parent named.
  const [kind, sizeText] = values.section.split(':');
  const size = Number(sizeText);
  try {
    lines.push(
      ...(kind === 'dense'
        ? await denseSection({ size, queryCount, dimension, root })
        : await lexicalSection({ size, queryCount, root, peers: lexicalPeersAt(size) })),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  writeFileSync(values['section-out'] ?? join(root, 'section.md'), lines.join('\n'));
  process.exit(0);
}
// Each section runs in a process of its own (same Node flags): a section then pays for nothing the
// ones before it left behind — a 1M-pair FlexSearch heap, 1M items and their vectors, pages of
// files it no longer reads. In one shared process the 1M dense payload read measured p50 0.171 ms
// after the 1M lexical section, 0.114 ms alone (same code, 2026-12-02).
const sections: string[] = [];
for (const size of sizes) {
  if (!values['no-lexical']) sections.push(`lexical:${size}`);
  if (!values['no-dense'] && (size < 1_000_000 || values['dense-at-million'])) sections.push(`dense:${size}`);
}
try {
  for (const section of sections) {
    say(`${section.replace(':', ' ')} …`);
    const out = join(root, `${section.replace(':', '-')}.md`);
    const child = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        ...process.argv.slice(2),
        '--section',
        section,
        '--section-out',
        out,
      ],
      { stdio: 'inherit' },
    );
    if (child.status !== 0)
      throw new Error(`bench:peers section ${section} failed (exit ${child.status ?? child.signal})`);
    lines.push(readFileSync(out, 'utf8'));
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
const section = [
  '<!-- peers:begin -->',
  '## Side by side with peers (`pnpm bench:peers`)',
  '',
  `Written by \`tools/bench/src/peers.ts\` on ${new Date().toISOString().slice(0, 19)}Z: \`node tools/bench/dist/peers.js ${process.argv.slice(2).join(' ')}\`; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average at the end ${load}. Each section in a process of its own; the same synthetic pairs (\`syntheticQaPairs\`) and clustered unit vectors (\`clusteredUnitVectors\`, 1,000 centres) for every engine; queries interleaved across engines, the first 50 as warm-up. HNSW settings alike: the store's, given with each dense table (usearch f16 as the store uses it).`,
  '',
  ...lines,
  '<!-- peers:end -->',
].join('\n');
const outPath = resolve(repositoryRoot, values.out);
let page = '';
try {
  page = readFileSync(outPath, 'utf8');
} catch {
  page = '# Benchmarks\n';
}
const pattern = /<!-- peers:begin -->[\s\S]*<!-- peers:end -->/;
writeFileSync(
  outPath,
  pattern.test(page) ? page.replace(pattern, section) : `${page.trimEnd()}\n\n${section}\n`,
);
say(section);
