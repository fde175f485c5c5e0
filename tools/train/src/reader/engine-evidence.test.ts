import { describe, expect, it } from 'vitest';
import { parseEvidenceShare, selectEngineEvidence } from './engine-evidence.js';

const line = (id: string) => JSON.stringify({ id, question: 'Who?', answer: 'Ada Lee', pairs: [] });
const ids = ['qatrain-1', 'qatrain-2', 'qatrain-3', 'qatrain-4'];
const selection = { trainIds: new Set(ids), usedIds: new Set(ids.slice(0, 3)), share: 1, seed: 5 };

describe('parseEvidenceShare', () => {
  it('takes a number from 0 to 1 and refuses anything else, naming the fix', () => {
    expect(parseEvidenceShare('0.5')).toBe(0.5);
    expect(parseEvidenceShare('1')).toBe(1);
    for (const bad of ['2', '-0.1', 'half', ''])
      expect(() => parseEvidenceShare(bad)).toThrow(/needs a number from 0 to 1/);
  });
});

describe('selectEngineEvidence', () => {
  it('keeps the used questions (all at share 1, a seeded, repeatable part of them below)', () => {
    const text = `${ids.map(line).join('\n')}\n`;
    expect(selectEngineEvidence(text, selection).map((record) => record.id)).toEqual(ids.slice(0, 3));
    const half = (seed: number) =>
      selectEngineEvidence(text, { ...selection, share: 0.5, seed }).map((record) => record.id);
    expect(half(5)).toEqual(half(5));
    expect(selectEngineEvidence(text, { ...selection, share: 0 })).toEqual([]);
  });

  it('refuses a question not of the train split and a line that is no record, naming the line', () => {
    expect(() => selectEngineEvidence(`${line('qatrain-1')}\n${line('qavalid-9')}`, selection)).toThrow(
      /line 2 holds qavalid-9, not a qa\/train question/,
    );
    expect(() => selectEngineEvidence('{"id": "qatrain-1"', selection)).toThrow(/line 1 is not an/);
    expect(() => selectEngineEvidence('{"id": "qatrain-1"}', selection)).toThrow(/line 1 is not an/);
  });
});
