import type { KnowledgeItem } from '@rootweaver/core';
import { InMemoryStore } from '@rootweaver/core/test';
import { LearnedSelector, parseSelectorModel } from '@rootweaver/innovations';
import { normaliseAnswer } from '@rootweaver/innovations/selection';
import { describe, expect, it } from 'vitest';
import { fitIsotonic } from './fit-isotonic.js';
import { describeEntity, dropWords, reorderWords } from './perturb-question.js';
import { seededRandom } from './seeded-random.js';
import { answerSpanOf, buildSelectorTrainingSet } from './selector-training-set.js';
import { trainIndexSelector } from './train-index-selector.js';
import type { RankerSettings } from './train-selector.js';

const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'vo', 'sa', 'dri', 'nel', 'por', 'quo', 'bex'];
function inventedName(index: number, salt: number): string {
  const pick = (offset: number) => syllables[(index * 7 + offset * 5 + salt) % syllables.length] ?? 'ka';
  const word = (offset: number) => {
    const text = `${pick(offset)}${pick(offset + 1)}${pick(offset + 2)}`;
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  };
  return `${word(0)} ${word(3)}${index}`;
}

const months = ['March', 'June', 'October'];

/** An invented index: people with a birth date, a birthplace and a film they directed, as atomic pairs. */
function inventedPairs(people: number): KnowledgeItem[] {
  const items: KnowledgeItem[] = [];
  for (let index = 0; index < people; index += 1) {
    const person = inventedName(index, 0);
    const town = `${inventedName(index, 3).split(' ')[0]} Bay`;
    const film = `The ${inventedName(index, 6).split(' ')[0]} Road`;
    const date = `${(index % 27) + 1} ${months[index % 3]} ${1900 + index}`;
    const passage = `${person} (born ${date}) is a director from ${town}. ${person} directed "${film}" in ${1950 + index}.`;
    const facts: [string, string][] = [
      [`When was ${person} born?`, date],
      [`Where was ${person} born?`, town],
      [`What film did ${person} direct?`, film],
      [`Who directed ${film}?`, person],
      [`What is ${person}?`, `a director from ${town}`],
    ];
    facts.forEach(([question, answer], fact) => {
      items.push({
        id: `p${index}-f${fact}`,
        documentId: `doc-${index}`,
        kind: 'qa',
        title: person,
        passage,
        question,
        answer,
        text: `${question} ${answer}`,
      });
    });
  }
  return items;
}

const quickGrid: RankerSettings[] = [{ hidden: 0, l2: 1e-3, epochs: 8, learningRate: 0.05, batchSize: 64 }];

describe('question perturbations', () => {
  it('drop a lower-case word after the opening, move a closing phrase, describe the entity', () => {
    const dropped = dropWords('Who directed the famous film Tern Road?', seededRandom(1));
    expect(dropped).toBeDefined();
    expect(dropped?.startsWith('Who directed')).toBe(true);
    expect(dropped?.split(' ').length).toBeLessThan(7);
    expect(dropped).toContain('Tern Road');
    expect(reorderWords('Who won the Orlen Cup in 1990?')).toBe('In 1990, who won the Orlen Cup?');
    expect(reorderWords('Who directed Tern Road?')).toBeUndefined();
    expect(describeEntity('Who directed Tern Road?', 'Tern Road', 'a 1990 drama film')).toBe(
      'Who directed the 1990 drama film?',
    );
    expect(describeEntity('Who directed Vell Days?', 'Tern Road', 'a film')).toBeUndefined();
  });
});

describe('fitIsotonic', () => {
  it('pools violators into a non-decreasing map of the held-out outcomes', () => {
    const calibration = fitIsotonic([
      { score: 0.1, correct: false },
      { score: 0.2, correct: true },
      { score: 0.3, correct: false },
      { score: 0.8, correct: true },
      { score: 0.9, correct: true },
    ]);
    expect(calibration.values).toEqual([0, 0.5, 1]);
    for (let index = 1; index < calibration.values.length; index += 1) {
      expect(calibration.values[index]).toBeGreaterThanOrEqual(calibration.values[index - 1] ?? 0);
      expect(calibration.thresholds[index]).toBeGreaterThan(calibration.thresholds[index - 1] ?? 0);
    }
  });
});

describe('answerSpanOf', () => {
  it('takes a short answer as it is and the one new typed span of a sentence answer', () => {
    const base = { id: 'x', documentId: 'd', kind: 'qa' as const, title: 'Ivo Brand', passage: '', text: '' };
    expect(answerSpanOf({ ...base, question: 'Where was Ivo Brand born?', answer: 'Tern Bay' })).toBe(
      'Tern Bay',
    );
    expect(
      answerSpanOf({
        ...base,
        question: 'When was Ivo Brand born?',
        answer: 'Ivo Brand was born on 6 August 1965.',
      }),
    ).toBe('6 August 1965');
    expect(
      answerSpanOf({ ...base, question: 'What is known about Ivo Brand?', answer: 'Tern Bay' }),
    ).toBeUndefined();
    expect(answerSpanOf({ ...base, question: 'Is Ivo Brand a painter?', answer: 'yes' })).toBeUndefined();
  });
});

describe('selector training on an invented index', () => {
  it('trains, calibrates and writes a selector that parses back and answers', async () => {
    const store = new InMemoryStore({ items: inventedPairs(40) });
    const result = await trainIndexSelector({ store, grid: quickGrid, trainedAt: 'fixed' });
    const model = parseSelectorModel(JSON.parse(JSON.stringify(result.model)));
    expect(model.training.queries).toBeGreaterThan(40);
    expect(model.training.crossValidation.folds).toBe(3);
    expect(model.calibration.values.every((value) => value >= 0 && value <= 1)).toBe(true);
    const selector = new LearnedSelector({ model });
    const person = inventedName(7, 0);
    const hits = (await store.search({ query: `When was ${person} born?`, topK: 5 })).hits;
    expect(selector.extractSync(`When was ${person} born?`, hits).answer).toBe(`8 June 1907`);
  });

  it('says why when there is too little to train on', async () => {
    const store = new InMemoryStore({ items: inventedPairs(2) });
    await expect(trainIndexSelector({ store, grid: quickGrid })).rejects.toThrow(/Too little to train/);
  });

  it('never sees evaluation questions: its labels are index answers and it is the same with or without an eval file', async () => {
    const pairs = inventedPairs(30);
    const store = new InMemoryStore({ items: pairs });
    const search = async (query: string, topK: number) => (await store.search({ query, topK })).hits;
    // Evaluation questions about the same people, with canary answers the index does not hold.
    const evaluation = [0, 1, 2].map((index) => ({
      question: `Which prize did ${inventedName(index, 0)} win?`,
      answer: `Canary Prize ${index}`,
    }));
    const first = await buildSelectorTrainingSet({ pairs, search });
    // Run the "evaluation" (search every eval question) in between: nothing it does may reach training.
    for (const record of evaluation) await search(record.question, 5);
    const second = await buildSelectorTrainingSet({ pairs, search });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const indexAnswers = new Set(pairs.flatMap((pair) => answerSpanOf(pair) ?? []).map(normaliseAnswer));
    const evalAnswers = new Set(evaluation.map((record) => normaliseAnswer(record.answer)));
    const evalQuestions = new Set(evaluation.map((record) => record.question));
    for (const query of first.queries) {
      expect(indexAnswers.has(normaliseAnswer(query.answer))).toBe(true);
      expect(evalAnswers.has(normaliseAnswer(query.answer))).toBe(false);
      expect(evalQuestions.has(query.question)).toBe(false);
    }
    // By construction: the builder's only inputs are the index's pairs and a search over the index.
    expect(buildSelectorTrainingSet.length).toBe(1);
  });
});
