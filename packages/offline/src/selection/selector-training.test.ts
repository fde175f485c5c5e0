import type { KnowledgeItem } from '@rootweaver/core';
import { seededRandom } from '@rootweaver/core';
import { InMemoryStore } from '@rootweaver/core/test';
import { LearnedSelector, parseSelectorModel, type SelectorModel } from '@rootweaver/innovations';
import { normaliseAnswer } from '@rootweaver/innovations/selection';
import { describe, expect, it } from 'vitest';
import { fitIsotonic } from './fit-isotonic.js';
import { describeEntity, dropWords, reorderWords } from './perturb-question.js';
import { chooseResolvePolicy } from './resolve-policy.js';
import { answerSpanOf, buildSelectorTrainingSet } from './selector-training-set.js';
import { trainIndexSelector } from './train-index-selector.js';
import { memberSeedStride, type RankerSettings } from './train-selector.js';

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

describe('chooseResolvePolicy', () => {
  const points = (pairs: [number, boolean][]) =>
    pairs.map(([confidence, correct]) => ({ confidence, correct }));
  // The selector's held-out outcomes: ≥ 0.9 → 1/1, ≥ 0.7 → 2/2, ≥ 0.5 → 3/3, ≥ 0.4 → 4/5, ≥ 0.2 → 4/6.
  const selector = points([
    [0.9, true],
    [0.7, true],
    [0.5, true],
    [0.4, true],
    [0.4, false],
    [0.2, false],
  ]);
  // The heuristic's, on the same questions: its ranking of confidence is worse.
  const heuristic = points([
    [0.9, false],
    [0.8, true],
    [0.6, true],
    [0.5, false],
    [0.35, true],
    [0.1, true],
  ]);

  it('takes the highest threshold that still resolves the budgeted share of held-out questions', () => {
    const half = chooseResolvePolicy(selector, heuristic, { coverage: 0.5, heuristicThreshold: 0.3 });
    expect(half).toMatchObject({ threshold: 0.5, coverage: 0.5, precision: 1 });
    expect(half.objective).toContain('50 %');
    // The heuristic resolving as many (its 3 most confident) is right 2 times in 3.
    expect(half.heuristicAtSameCoverage.precision).toBeCloseTo(2 / 3, 5);
    expect(half.heuristic).toMatchObject({ threshold: 0.3, precision: 0.6 });
    expect(half.heuristic.coverage).toBeCloseTo(5 / 6, 5);
    // Tied confidences resolve together: 80 % needs the two at 0.4 (5 of 6).
    const most = chooseResolvePolicy(selector, heuristic, { coverage: 0.8, heuristicThreshold: 0.3 });
    expect(most).toMatchObject({ threshold: 0.4, precision: 0.8 });
    expect(chooseResolvePolicy(selector, heuristic, { coverage: 1, heuristicThreshold: 0.3 }).threshold).toBe(
      0.2,
    );
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

/** Films (their own documents) whose directors have documents of their own: a two-hop index. */
function inventedChainPairs(count: number): KnowledgeItem[] {
  return Array.from({ length: count }, (_, index) => {
    const person = inventedName(index, 0);
    const film = `The ${inventedName(index, 6).split(' ')[0]} Road`;
    const date = `${(index % 27) + 1} ${months[index % 3]} ${1900 + index}`;
    const town = `${inventedName(index, 3).split(' ')[0]} Bay`;
    const filmDocument = {
      documentId: `film-${index}`,
      title: film,
      passage: `${film} is a ${1950 + index} film directed by ${person}.`,
    };
    const personDocument = {
      documentId: `person-${index}`,
      title: `${person} (director)`,
      passage: `${person} (born ${date} in ${town}) is a film director.`,
    };
    const facts: [typeof filmDocument, string, string][] = [
      [filmDocument, `Who directed ${film}?`, person],
      [personDocument, `When was ${person} born?`, date],
      [personDocument, `Where was ${person} born?`, town],
    ];
    return facts.map(([document, question, answer], fact) => ({
      ...document,
      id: `${document.documentId}-${fact}`,
      kind: 'qa' as const,
      question,
      answer,
      text: `${question} ${answer}`,
    }));
  }).flat();
}

describe('planner-like training questions', () => {
  it("asks an index's pairs as a planner's grounded and paraphrased sub-questions, with the pair's answer as the label", async () => {
    const pairs = inventedChainPairs(30);
    const store = new InMemoryStore({ items: pairs });
    const set = await buildSelectorTrainingSet({
      pairs,
      search: async (query, topK) => (await store.search({ query, topK })).hits,
      maxPairs: 90,
    });
    const grounded = set.queries.filter((query) => query.variant === 'grounded');
    const paraphrased = set.queries.filter((query) => query.variant === 'paraphrased');
    expect(grounded.length).toBeGreaterThan(5);
    expect(paraphrased.length).toBeGreaterThan(5);
    for (const query of [...grounded, ...paraphrased]) {
      const sources = pairs.filter(
        (pair) =>
          pair.documentId === query.group &&
          normaliseAnswer(pair.answer ?? '') === normaliseAnswer(query.answer),
      );
      expect(sources).toHaveLength(1);
      expect(query.question).not.toBe(sources[0]?.question);
      // The entity is named as another document's pair answers it (the director's name, not the
      // document title with its "(director)"), or kept as the question had it.
      expect(query.question).not.toContain('(director)');
      if (query.group.startsWith('person-'))
        expect(query.question).toContain(inventedName(Number(query.group.slice('person-'.length)), 0));
    }
    // Most of them are answered by the right span: the labels mark it.
    const labelled = grounded.filter((query) => query.labels.includes(1)).length;
    expect(labelled / grounded.length).toBeGreaterThan(0.5);
  });
});

describe('selector training on an invented index', () => {
  it('trains, calibrates and writes a selector that parses back and answers', async () => {
    const store = new InMemoryStore({ items: inventedPairs(40) });
    const result = await trainIndexSelector({ store, grid: quickGrid, trainedAt: 'fixed' });
    const model = parseSelectorModel(JSON.parse(JSON.stringify(result.model)));
    expect(model.training.queries).toBeGreaterThan(40);
    expect(model.training.crossValidation.folds).toBe(3);
    expect(model.members).toHaveLength(3);
    expect(model.calibration.values.every((value) => value >= 0 && value <= 1)).toBe(true);
    const selector = new LearnedSelector({ model });
    const person = inventedName(7, 0);
    const hits = (await store.search({ query: `When was ${person} born?`, topK: 5 })).hits;
    expect(selector.extractSync(`When was ${person} born?`, hits).answer).toBe(`8 June 1907`);
  });

  it('trains a seed ensemble deterministically for a seed, and differently for another', async () => {
    const store = new InMemoryStore({ items: inventedPairs(40) });
    const train = (modelSeed: number) =>
      trainIndexSelector({ store, grid: quickGrid, trainedAt: 'fixed', members: 2, modelSeed });
    const strip = ({ training, ...model }: SelectorModel) => ({
      ...model,
      training: { ...training, trainingMs: 0 },
    });
    const [first, again, other] = [await train(5), await train(5), await train(6)];
    expect(first.model.members).toHaveLength(2);
    expect(first.model.training.ensemble).toMatchObject({ members: 2, seeds: [5, 5 + memberSeedStride] });
    expect(JSON.stringify(strip(again.model))).toBe(JSON.stringify(strip(first.model)));
    // The members differ from each other, and from another seed's; the questions are the same.
    expect(JSON.stringify(first.model.members[0])).not.toBe(JSON.stringify(first.model.members[1]));
    expect(JSON.stringify(other.model.members[0])).not.toBe(JSON.stringify(first.model.members[0]));
    expect(other.model.training.queries).toBe(first.model.training.queries);
    expect(other.model.mean).toEqual(first.model.mean);
    // One member is the single ranker of the same seed.
    const single = await trainIndexSelector({
      store,
      grid: quickGrid,
      trainedAt: 'fixed',
      members: 1,
      modelSeed: 5,
    });
    expect(single.model.members).toEqual([first.model.members[0]]);
    expect(single.model.training.crossValidation.top1).toBe(first.model.training.ensemble?.singleTop1);
    await expect(trainIndexSelector({ store, grid: quickGrid, members: 0 })).rejects.toMatchObject({
      code: 'invalid-input',
    });
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
