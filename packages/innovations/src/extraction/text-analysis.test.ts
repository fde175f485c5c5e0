import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { warmUpEvidence, warmUpQuestions } from '../engine/warm-up.js';
import { analyseCandidates, HeuristicExtractor } from './heuristic-extractor.js';
import { AnalysedText, TextAnalysisCache } from './text-analysis.js';

// The engine's warm-up sample: an invented passage and pairs, and sub-questions of every answer type.
const evidence = warmUpEvidence;
const subQuestions = [...warmUpQuestions, warmUpQuestions[0] ?? ''];

describe('TextAnalysisCache', () => {
  it('analyses a passage once across sub-questions, with the same candidates as analysing afresh', () => {
    const cache = new TextAnalysisCache();
    for (const question of subQuestions) {
      const cached = analyseCandidates(question, evidence, { cache });
      const fresh = analyseCandidates(question, evidence);
      expect(cached).toEqual(fresh);
    }
    const { analysed, found, texts } = cache.stats();
    // Every distinct text (title, passage, its sentences, pairs' questions and answers) analysed once.
    const after = cache.stats();
    analyseCandidates(subQuestions[0] ?? '', evidence, { cache });
    expect(cache.stats().analysed).toBe(after.analysed);
    expect(analysed).toBe(texts);
    expect(found).toBeGreaterThan(analysed * (subQuestions.length - 2));
  });

  it("keeps one extractor's analyses for its next calls, and shares none between extractors", async () => {
    const cache = new TextAnalysisCache();
    const extractor = new HeuristicExtractor({ cache });
    expect(extractor.cache).toBe(cache);
    const first = await extractor.extract({ question: 'Where was Tessaly Marrow born?', evidence });
    const analysedOnce = cache.stats().analysed;
    const second = await extractor.extract({ question: 'Where was Tessaly Marrow born?', evidence });
    expect(second).toEqual(first);
    expect(first.answer).toBe('Quillmoor');
    expect(cache.stats().analysed).toBe(analysedOnce);
    const other = new HeuristicExtractor();
    await other.extract({ question: 'Where was Tessaly Marrow born?', evidence });
    expect(other.cache).not.toBe(cache);
    expect(other.cache.stats().analysed).toBe(analysedOnce);
  });

  it('forgets the least recently used text beyond maxTexts', () => {
    const cache = new TextAnalysisCache({ maxTexts: 2 });
    const a = cache.of('Vorn Keep');
    cache.of('Quillmoor');
    expect(cache.of('Vorn Keep')).toBe(a); // now the most recent
    cache.of('Pell Ambry'); // forgets Quillmoor
    expect(cache.of('Vorn Keep')).toBe(a);
    expect(cache.stats()).toEqual({ texts: 2, analysed: 3, found: 2 });
    cache.of('Quillmoor');
    expect(cache.stats().analysed).toBe(4);
  });

  it.each([0, -3, 2.5, Number.NaN])('rejects maxTexts %s with a clear error', (maxTexts) => {
    let thrown: unknown;
    try {
      new TextAnalysisCache({ maxTexts });
    } catch (error) {
      thrown = error;
    }
    expect(isRootweaverError(thrown, 'invalid-config')).toBe(true);
    expect(String(thrown)).toMatch(/positive whole number/);
  });
});

describe('AnalysedText', () => {
  it('computes each question-independent fact once and a remembered value once per key', () => {
    const text = new AnalysedText('Pell Ambry succeeded Tessaly Marrow. He directed the Ashgrove Academy.');
    expect(text.sentences).toEqual([
      'Pell Ambry succeeded Tessaly Marrow.',
      'He directed the Ashgrove Academy.',
    ]);
    expect(text.sentences).toBe(text.sentences);
    expect(text.tokens.has('ambry')).toBe(true);
    expect(text.stems.has('direct')).toBe(true);
    expect(text.words.find((word) => word.word === 'directed')).toMatchObject({
      index: text.text.indexOf('directed'),
      stem: 'direct',
    });
    let computed = 0;
    const compute = () => {
      computed += 1;
      return [computed];
    };
    expect(text.remember('person', compute)).toEqual([1]);
    expect(text.remember('person', compute)).toEqual([1]);
    expect(text.remember('place', compute)).toEqual([2]);
    expect(computed).toBe(2);
  });
});
