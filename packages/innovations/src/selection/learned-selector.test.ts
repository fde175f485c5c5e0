import { RootweaverError, type SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { analyseCandidates, HeuristicExtractor } from '../extraction/heuristic-extractor.js';
import { reliabilityTable } from './calibration-bins.js';
import { LearnedSelector } from './learned-selector.js';
import { candidateFeatureRows, selectorFeatureNames, selectorFeatureVersion } from './selector-features.js';
import {
  calibrate,
  candidateProbabilities,
  parseSelectorModel,
  type SelectorModel,
  scoreRows,
  selectorModelFormat,
  selectorModelFormatVersion,
  softmax,
} from './selector-model.js';

function hit(id: string, question: string, answer: string, passage: string, rank: number): SearchHit {
  return {
    id,
    documentId: id,
    kind: 'qa',
    title: 'Mara Quill',
    question,
    answer,
    passage,
    text: `${question} ${answer}`,
    score: 1 / rank,
    rank,
  };
}

function linearLayer(feature: string, weight: number) {
  return {
    weights: selectorFeatureNames.map((name) => [name === feature ? weight : 0]),
    bias: [0],
    activation: 'linear' as const,
  };
}

/** A linear model with one weight on one feature (everything else 0), standardisation the identity. */
function linearModel(
  feature: string,
  weight: number,
  calibration = { thresholds: [0, 1], values: [0.1, 0.9] },
): SelectorModel {
  const width = selectorFeatureNames.length;
  return {
    format: selectorModelFormat,
    formatVersion: selectorModelFormatVersion,
    featureVersion: selectorFeatureVersion,
    featureNames: selectorFeatureNames,
    version: 'test',
    mean: new Array(width).fill(0),
    scale: new Array(width).fill(1),
    members: [{ layers: [linearLayer(feature, weight)] }],
    calibration: { kind: 'isotonic', ...calibration },
    resolve: {
      threshold: 0.42,
      objective: 'test',
      coverage: 0.5,
      precision: 0.8,
      heuristicAtSameCoverage: { coverage: 0.5, precision: 0.7 },
      heuristic: { threshold: 0.3, coverage: 0.4, precision: 0.8 },
    },
    training: {
      trainedAt: '2020-01-01T00:00:00.000Z',
      library: 'none',
      pairs: 0,
      queries: 0,
      candidates: 0,
      answerable: 0,
      variants: {},
      hyperParameters: {},
      crossValidation: {
        folds: 3,
        top1: 0.5,
        heuristicTop1: 0.4,
        expectedCalibrationError: 0.05,
        candidatesTried: [],
      },
      trainingMs: 0,
    },
  };
}

const evidence = [
  hit(
    'a',
    'Where was Mara Quill born?',
    'Tern Bay',
    'Mara Quill was born in Tern Bay and lived in Orlen City.',
    1,
  ),
  hit('b', 'Where did Mara Quill live?', 'Orlen City', 'Mara Quill lived in Orlen City.', 2),
];

describe('LearnedSelector', () => {
  it('ranks the candidates by its model, not by the heuristic', async () => {
    const heuristic = new HeuristicExtractor().extractSync('Where was Mara Quill born?', evidence);
    expect(heuristic.answer.length).toBeGreaterThan(0);
    // A model that prefers what the heuristic ranks lower: the inverse of the heuristic rank, negated.
    const contrarian = new LearnedSelector({ model: linearModel('heuristic.inverse_rank', -20) });
    const chosen = await contrarian.extract({ question: 'Where was Mara Quill born?', evidence });
    expect(chosen.answer.length).toBeGreaterThan(0);
    expect(chosen.answer).not.toBe(heuristic.answer);
    const agreeing = new LearnedSelector({ model: linearModel('heuristic.inverse_rank', 20) });
    expect((await agreeing.extract({ question: 'Where was Mara Quill born?', evidence })).answer).toBe(
      heuristic.answer,
    );
    expect(agreeing.id).toBe('selector@test');
  });

  it('reports the calibrated chance, not the raw softmax', () => {
    // With calibration 0 → 0.1 and 1 → 0.9, a certain ranker (p ≈ 1) reports ≈ 0.9.
    const selector = new LearnedSelector({ model: linearModel('heuristic.inverse_rank', 50) });
    expect(selector.extractSync('Where was Mara Quill born?', evidence).confidence).toBeCloseTo(0.9, 2);
  });

  it('states its own resolve threshold; the heuristic fallback leaves the engine its own', () => {
    const selector = new LearnedSelector({ model: linearModel('heuristic.inverse_rank', 1) });
    expect(selector.extractSync('Where was Mara Quill born?', evidence).resolveThreshold).toBe(0.42);
    expect(selector.extractSync('Where was Mara Quill born?', []).resolveThreshold).toBeUndefined();
  });

  it('leaves yes/no questions and empty evidence to the heuristic extractor', () => {
    const selector = new LearnedSelector({ model: linearModel('heuristic.inverse_rank', 1) });
    const yes = [hit('y', 'Is Mara Quill a painter?', 'yes', 'Mara Quill is a painter.', 1)];
    expect(selector.extractSync('Is Mara Quill a painter?', yes)).toEqual(
      new HeuristicExtractor().extractSync('Is Mara Quill a painter?', yes),
    );
    expect(selector.extractSync('Where was Mara Quill born?', []).answer).toBe('');
  });
});

describe('selector model files', () => {
  it('computes the logit as the layers say', () => {
    const model = linearModel('signal.type_fit', 2);
    const row = selectorFeatureNames.map((name) => (name === 'signal.type_fit' ? 0.5 : 7));
    const member = model.members[0];
    if (member === undefined) throw new Error('the test model has a member');
    expect(scoreRows(model, member, [row])).toEqual([1]);
  });

  it("averages its members' probabilities (not their logits) and calibrates the average", () => {
    // Two members that disagree: one follows the heuristic's rank, the other its type fit, inverted.
    const first = linearModel('heuristic.inverse_rank', 3);
    const second = linearModel('signal.type_fit', -4);
    const ensemble: SelectorModel = {
      ...first,
      members: [...first.members, ...second.members],
      calibration: { kind: 'isotonic', thresholds: [0, 1], values: [0, 1] },
    };
    const rows = [0, 1, 2].map((candidate) =>
      selectorFeatureNames.map((name) =>
        name === 'heuristic.inverse_rank'
          ? 1 / (candidate + 1)
          : name === 'signal.type_fit'
            ? candidate % 2
            : 0,
      ),
    );
    const alone = ensemble.members.map((member) => softmax(scoreRows(ensemble, member, rows)));
    const average = rows.map(
      (_, candidate) => ((alone[0]?.[candidate] ?? 0) + (alone[1]?.[candidate] ?? 0)) / 2,
    );
    const probabilities = candidateProbabilities(ensemble, rows);
    probabilities.forEach((probability, candidate) => {
      expect(probability).toBeCloseTo(average[candidate] ?? -1, 12);
    });
    // Averaging the logits would give another answer: the test tells the two apart.
    const logitMean = softmax(
      rows.map(
        (_, candidate) =>
          ensemble.members.reduce(
            (sum, member) => sum + (scoreRows(ensemble, member, rows)[candidate] ?? 0),
            0,
          ) / 2,
      ),
    );
    expect(Math.abs((logitMean[0] ?? 0) - (probabilities[0] ?? 0))).toBeGreaterThan(0.01);
    // The selector answers with the average's top candidate, its confidence the (identity) calibration of it.
    const question = 'Where was Mara Quill born?';
    const extraction = new LearnedSelector({ model: ensemble }).extractSync(question, evidence);
    const evidenceRows = candidateFeatureRows(analyseCandidates(question, evidence), evidence.length);
    const perMember = ensemble.members.map((member) => softmax(scoreRows(ensemble, member, evidenceRows)));
    const top = Math.max(
      ...evidenceRows.map(
        (_, candidate) => ((perMember[0]?.[candidate] ?? 0) + (perMember[1]?.[candidate] ?? 0)) / 2,
      ),
    );
    expect(extraction.confidence).toBeCloseTo(top, 3);
    expect(extraction.confidence).not.toBeCloseTo(Math.max(...(perMember[0] ?? [])), 3);
  });

  it('refuses a one-ranker file of format version 2, saying to retrain', () => {
    const { members, ...rest } = linearModel('signal.type_fit', 1);
    const versionTwo = { ...rest, formatVersion: 2, layers: members[0]?.layers };
    expect(() => parseSelectorModel(versionTwo, 'old/selector.json')).toThrow(
      /old\/selector\.json: format version 2, this rootweaver reads 3.*rootweaver index train-selector/,
    );
    // Even with the version number bumped by hand, a file without members is refused.
    expect(() => parseSelectorModel({ ...versionTwo, formatVersion: 3 }, 'old/selector.json')).toThrow(
      /`members` is empty.*train-selector/,
    );
  });

  it('interpolates the isotonic map and holds it flat beyond its ends', () => {
    const calibration = { kind: 'isotonic' as const, thresholds: [0.2, 0.6], values: [0.1, 0.5] };
    expect(calibrate(calibration, 0)).toBe(0.1);
    expect(calibrate(calibration, 0.4)).toBeCloseTo(0.3, 6);
    expect(calibrate(calibration, 0.9)).toBe(0.5);
  });

  it('accepts a model that survives JSON and refuses broken or foreign ones, saying to retrain', () => {
    const model = linearModel('signal.type_fit', 1);
    expect(parseSelectorModel(JSON.parse(JSON.stringify(model))).version).toBe('test');
    const broken: unknown[] = [
      null,
      { ...model, format: 'something-else' },
      { ...model, featureVersion: selectorFeatureVersion + 1 },
      { ...model, featureNames: [...selectorFeatureNames].reverse() },
      { ...model, mean: [1, 2] },
      { ...model, scale: model.scale.map(() => 0) },
      { ...model, members: [{ layers: [{ ...linearLayer('signal.type_fit', 1), activation: 'tanh' }] }] },
      { ...model, members: [...model.members, { layers: [] }] },
      { ...model, members: [] },
      { ...model, calibration: { kind: 'isotonic', thresholds: [0, 1], values: [0, 2] } },
      { ...model, resolve: undefined },
      { ...model, resolve: { ...model.resolve, threshold: 1.5 } },
    ];
    for (const value of broken) {
      expect(() => parseSelectorModel(value, 'x/selector.json')).toThrow(RootweaverError);
      try {
        parseSelectorModel(value, 'x/selector.json');
      } catch (error) {
        expect((error as RootweaverError).code).toBe('store-corrupt');
        expect((error as Error).message).toContain('train-selector');
      }
    }
  });
});

describe('reliabilityTable', () => {
  it('bins confidences and weighs the gap of each bin by its count', () => {
    const table = reliabilityTable(
      [
        { confidence: 0.95, correct: true },
        { confidence: 0.95, correct: false },
        { confidence: 0.15, correct: false },
        { confidence: 0.15, correct: false },
      ],
      10,
    );
    expect(table.bins[9]).toMatchObject({ count: 2, accuracy: 0.5 });
    expect(table.bins[1]).toMatchObject({ count: 2, accuracy: 0 });
    // |0.5 − 0.95| · ½ + |0 − 0.15| · ½
    expect(table.expectedCalibrationError).toBeCloseTo(0.3, 6);
  });
});
