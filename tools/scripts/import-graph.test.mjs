import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImportGraph, importsOf, moduleOf } from './import-graph.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the import graph', () => {
  it('has no arrow from a lower package to a higher one, nor inside innovations from a lower module to a higher one', () => {
    expect(checkImportGraph(repositoryRoot)).toEqual([]);
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
