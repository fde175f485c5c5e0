import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDocumentedGraph, checkImportGraph, importsOf, moduleOf } from './import-graph.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the import graph', () => {
  it('has no arrow from a lower package to a higher one, nor inside innovations from a lower module to a higher one', () => {
    expect(checkImportGraph(repositoryRoot)).toEqual([]);
  });

  it('is what README.md and docs/architecture.md say it is', () => {
    expect(checkDocumentedGraph(repositoryRoot)).toEqual([]);
  });
});

describe('checkDocumentedGraph', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'import-graph-docs-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const name of ['core', 'language-en', 'innovations', 'providers', 'capabilities'])
    write(`packages/${name}/src/index.ts`, 'export {};\n');
  write('packages/innovations/src/index.ts', "import { a } from '@rootweaver/core';\n");
  // offline imports innovations from a source file; a test file's and a test helper's imports do not count.
  write(
    'packages/offline/src/build.ts',
    "import { b } from '@rootweaver/innovations/selection';\nimport { c } from '@rootweaver/core';\n",
  );
  write('packages/offline/src/build.test.ts', "import { d } from '@rootweaver/providers';\n");
  write('packages/offline/src/test/helper.ts', "import { e } from '@rootweaver/providers';\n");
  const readme = (offline) =>
    `Imports: \`core → nothing\`, \`language-en → nothing\`, \`innovations → core\`, \`providers → nothing\`,\n\`offline → ${offline}\`, \`capabilities → nothing\`.\n`;
  const architecture = (offline, order) =>
    [
      '## The floors',
      '',
      '```',
      'core           ports   (no dependencies)',
      'language-en    English   (→ stemmer)',
      'innovations    the engine   (→ core)',
      'providers      adapters',
      `offline        builds   (→ ${offline})`,
      'capabilities   the capability   (→ nothing)',
      '```',
      '',
      `Inside \`innovations\` a module imports lower layers only — ${order}. And more.`,
      '',
    ].join('\n');
  const order =
    '`plan`, `compaction`, `extraction`, `config` < `grounding`, `composition` < `rule-decomposer` < `policy` < engine services (`engine/*.ts`) < `engine/planners` < `engine/multi-hop-rag.ts`';

  it('passes docs that list what the sources import, external packages and test imports aside', () => {
    write('README.md', readme('core, innovations'));
    write(
      'docs/architecture.md',
      architecture('innovations, core', order).replace('adapters', 'adapters   (no dependencies)'),
    );
    expect(checkDocumentedGraph(root)).toEqual([]);
  });

  it('fails a doc that leaves out an import the sources make, or lists one they do not', () => {
    write('README.md', readme('core'));
    write('docs/architecture.md', architecture('core, innovations, providers', order));
    const rules = checkDocumentedGraph(root).map(
      (violation) => `${violation.file}:${violation.line} ${violation.rule}`,
    );
    expect(rules).toEqual([
      'README.md:2 says offline imports core; its sources import core, innovations',
      "docs/architecture.md:7 providers's line has no (→ …) nor (no dependencies)",
      'docs/architecture.md:8 says offline imports core, innovations, providers; its sources import core, innovations',
    ]);
  });

  it('fails an order of innovations modules that is not innovationsModules, or leaves one out', () => {
    write('README.md', readme('core, innovations'));
    write(
      'docs/architecture.md',
      architecture(
        'core, innovations',
        '`plan`, `policy` < `compaction` < `grounding`, `composition` < `rule-decomposer` < `engine/planners` < `engine/multi-hop-rag.ts`',
      ).replace('adapters', 'adapters   (no dependencies)'),
    );
    const rules = checkDocumentedGraph(root).map((violation) => violation.rule);
    expect(rules).toEqual([
      'puts plan, policy on one layer; innovationsModules has layers 0, 3',
      'puts compaction above plan, policy; innovationsModules does not',
      'leaves out the innovations module extraction (extraction)',
      'leaves out the innovations module config (config)',
      'leaves out the innovations module engine services (engine)',
    ]);
  });
});

describe('checkImportGraph', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const manifest = (directory, name, dependencies = {}) =>
    write(`${directory}/package.json`, JSON.stringify({ name: `@rootweaver/${name}`, dependencies }));

  manifest('packages/core', 'core', { '@rootweaver/innovations': 'workspace:*' });
  manifest('packages/innovations', 'innovations', { '@rootweaver/core': 'workspace:*' });
  manifest('packages/providers', 'providers', { '@rootweaver/core': 'workspace:*' });
  write('packages/core/src/index.ts', "export { x } from '@rootweaver/innovations';\n");
  write('packages/providers/src/index.ts', "import { y } from '@rootweaver/core';\nexport const z = y;\n");
  write('packages/providers/src/reach.ts', "import { MultiHopRAG } from '../../innovations/src/index.js';\n");
  write(
    'packages/innovations/src/index.ts',
    "export * from './engine/multi-hop-rag.js';\nexport { defaultAnswerPolicy } from './policy/answer-policy.js';\n",
  );
  write(
    'packages/innovations/src/engine/multi-hop-rag.ts',
    "import { Planner } from './planners/planner.js';\n",
  );
  write(
    'packages/innovations/src/engine/planners/planner.ts',
    "import type { Ports } from '../run-context.js';\n",
  );
  write(
    'packages/innovations/src/engine/run-context.ts',
    "import type {\n  Planner,\n} from './planners/planner.js';\nimport { store } from '@rootweaver/providers';\n",
  );
  write(
    'packages/innovations/src/policy/answer-policy.ts',
    "import { compose } from '../composition/compose.js';\n",
  );
  write(
    'packages/innovations/src/composition/compose.ts',
    "const engine = await import('../engine/multi-hop-rag.js');\n",
  );
  write(
    'packages/innovations/src/composition/compose.test.ts',
    "import { MultiHopRAG } from '../engine/multi-hop-rag.js';\n",
  );
  write(
    'packages/innovations/src/scratch/helper.ts',
    "import { compose } from '../composition/compose.js';\n",
  );

  const violations = checkImportGraph(root);
  const found = (file, fragment) =>
    violations.filter((violation) => violation.file.endsWith(file) && violation.rule.includes(fragment));

  it('reports a package importing one on its own floor or above', () => {
    expect(found('core/src/index.ts', 'core (floor 0) imports innovations (floor 1)')).toHaveLength(1);
    expect(
      found('engine/run-context.ts', 'innovations (floor 1) imports providers (floor 1.5)'),
    ).toHaveLength(1);
  });

  it('reports a workspace package missing from package.json, and a relative import leaving its package', () => {
    expect(found('engine/run-context.ts', "not in innovations's package.json")).toHaveLength(1);
    expect(found('providers/src/reach.ts', 'leaves its package')).toHaveLength(1);
    expect(found('providers/src/index.ts', '')).toEqual([]);
  });

  it('reports a lower innovations module importing a higher one, statically, as a type, or dynamically', () => {
    expect(
      found('engine/run-context.ts', 'engine services (layer 4) imports planners (layer 5)'),
    ).toHaveLength(1);
    expect(found('composition/compose.ts', 'composition (layer 1) imports engine (layer 6)')).toHaveLength(1);
    // Downward imports are the rule.
    expect(found('engine/planners/planner.ts', '')).toEqual([]);
    expect(found('engine/multi-hop-rag.ts', '')).toEqual([]);
    expect(found('policy/answer-policy.ts', '')).toEqual([]);
    expect(found('src/index.ts', 'innovations:')).toEqual([]);
  });

  it('lets test files drive any module, and names a folder that is in no layer', () => {
    expect(found('composition/compose.test.ts', '')).toEqual([]);
    expect(found('scratch/helper.ts', 'is in no innovations module')).toHaveLength(1);
  });
});

describe('importsOf and moduleOf', () => {
  it('reads static, multi-line, type-only, re-export, side-effect and dynamic imports with their lines', () => {
    const text = [
      "import { a } from './a.js';",
      'import type {',
      '  B,',
      "} from '../b.js';",
      "export * from './c.js';",
      "import './d.js';",
      "const e = await import('./e.js');",
      "const f = 'from ./not-an-import.js';",
    ].join('\n');
    expect(importsOf(text).sort((left, right) => left.line - right.line)).toEqual([
      { specifier: './a.js', line: 1 },
      { specifier: '../b.js', line: 4 },
      { specifier: './c.js', line: 5 },
      { specifier: './d.js', line: 6 },
      { specifier: './e.js', line: 7 },
    ]);
  });

  it('places a file in the module of its longest matching path', () => {
    expect(moduleOf('engine/planners/compact-planner.ts')?.module).toBe('planners');
    expect(moduleOf('engine/multi-hop-rag.ts')?.module).toBe('engine');
    expect(moduleOf('engine/run-context.ts')?.module).toBe('engine services');
    expect(moduleOf('config.ts')?.module).toBe('config');
    expect(moduleOf('config/multi-hop-config.ts')?.module).toBe('config');
    expect(moduleOf('engineering/x.ts')).toBeUndefined();
  });
});
