import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractionSetCorpus, titleOfLine } from './extraction-set-corpus.mjs';

describe('titleOfLine', () => {
  it('is the first run of capitalised words, without a leading "The" or a sentence opener alone', () => {
    expect(titleOfLine('Ada Lee founded Gull Press in 1901.')).toBe('Ada Lee');
    expect(titleOfLine('The Tern River flows into the Orlen Sea.')).toBe('Tern River');
    expect(titleOfLine('In 1990, the University of Orlen opened.')).toBe('University of Orlen');
    expect(titleOfLine('it was rebuilt twice.')).toBe('it was rebuilt');
  });
});

describe('extractionSetCorpus', () => {
  it('makes each distinct answer line one passage and each record one single-node question', () => {
    const records = [
      {
        id: '7',
        question: 'Who founded Gull Press?',
        context:
          'Who founded Gull Press?\nAda Lee founded Gull Press.\n\nWhen was Ada Lee born?\nAda Lee was born in 1901.',
        answers: { text: ['Ada Lee'], answer_start: [24] },
      },
      {
        id: '8',
        question: 'When was Ada Lee born?',
        context: 'When was Ada Lee born?\nAda Lee was born in 1901.',
        answers: { text: ['1901'], answer_start: [42] },
      },
    ];
    const { passages, questions } = extractionSetCorpus([{ split: 'valid', records }]);
    expect(passages).toEqual([
      { id: 'qa-p000000', title: 'Ada Lee', text: 'Ada Lee founded Gull Press.' },
      { id: 'qa-p000001', title: 'Ada Lee', text: 'Ada Lee was born in 1901.' },
    ]);
    expect(questions.map((each) => [each.id, each.answer, each.plan])).toEqual([
      ['qavalid-7', 'Ada Lee', [{ index: 0, question: 'Who founded Gull Press?', refs: [] }]],
      ['qavalid-8', '1901', [{ index: 0, question: 'When was Ada Lee born?', refs: [] }]],
    ]);
  });

  it('makes the lines that share a title one passage when asked to group them', () => {
    const records = [
      {
        id: '9',
        question: 'When was Ada Lee born?',
        context:
          'Who founded Gull Press?\nAda Lee founded Gull Press.\n\nWhere is Gull Press?\nGull Press is in Orlen.\n\nWhen was Ada Lee born?\nAda Lee was born in 1901.',
        answers: { text: ['1901'], answer_start: [0] },
      },
    ];
    const { passages } = extractionSetCorpus([{ split: 'test', records }], { groupByTitle: true });
    expect(passages).toEqual([
      { id: 'qa-p000000', title: 'Ada Lee', text: 'Ada Lee founded Gull Press. Ada Lee was born in 1901.' },
      { id: 'qa-p000001', title: 'Gull Press', text: 'Gull Press is in Orlen.' },
    ]);
  });
});

describe('extraction-set-corpus.mjs', () => {
  it('without an output folder says how to call it, exits 2 and writes nothing', () => {
    const script = fileURLToPath(new URL('./extraction-set-corpus.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--group-by-title'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /usage: node tools\/scripts\/extraction-set-corpus\.mjs OUT_DIR \[--group-by-title\]/,
    );
    expect(run.stdout).toBe('');
  });
});
