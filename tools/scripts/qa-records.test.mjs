import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairsOf, readQaSplit } from './qa-records.mjs';

describe('readQaSplit', () => {
  it('names the missing file and where the datasets belong', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'qa-records-'));
    try {
      expect(() => readQaSplit('valid', root)).toThrow(
        /compactrag-train\/qa\/valid\.json does not exist: run from the project's root with \.\.\/shared/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('pairsOf', () => {
  it('cuts a context into its pairs, a block without a question line a bare answer', () => {
    expect(pairsOf('Who founded Gull Press?\nAda Lee founded it.\n\nAda Lee was born in 1901.')).toEqual([
      { question: 'Who founded Gull Press?', answer: 'Ada Lee founded it.' },
      { question: '', answer: 'Ada Lee was born in 1901.' },
    ]);
  });
});
