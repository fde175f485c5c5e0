#!/usr/bin/env node
// Finds names of the evaluation datasets' entities in the project's sources: the titles of the
// CompactRAG corpora (`../shared/datasets/compactrag/<dataset>/corpus.jsonl`) and the names in their dev
// questions and gold answers, of two words or more, wherever they occur in `packages/*/src` and
// `tools/*/src` (code, comments and tests alike). Code fitted to a dataset names its entities; a test
// that pins a rule on a renamed copy of a dev question should rename all of it.
// Two things may name them: the country gazetteer (locale data, `countryGazetteerPath`), and a
// fixture file that copies dataset records verbatim and states their licence (`licensedFixture`).
// Plain Node ESM, no dependencies; `tools/scripts/dataset-entities.test.mjs` runs it in `pnpm test`.
//   node tools/scripts/dataset-entities.mjs [ROOT] [DATASETS]   (prints each hit; exit code 1 when there is one)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The datasets whose entities the sources must not name. */
export const datasetNames = ['2wiki', 'hotpotqa', 'musique'];

/** Locale data that lists countries and their demonyms: the names in it are not dataset entities. */
export const countryGazetteerPath = 'packages/language-en/src/lexicon/countries.ts';

const sourceExtensions = new Set(['.ts', '.mts', '.mjs']);
const longestName = 8;
const capitalisedName =
  /\p{Lu}[\p{L}\p{N}'’.-]*(?:\s+(?:(?:of|the|de|di|da|du|del|la|le|von|van|and|&)\s+)*\p{Lu}[\p{L}\p{N}'’.-]*)+/gu;

/** A fixture that copies dataset records says so, with their licence, in its opening comment. */
export function licensedFixture(relativePath, text) {
  return relativePath.split(path.sep).includes('fixtures') && /\bLicen[cs]e:/.test(text.slice(0, 2_000));
}

function isMultiWord(name) {
  return name.length >= 8 && /\s/.test(name);
}

/** The names to look for: multi-word corpus titles, and multi-word names in dev questions and answers. */
export function datasetEntityNames(datasetsDirectory) {
  /** name key → the name as the dataset writes it */
  const names = new Map();
  for (const dataset of datasetNames) {
    const folder = path.join(datasetsDirectory, dataset);
    const corpus = path.join(folder, 'corpus.jsonl');
    if (existsSync(corpus)) {
      for (const line of readFileSync(corpus, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const title = String(JSON.parse(line).title ?? '').trim();
        if (isMultiWord(title)) names.set(nameKey(title), title);
      }
    }
    const questions = path.join(folder, 'questions.dev.jsonl');
    if (existsSync(questions)) {
      for (const line of readFileSync(questions, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const record = JSON.parse(line);
        for (const text of [String(record.question ?? ''), String(record.answer ?? '')])
          for (const match of text.matchAll(capitalisedName))
            if (isMultiWord(match[0])) names.set(nameKey(match[0]), match[0]);
      }
    }
  }
  return names;
}

function sourceFiles(root) {
  const files = [];
  const walk = (directory) => {
    for (const entry of readdirSync(directory)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const file = path.join(directory, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (sourceExtensions.has(path.extname(entry))) files.push(file);
    }
  };
  for (const top of ['packages', 'tools']) {
    const base = path.join(root, top);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const source = path.join(base, name, 'src');
      if (existsSync(source)) walk(source);
    }
  }
  return files;
}

const nameWord = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/** A name as its words joined by single spaces: "Fort Ash, Kentucky" and `'Fort Ash' + Kentucky` alike. */
export function nameKey(text) {
  return (text.match(nameWord) ?? []).join(' ');
}

/** Every stretch of 2–`longestName` words of a text, as name keys ("Ada Quill's" also as "Ada Quill"). */
function wordStretches(text) {
  const words = text.match(nameWord) ?? [];
  const stretches = new Set();
  for (let first = 0; first < words.length; first += 1) {
    let stretch = words[first];
    for (let last = first + 1; last < Math.min(words.length, first + longestName); last += 1) {
      stretch += ` ${words[last]}`;
      stretches.add(stretch);
      if (/['’]s$/u.test(words[last])) stretches.add(stretch.slice(0, -2));
    }
  }
  return stretches;
}

/**
 * The dataset names each source file contains, as `{ file, name }` (file relative to `root`), sorted.
 * Empty when the datasets are absent: then there is nothing to compare against.
 */
export function findDatasetEntities(root, datasetsDirectory) {
  const names = datasetEntityNames(datasetsDirectory);
  if (names.size === 0) return [];
  const gazetteer = path.join(root, countryGazetteerPath);
  const allowed = existsSync(gazetteer) ? wordStretches(readFileSync(gazetteer, 'utf8')) : new Set();
  const hits = [];
  for (const file of sourceFiles(root)) {
    const relative = path.relative(root, file);
    const text = readFileSync(file, 'utf8');
    if (licensedFixture(relative, text)) continue;
    for (const stretch of wordStretches(text)) {
      const name = names.get(stretch);
      if (name !== undefined && !allowed.has(stretch)) hits.push({ file: relative, name });
    }
  }
  return hits.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

/** `../shared/datasets/compactrag` beside the repository, where CI and the evals find it. */
export function defaultDatasetsDirectory(root) {
  return path.resolve(root, '..', 'shared', 'datasets', 'compactrag');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  );
  const datasets = path.resolve(process.argv[3] ?? defaultDatasetsDirectory(root));
  if (!existsSync(datasets)) {
    console.error(
      `No datasets at ${datasets}: nothing to check against (pass the folder as the second argument).`,
    );
    process.exit(0);
  }
  const hits = findDatasetEntities(root, datasets);
  for (const hit of hits) console.log(`${hit.file}: names the dataset entity "${hit.name}"`);
  if (hits.length > 0) {
    console.error(
      `${hits.length} dataset names in the sources: rename them to made-up names (tests), or delete the code that needs them.`,
    );
    process.exit(1);
  }
}
