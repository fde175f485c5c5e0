#!/usr/bin/env node
// Checks that imports point one way, between packages and inside @rootweaver/innovations, and that
// the docs say so: the package arrows of README.md and docs/architecture.md must be the imports the
// sources make, and architecture.md's order of innovations' modules must be `innovationsModules`.
// Plain Node ESM, no dependencies; `tools/scripts/import-graph.test.mjs` runs it in `pnpm test`.
//   node tools/scripts/import-graph.mjs [ROOT]    (prints every violation; exit code 1 when there is one)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Package floors: a package imports only packages on a lower floor, and only ones its package.json
 * declares. Which of them each one imports is what the docs list (`documentedPackageImports`).
 */
export const packageFloors = {
  core: 0,
  'language-en': 0,
  innovations: 1,
  // The trained models (reader, rewriter, word vectors): on core and language-en only.
  models: 1,
  providers: 1.5,
  offline: 2,
  capabilities: 2,
  // Test support of the adapters (private): the engine on the sample corpus.
  'sample-engine': 2.5,
  // The framework adapters: on core only; their tests drive the real engine (floors below).
  'ai-sdk': 3,
  langchain: 3,
  llamaindex: 3,
  eval: 3,
  cli: 4,
  fuzz: 3,
  bench: 4,
  // Trains the models (dev-only).
  train: 4,
  packaging: 5,
};

/**
 * The modules of @rootweaver/innovations, lowest first, by the path under `src/` (longest match wins).
 * A module imports its own files and modules on lower layers only. Test files (`*.test.ts`,
 * `*.bench.ts`) are drivers, not modules: they may import any module of the package (a planner is
 * tested through `MultiHopRAG`), but never another package on a higher floor.
 */
export const innovationsModules = [
  { module: 'plan', layer: 0, paths: ['plan'] },
  { module: 'compaction', layer: 0, paths: ['compaction'] },
  { module: 'extraction', layer: 0, paths: ['extraction'] },
  { module: 'config', layer: 0, paths: ['config'] },
  { module: 'grounding', layer: 1, paths: ['grounding'] },
  { module: 'composition', layer: 1, paths: ['composition'] },
  { module: 'rule-decomposer', layer: 2, paths: ['rule-decomposer'] },
  { module: 'policy', layer: 3, paths: ['policy'] },
  { module: 'engine services', layer: 4, paths: ['engine'] },
  { module: 'planners', layer: 5, paths: ['engine/planners'] },
  {
    module: 'engine',
    layer: 6,
    paths: [
      'engine/multi-hop-rag',
      'engine/gather-context',
      'engine/run-deadline',
      'engine/run-stream',
      'engine/index',
    ],
  },
  { module: 'package surface', layer: 7, paths: ['index'] },
  { module: 'test support', layer: 7, paths: ['test'] },
];

const packageDirectories = (root) =>
  ['packages', 'tools'].flatMap((group) => {
    const directory = path.join(root, group);
    if (!existsSync(directory)) return [];
    return readdirSync(directory)
      .map((name) => path.join(directory, name))
      .filter(
        (directory) =>
          existsSync(path.join(directory, 'package.json')) && existsSync(path.join(directory, 'src')),
      );
  });

function sourceFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return /\.(?:ts|mts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic, with its line. */
export function importsOf(text) {
  const found = [];
  const patterns = [
    /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1];
      const offset = (match.index ?? 0) + match[0].lastIndexOf(specifier);
      found.push({ specifier, line: text.slice(0, offset).split('\n').length });
    }
  }
  return found;
}

const isTestFile = (file) => /\.(?:test|bench|int\.test)\.m?ts$/.test(file);

/** The innovations module a file under `src/` belongs to. */
export function moduleOf(relativePath) {
  const key = relativePath.replace(/\\/g, '/').replace(/\.m?ts$/, '');
  let best;
  let bestLength = -1;
  for (const entry of innovationsModules) {
    for (const prefix of entry.paths) {
      if ((key === prefix || key.startsWith(`${prefix}/`)) && prefix.length > bestLength) {
        best = entry;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/** Resolves a relative `./x.js` specifier to the source file it names, or undefined outside the tree. */
function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => existsSync(candidate));
}

/** All violations under `root`, each `{ file, line, specifier, rule }`. */
export function checkImportGraph(root) {
  const violations = [];
  for (const directory of packageDirectories(root)) {
    const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8'));
    const name = String(manifest.name ?? '').replace(/^@rootweaver\//, '');
    const floor = packageFloors[name];
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
    ]);
    const sourceRoot = path.join(directory, 'src');
    for (const file of sourceFiles(sourceRoot)) {
      const relativeFile = path.relative(root, file);
      const report = (line, specifier, rule) =>
        violations.push({ file: relativeFile, line, specifier, rule });
      for (const { specifier, line } of importsOf(readFileSync(file, 'utf8'))) {
        const workspace = /^@rootweaver\/([^/]+)/.exec(specifier);
        if (workspace !== null) {
          const target = workspace[1];
          if (floor === undefined) report(line, specifier, `package ${name} has no floor in packageFloors`);
          else if (packageFloors[target] === undefined)
            report(line, specifier, `unknown package @rootweaver/${target}`);
          else if (target !== name && packageFloors[target] >= floor)
            report(
              line,
              specifier,
              `${name} (floor ${floor}) imports ${target} (floor ${packageFloors[target]}): packages import lower floors only`,
            );
          if (target !== name && !declared.has(`@rootweaver/${target}`))
            report(line, specifier, `@rootweaver/${target} is not in ${name}'s package.json`);
          continue;
        }
        if (!specifier.startsWith('.')) continue;
        const resolved = resolveRelative(file, specifier);
        if (resolved === undefined) continue;
        // The tools may share the repository's plain scripts (tools/scripts/*.mjs, no package of their own).
        const sharedScript =
          directory.startsWith(path.join(root, 'tools')) &&
          resolved.startsWith(path.join(root, 'tools', 'scripts') + path.sep);
        if (!resolved.startsWith(`${sourceRoot}${path.sep}`) && !sharedScript) {
          report(line, specifier, 'a relative import leaves its package: import the package by name');
          continue;
        }
        if (name !== 'innovations' || isTestFile(file)) continue;
        const from = moduleOf(path.relative(sourceRoot, file));
        const to = moduleOf(path.relative(sourceRoot, resolved));
        if (from === undefined) {
          report(
            line,
            specifier,
            `${path.relative(sourceRoot, file)} is in no innovations module (add it to innovationsModules)`,
          );
          continue;
        }
        if (to === undefined || to === from) continue;
        if (to.layer >= from.layer)
          report(
            line,
            specifier,
            `innovations: ${from.module} (layer ${from.layer}) imports ${to.module} (layer ${to.layer}): modules import lower layers only`,
          );
      }
    }
  }
  return violations;
}

/** The libraries whose imports the docs list; `tools/*` may import any of them. */
export const documentedPackages = [
  'core',
  'language-en',
  'innovations',
  'models',
  'providers',
  'offline',
  'capabilities',
];

/** The workspace packages each library's sources import (test files and `src/test/` support left out). */
export function packageImports(root) {
  const imports = new Map();
  for (const name of documentedPackages) {
    const sourceRoot = path.join(root, 'packages', name, 'src');
    const targets = new Set();
    if (existsSync(sourceRoot))
      for (const file of sourceFiles(sourceRoot).filter(
        (file) => !isTestFile(file) && !file.startsWith(path.join(sourceRoot, 'test') + path.sep),
      ))
        for (const { specifier } of importsOf(readFileSync(file, 'utf8'))) {
          const target = /^@rootweaver\/([^/]+)/.exec(specifier)?.[1];
          if (target !== undefined && target !== name) targets.add(target);
        }
    imports.set(name, [...targets].sort());
  }
  return imports;
}

const listOf = (text) =>
  text
    .split(',')
    .map((item) => item.trim().replace(/^`|`$/g, ''))
    .filter((item) => documentedPackages.includes(item))
    .sort();

/**
 * What the docs say each library imports, with the line that says it:
 * README.md's `` `offline → core, language-en` `` items and the floors block of
 * docs/architecture.md (`offline   what it is   (→ core, language-en)`, `(no dependencies)` for none).
 */
export function documentedPackageImports(root) {
  const found = [];
  const readme = path.join(root, 'README.md');
  if (existsSync(readme))
    readFileSync(readme, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        for (const match of text.matchAll(/`([a-z-]+) → ([a-z, -]+)`/g))
          if (documentedPackages.includes(match[1]))
            found.push({ file: 'README.md', line: index + 1, name: match[1], imports: listOf(match[2]) });
      });
  const architecture = path.join(root, 'docs', 'architecture.md');
  if (existsSync(architecture)) {
    const lines = readFileSync(architecture, 'utf8').split('\n');
    const heading = lines.findIndex((line) => line.startsWith('## The floors'));
    const open = lines.findIndex((line, index) => index > heading && line.startsWith('```'));
    for (let index = open + 1; heading >= 0 && open > 0 && index < lines.length; index += 1) {
      if (lines[index].startsWith('```')) break;
      const name = /^([a-z-]+)\s/.exec(lines[index])?.[1];
      if (name === undefined || !documentedPackages.includes(name)) continue;
      const arrow = /\(→ ([^)]+)\)\s*$/.exec(lines[index]);
      const none = /\(no dependencies\)\s*$/.test(lines[index]);
      found.push({
        file: 'docs/architecture.md',
        line: index + 1,
        name,
        imports: arrow !== null ? listOf(arrow[1]) : none ? [] : undefined,
      });
    }
  }
  return found;
}

/**
 * architecture.md's order of innovations' modules: the sentence `` `plan`, … < `grounding`, … < … ``
 * after "inside `innovations`", each group between `<` one layer, named by paths under `src/`.
 */
export function documentedInnovationsLayers(root) {
  const architecture = path.join(root, 'docs', 'architecture.md');
  if (!existsSync(architecture)) return undefined;
  const text = readFileSync(architecture, 'utf8');
  const sentence = /inside `innovations` a module imports\s+lower layers only\s*—([\s\S]+?`)\.\s/i.exec(text);
  if (sentence === null) return undefined;
  const line = text.slice(0, sentence.index).split('\n').length;
  const groups = sentence[1]
    .split(/\s<\s/)
    .map((group) =>
      [...group.matchAll(/`([^`]+)`/g)].map((match) => match[1].replace(/\/\*\.ts$|\.ts$/g, '')),
    );
  return { line, groups };
}

/** Every place where the docs say something about the import graph that the code does not do. */
export function checkDocumentedGraph(root) {
  const violations = [];
  const actual = packageImports(root);
  const documented = documentedPackageImports(root);
  for (const file of ['README.md', 'docs/architecture.md']) {
    if (!existsSync(path.join(root, file))) continue;
    for (const name of documentedPackages.filter((name) => existsSync(path.join(root, 'packages', name)))) {
      const entries = documented.filter((entry) => entry.file === file && entry.name === name);
      if (entries.length === 0)
        violations.push({ file, line: 0, rule: `${file} does not say what ${name} imports` });
      for (const entry of entries) {
        const imports = actual.get(name) ?? [];
        if (entry.imports === undefined)
          violations.push({
            file,
            line: entry.line,
            rule: `${name}'s line has no (→ …) nor (no dependencies)`,
          });
        else if (entry.imports.join(', ') !== imports.join(', '))
          violations.push({
            file,
            line: entry.line,
            rule: `says ${name} imports ${entry.imports.join(', ') || 'nothing'}; its sources import ${imports.join(', ') || 'nothing'}`,
          });
      }
    }
  }
  const layers = documentedInnovationsLayers(root);
  if (existsSync(path.join(root, 'docs', 'architecture.md'))) {
    if (layers === undefined)
      violations.push({
        file: 'docs/architecture.md',
        line: 0,
        rule: 'no sentence "inside `innovations` a module imports lower layers only — `a`, … < `b` …."',
      });
    else {
      const placed = layers.groups.map((group) => group.map((name) => ({ name, module: moduleOf(name) })));
      for (const { name, module } of placed.flat())
        if (module === undefined)
          violations.push({
            file: 'docs/architecture.md',
            line: layers.line,
            rule: `\`${name}\` is in no innovations module`,
          });
      const groupLayers = placed.map((group) => [...new Set(group.map(({ module }) => module?.layer))]);
      groupLayers.forEach((layerSet, index) => {
        if (layerSet.length > 1)
          violations.push({
            file: 'docs/architecture.md',
            line: layers.line,
            rule: `puts ${placed[index].map(({ name }) => name).join(', ')} on one layer; innovationsModules has layers ${layerSet.join(', ')}`,
          });
        if (index > 0 && !(layerSet[0] > groupLayers[index - 1][0]))
          violations.push({
            file: 'docs/architecture.md',
            line: layers.line,
            rule: `puts ${placed[index].map(({ name }) => name).join(', ')} above ${placed[index - 1].map(({ name }) => name).join(', ')}; innovationsModules does not`,
          });
      });
      const named = new Set(placed.flat().map(({ module }) => module?.module));
      for (const entry of innovationsModules)
        if (entry.layer < 7 && !named.has(entry.module))
          violations.push({
            file: 'docs/architecture.md',
            line: layers.line,
            rule: `leaves out the innovations module ${entry.module} (${entry.paths.join(', ')})`,
          });
    }
  }
  return violations;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  );
  const violations = [...checkImportGraph(root), ...checkDocumentedGraph(root)];
  for (const violation of violations)
    console.log(`${violation.file}:${violation.line}  ${violation.specifier ?? ''}  — ${violation.rule}`);
  console.log(
    violations.length === 0
      ? 'import graph: no violations'
      : `import graph: ${violations.length} violation(s)`,
  );
  process.exitCode = violations.length === 0 ? 0 : 1;
}
