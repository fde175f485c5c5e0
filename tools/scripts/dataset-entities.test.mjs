import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { countryGazetteerPath, defaultDatasetsDirectory, findDatasetEntities } from './dataset-entities.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const datasets = defaultDatasetsDirectory(repositoryRoot);
const datasetsPresent = existsSync(datasets);
if (!datasetsPresent)
  console.warn(`dataset-entities: ${datasets} is absent, so the sources are not checked against it.`);

describe('the sources', () => {
  it.skipIf(!datasetsPresent)(
    'name no entity of the evaluation datasets (titles, dev questions, answers)',
    () => {
      expect(findDatasetEntities(repositoryRoot, datasets)).toEqual([]);
    },
    60_000,
  );
});

describe('findDatasetEntities', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dataset-entities-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const data = path.join(root, 'data');
  write(
    'data/musique/corpus.jsonl',
    `${JSON.stringify({ id: 'p1', title: 'Quorral Harbour Lighthouse', text: '…' })}\n${JSON.stringify({
      id: 'p2',
      title: 'Veltria',
      text: 'a one-word title is too common a word to look for',
    })}\n${JSON.stringify({ id: 'p3', title: 'Republic of Veltria', text: '…' })}\n`,
  );
  write(
    'data/2wiki/questions.dev.jsonl',
    `${JSON.stringify({ id: 'q1', question: 'Who directed Salt and Ember Nights?', answer: 'Odile Marchetti' })}\n`,
  );
  write(countryGazetteerPath, "export const countries = [{ country: 'Republic of Veltria' }];\n");

  it('finds a corpus title, a question’s name and a gold answer in code, comments and tests', () => {
    write('packages/core/src/a.ts', "// as 'Quorral Harbour Lighthouse' shows\nexport const a = 1;\n");
    write('tools/cli/src/b.test.ts', "it('x', () => expect(ask()).toBe('Odile Marchetti'));\n");
    write('packages/core/src/c.ts', '/** "Salt and Ember Nights" is one title. */\n');
    expect(findDatasetEntities(root, data)).toEqual([
      { file: path.join('packages', 'core', 'src', 'a.ts'), name: 'Quorral Harbour Lighthouse' },
      { file: path.join('packages', 'core', 'src', 'c.ts'), name: 'Salt and Ember Nights' },
      { file: path.join('tools', 'cli', 'src', 'b.test.ts'), name: 'Odile Marchetti' },
    ]);
  });

  it('leaves the country gazetteer, a licensed fixture, one-word titles and built output alone', () => {
    const clean = mkdtempSync(path.join(tmpdir(), 'dataset-entities-clean-'));
    try {
      const put = (file, text) => {
        mkdirSync(path.dirname(path.join(clean, file)), { recursive: true });
        writeFileSync(path.join(clean, file), text);
      };
      put(countryGazetteerPath, "export const c = ['Republic of Veltria'];\n");
      put('packages/core/src/d.ts', "// from the 'Republic of Veltria' and Veltria itself\n");
      put(
        'packages/innovations/src/plan/fixtures/records.ts',
        "/** Copied records. Licence: MIT (the source repository). */\nexport const q = 'Odile Marchetti';\n",
      );
      put('packages/core/dist/e.mjs', "export const e = 'Odile Marchetti';\n");
      put('packages/core/src/unlicensed/fixtures/f.ts', "export const f = 'Odile Marchetti';\n");
      expect(findDatasetEntities(clean, data)).toEqual([
        {
          file: path.join('packages', 'core', 'src', 'unlicensed', 'fixtures', 'f.ts'),
          name: 'Odile Marchetti',
        },
      ]);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });

  it('finds nothing when the datasets are absent', () => {
    expect(findDatasetEntities(root, path.join(root, 'no-such-folder'))).toEqual([]);
  });
});
