import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryStore } from '@rootweaver/core/test';
import { EmbeddedStore } from '@rootweaver/providers';
import { afterAll, bench, describe } from 'vitest';
import { annotateEntities } from '../annotation/annotate-entities.js';
import { readCorpus } from '../corpus/read-corpus.js';
import { RuleBasedGenerator } from '../generation/rule-based-generator.js';
import { importKnowledgeBase } from '../import/import-knowledge-base.js';
import { normaliseText } from '../validation/normalise-text.js';
import { validatePairs } from '../validation/validate-pairs.js';
import { buildIndex } from './build-index.js';

const datasets = new URL('../../../../../shared/datasets/compactrag/', import.meta.url).pathname;
const musique = join(datasets, 'musique', 'corpus.jsonl');
const gpt4 = join(datasets, '2wiki', 'kb.gpt4.jsonl');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
const figures: string[] = [];
/** CPU time of this process since `start` (user + system): what the build cost, whatever else the machine runs. */
function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1_000_000;
}
const once = { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 };

afterAll(() => {
  if (figures.length > 0) console.log(`\noffline benchmarks on ${machine}\n${figures.join('\n')}`);
});

if (!existsSync(musique))
  console.log(`offline bench: ${musique} is missing; skipping the musique build bench.`);
if (!existsSync(gpt4)) console.log(`offline bench: ${gpt4} is missing; skipping the kb.gpt4 import bench.`);

describe.skipIf(!existsSync(musique))('rule-based build of musique/corpus.jsonl (4,013 passages)', () => {
  bench(
    'into InMemoryStore (generation + validation)',
    async () => {
      const cpu = process.cpuUsage();
      const corpus = await readCorpus({ path: musique });
      const summary = await buildIndex({
        corpus,
        generator: new RuleBasedGenerator(),
        store: new InMemoryStore(),
      });
      const rate = (summary.passages / summary.timings.totalMs) * 1000;
      const cpuSeconds = cpuSecondsSince(cpu);
      figures.push(
        `rules → InMemoryStore: ${summary.passages} passages, ${summary.pairs} pairs in ${(summary.timings.totalMs / 1000).toFixed(2)} s wall = ${rate.toFixed(0)} passages/s; ${cpuSeconds.toFixed(2)} s CPU = ${(summary.passages / cpuSeconds).toFixed(0)} passages per CPU-second (annotate ${(summary.timings.annotateMs / 1000).toFixed(2)} s, generate ${(summary.timings.generateMs / 1000).toFixed(2)} s, store ${(summary.timings.storeMs / 1000).toFixed(2)} s)`,
      );
    },
    once,
  );

  bench(
    'into EmbeddedStore with checkpoints (what `rootweaver index build` does)',
    async () => {
      const directory = await mkdtemp(join(tmpdir(), 'rootweaver-bench-build-'));
      try {
        const cpu = process.cpuUsage();
        const store = await EmbeddedStore.open({ directory });
        const summary = await buildIndex({
          corpus: musique,
          generator: new RuleBasedGenerator(),
          store,
          checkpointDirectory: directory,
        });
        await store.close();
        const rate = (summary.passages / summary.timings.totalMs) * 1000;
        const cpuSeconds = cpuSecondsSince(cpu);
        figures.push(
          `rules → EmbeddedStore: ${summary.passages} passages, ${summary.pairs} pairs in ${(summary.timings.totalMs / 1000).toFixed(2)} s wall = ${rate.toFixed(0)} passages/s; ${cpuSeconds.toFixed(2)} s CPU (store ${(summary.timings.storeMs / 1000).toFixed(2)} s)`,
        );
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    once,
  );
});

describe.skipIf(!existsSync(gpt4))('import of 2wiki/kb.gpt4.jsonl (14,517 pairs)', () => {
  bench(
    'into EmbeddedStore (what `rootweaver index import` does)',
    async () => {
      const directory = await mkdtemp(join(tmpdir(), 'rootweaver-bench-import-'));
      try {
        const started = performance.now();
        const cpu = process.cpuUsage();
        const store = await EmbeddedStore.open({ directory });
        const summary = await importKnowledgeBase({ path: gpt4, store, directory });
        await store.close();
        const seconds = (performance.now() - started) / 1000;
        figures.push(
          `import kb.gpt4 → EmbeddedStore: ${summary.pairs} pairs from ${summary.passages} passages in ${seconds.toFixed(2)} s wall, ${cpuSecondsSince(cpu).toFixed(2)} s CPU (read ${(summary.timings.readMs / 1000).toFixed(2)} s, store ${(summary.timings.storeMs / 1000).toFixed(2)} s)`,
        );
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    once,
  );
});

const datasetNames = ['2wiki', 'hotpotqa', 'musique'] as const;
const haveDevSets = datasetNames.every((name) => existsSync(join(datasets, name, 'questions.dev.jsonl')));

describe.skipIf(!haveDevSets)('rule-based pairs whose answer is exactly a dev gold answer', () => {
  bench(
    'answer coverage on 2wiki, hotpotqa, musique dev questions',
    async () => {
      const generator = new RuleBasedGenerator();
      for (const name of datasetNames) {
        const { passages } = await readCorpus({ path: join(datasets, name, 'corpus.jsonl') });
        const answers = new Set<string>();
        for (const passage of passages) {
          const pairs = generator.generateSync(passage, annotateEntities(passage.text));
          for (const pair of validatePairs({ pairs, passageText: passage.text }).accepted)
            answers.add(normaliseText(pair.answer));
        }
        const golds = readFileSync(join(datasets, name, 'questions.dev.jsonl'), 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => normaliseText((JSON.parse(line) as { answer: string }).answer))
          .filter((gold) => gold !== 'yes' && gold !== 'no');
        const covered = golds.filter((gold) => answers.has(gold)).length;
        figures.push(
          `${name}: ${covered} of ${golds.length} non-yes/no dev gold answers are exactly the answer of some rule-based pair (${((covered / golds.length) * 100).toFixed(0)} %)`,
        );
      }
    },
    once,
  );
});
