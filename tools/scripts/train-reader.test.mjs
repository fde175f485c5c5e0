import { describe, expect, it } from 'vitest';
import { readerTrainingSteps } from './train-reader.mjs';

const names = (steps) => steps.map((step) => step.script.split('/').at(-1));

describe('readerTrainingSteps', () => {
  it('makes the train-split corpus and its engine evidence, then trains on that evidence', () => {
    const steps = readerTrainingSteps(['--seed', '3', '--out', '/x/reader.bin'], '/work/r');
    expect(names(steps)).toEqual(['extraction-set-corpus.mjs', 'engine-evidence.mjs', 'reader-main.js']);
    expect(steps[0].args).toEqual(['/work/r', 'train']);
    expect(steps[1].args).toEqual([
      '/work/r/questions.jsonl',
      '/work/r/corpus.jsonl',
      '/work/r/engine-evidence.jsonl',
    ]);
    expect(steps[2].args).toEqual([
      '--engine-evidence',
      '/work/r/engine-evidence.jsonl',
      '--seed',
      '3',
      '--out',
      '/x/reader.bin',
    ]);
  });

  it('takes --work (either spelling) for itself and passes everything else to the trainer', () => {
    for (const argv of [
      ['--work', '/w', '--trees', '50'],
      ['--work=/w', '--trees', '50'],
    ]) {
      const steps = readerTrainingSteps(argv, '/default');
      expect(steps[0].args).toEqual(['/w', 'train']);
      expect(steps[2].args).toEqual(['--engine-evidence', '/w/engine-evidence.jsonl', '--trees', '50']);
    }
  });

  it('trains on a given evidence file without remaking it', () => {
    const steps = readerTrainingSteps(
      ['--engine-evidence', 'ev.jsonl', '--engine-evidence-share', '1'],
      '/w',
    );
    expect(names(steps)).toEqual(['reader-main.js']);
    expect(steps[0].args).toEqual(['--engine-evidence', 'ev.jsonl', '--engine-evidence-share', '1']);
  });

  it('refuses --work with no directory and --data without an evidence file, naming the fix', () => {
    expect(() => readerTrainingSteps(['--work'], '/w')).toThrow(/--work needs a directory/);
    expect(() => readerTrainingSteps(['--work', '--seed', '2'], '/w')).toThrow(/--work needs a directory/);
    expect(() => readerTrainingSteps(['--data', '/d'], '/w')).toThrow(/give --engine-evidence FILE/);
    expect(readerTrainingSteps(['--data', '/d', '--engine-evidence', 'e'], '/w')).toHaveLength(1);
  });
});
