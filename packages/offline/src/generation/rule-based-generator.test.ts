import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { annotateEntities } from '../annotation/annotate-entities.js';
import { normaliseText } from '../validation/normalise-text.js';
import { RuleBasedGenerator } from './rule-based-generator.js';

const generator = new RuleBasedGenerator();

function pairsOf(title: string, text: string): Record<string, string[]> {
  const pairs = generator.generateSync({ title }, annotateEntities(text));
  const byQuestion: Record<string, string[]> = {};
  for (const pair of pairs) {
    const answers = byQuestion[pair.question] ?? [];
    answers.push(pair.answer);
    byQuestion[pair.question] = answers;
  }
  return byQuestion;
}

describe('RuleBasedGenerator', () => {
  it('answers every pair from one sentence: a passage of several sentences is no pair of its own', () => {
    const text = 'Vell Harbour is a port town. Its lighthouse was rebuilt by Ana Lund after the storm.';
    const pairs = generator.generateSync({ title: 'Vell Harbour', text }, annotateEntities(text));
    expect(pairs.length).toBeGreaterThan(0);
    const sentences = [
      'Vell Harbour is a port town.',
      'Its lighthouse was rebuilt by Ana Lund after the storm.',
    ];
    for (const pair of pairs) expect(sentences.some((sentence) => sentence.includes(pair.answer))).toBe(true);
  });

  it('turns "X is a 1994 American film directed by Y" into director, year and nationality pairs', () => {
    const pairs = pairsOf(
      'Blue Sky (film)',
      'Blue Sky is a 1994 American drama film directed by Tony Richardson.',
    );
    expect(pairs['Who directed Blue Sky?']).toEqual(['Tony Richardson']);
    expect(pairs['When was Blue Sky released?']).toEqual(['1994']);
    expect(pairs['What nationality is Blue Sky?']).toEqual(['American']);
  });

  it('decontextualises pronouns and "the film" before matching', () => {
    const pairs = pairsOf(
      'Salt Harbour (film)',
      'Salt Harbour premiered in Orlen. It is a 1994 drama film directed by Mara Quill.',
    );
    expect(pairs['Who directed Salt Harbour?']).toEqual(['Mara Quill']);
    const film = pairsOf(
      'Quorral',
      'Quorral is a 2008 film by Odile Marchetti. The film stars Rémi Bellarde and was filmed on location in Tokyo.',
    );
    expect(film['Who directed Quorral?']).toEqual(['Odile Marchetti']);
    expect(film['What is known about Quorral?']).toEqual([
      'The film stars Rémi Bellarde and was filmed on location in Tokyo.',
    ]);
  });

  it('falls back to a question about the title entity with the whole sentence as answer', () => {
    const sentence = 'Borat and Brüno segments appear along with new and unseen interviews.';
    const pairs = pairsOf('Borat Programme', sentence);
    expect(pairs['What is known about Borat Programme?']).toEqual([sentence]);
  });

  it('keeps the source sentence and produces answers that occur in the passage', () => {
    const text =
      'Inception is a 2010 American science fiction film written and directed by Christopher Nolan. It stars Leonardo DiCaprio.';
    const pairs = generator.generateSync({ title: 'Inception' }, annotateEntities(text));
    expect(pairs.length).toBeGreaterThanOrEqual(3);
    for (const pair of pairs) {
      expect(pair.question.endsWith('?')).toBe(true);
      expect(normaliseText(text)).toContain(normaliseText(pair.answer));
      expect(text).toContain(pair.sentence);
    }
  });

  const musique = '../shared/datasets/compactrag/musique/corpus.jsonl';
  let lines: string[] = [];
  try {
    lines = readFileSync(new URL(`../../../../${musique}`, import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(0, 300);
  } catch {
    lines = [];
  }
  it.skipIf(lines.length === 0)(
    `on 300 musique passages the answers are verbatim (skipped without ${musique})`,
    () => {
      let total = 0;
      let verbatim = 0;
      for (const line of lines) {
        const record = JSON.parse(line) as { title: string; text: string };
        for (const pair of generator.generateSync(record, annotateEntities(record.text))) {
          total += 1;
          if (normaliseText(record.text).includes(normaliseText(pair.answer))) verbatim += 1;
        }
      }
      expect(total).toBeGreaterThan(600);
      expect(verbatim / total).toBeGreaterThan(0.95);
    },
  );
});

describe('RuleBasedGenerator subjects', () => {
  it('does not take an opening participle for the subject', () => {
    const pairs = pairsOf(
      'Salt Harbour',
      'Released in 1994, Salt Harbour is a drama film directed by Mara Quill.',
    );
    expect(pairs['Who directed Salt Harbour?']).toEqual(['Mara Quill']);
    expect(Object.keys(pairs).some((question) => question.includes('Released'))).toBe(false);
  });
});
